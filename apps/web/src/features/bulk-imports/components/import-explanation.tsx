import { BULK_IMPORT_CLEAR_MARKER } from '@portal/shared/bulk-imports';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** What a file of this screen loads, in a few lines, and the choices it needs (a category). */
export function ImportExplanation({
  target,
  items,
  children,
}: {
  /** Where the rows go, in words; null while unknown. */
  target: string | null;
  items: string[];
  children?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>What the file loads</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {target && (
          <p className="text-sm">
            Into <span className="font-medium">{target}</span>
          </p>
        )}
        <ul className="grid gap-1.5 pl-5 text-sm">
          {items.map((item) => (
            <li key={item} className="list-disc">
              {item}
            </li>
          ))}
          <li className="list-disc">
            An empty cell keeps what is stored; a cell reading{' '}
            <code className="rounded bg-muted px-1">{BULK_IMPORT_CLEAR_MARKER}</code> erases it.
          </li>
          <li className="list-disc">.xlsx or .csv, up to 10 MB and 50,000 rows.</li>
        </ul>
        {children}
      </CardContent>
    </Card>
  );
}
