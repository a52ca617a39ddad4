import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { formatEventTime } from '@/lib/event-time';
import { formatCount } from '@/lib/format';
import { useLeadExports } from '../api/get-lead-exports';

/** Every export of the team's leads, newest first: who made it, when, in which format, how many rows. */
export function ExportLogCard({ timeZone }: { timeZone: string }) {
  const log = useLeadExports({ enabled: true });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Export log</CardTitle>
        <CardDescription>Every download of your leads is recorded, by you or your sub-accounts.</CardDescription>
      </CardHeader>
      {log.isPending ? (
        <CardContent className="text-sm text-muted-foreground">Loading…</CardContent>
      ) : log.isError ? (
        <CardContent className="text-sm text-destructive">
          {errorMessage(log.error, 'The export log could not be loaded.')}
        </CardContent>
      ) : log.data.length === 0 ? (
        <CardContent className="text-sm text-muted-foreground">No exports yet.</CardContent>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>When</TableHead>
              <TableHead>Who</TableHead>
              <TableHead>Format</TableHead>
              <TableHead className="text-right">Rows</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {log.data.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell className="whitespace-nowrap tabular-nums">
                  <time dateTime={entry.createdAt}>{formatEventTime(entry.createdAt, timeZone)}</time>
                </TableCell>
                <TableCell>{entry.byName}</TableCell>
                <TableCell>.{entry.format}</TableCell>
                <TableCell className="text-right tabular-nums">{formatCount(entry.rows)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}
