import { CHECK_IN_RESULT_LABELS, type CheckInLogEntry } from '@portal/shared/check-in';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { Station } from '../../lib/station';
import { useDeviceData } from '../../lib/use-device-data';

/**
 * Scans a device admitted offline that the server judged otherwise (the badge was cancelled, or
 * checked in at another door meanwhile). The person is inside: "Resolve" records that someone looked.
 */
export function Conflicts({
  station,
  timeZone,
  refreshKey,
}: {
  station: Station;
  timeZone: string;
  refreshKey: unknown;
}) {
  const conflicts = useDeviceData<CheckInLogEntry[]>(station, '/check-in/conflicts', refreshKey);
  const [error, setError] = useState<string | null>(null);
  async function resolve(id: number) {
    setError(null);
    try {
      await station.request(`/check-in/conflicts/${id}/resolve`, { method: 'POST' });
      conflicts.reload();
    } catch (cause) {
      setError((cause as Error).message);
    }
  }
  if (conflicts.error && !conflicts.data)
    return <p className="text-sm text-muted-foreground">Conflicts need a connection. {conflicts.error}</p>;
  if (!conflicts.data) return <p className="text-sm text-muted-foreground">Loading conflicts…</p>;
  if (conflicts.data.length === 0) return <p className="text-sm text-muted-foreground">No open conflicts.</p>;
  const at = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hour12: false });
  return (
    <div className="grid gap-2">
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <ul className="divide-y rounded-md border">
        {conflicts.data.map((entry) => (
          <li key={entry.id} className="flex items-center justify-between gap-3 p-3">
            <div className="min-w-0">
              <p className="truncate font-medium">{entry.holderName ?? entry.code}</p>
              <p className="text-sm text-muted-foreground">
                Admitted offline at {at.format(new Date(entry.scannedAt))}
                {entry.deviceName ? ` by ${entry.deviceName}` : ''}; the server says:{' '}
                {CHECK_IN_RESULT_LABELS[entry.result]}
                {entry.reason ? ` (${entry.reason})` : ''}
              </p>
            </div>
            <Button size="sm" variant="outline" onClick={() => void resolve(entry.id)}>
              Resolve
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
