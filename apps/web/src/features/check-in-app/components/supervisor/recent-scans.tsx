import { CHECK_IN_RESULT_LABELS, type CheckInLogEntry } from '@portal/shared/check-in';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { Station } from '../../lib/station';
import { useDeviceData } from '../../lib/use-device-data';

function time(iso: string, timeZone: string) {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hour12: false }).format(
    new Date(iso),
  );
}

function UndoForm({ entry, station, onDone }: { entry: CheckInLogEntry; station: Station; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setError('Say why the check-in is undone');
    setPending(true);
    try {
      await station.request('/check-in/undo', { method: 'POST', body: { checkInId: entry.id, reason: reason.trim() } });
      onDone();
    } catch (cause) {
      setError((cause as Error).message);
      setPending(false);
    }
  }
  const id = `undo-${entry.id}`;
  return (
    <form onSubmit={submit} className="mt-2 flex flex-wrap items-end gap-2" noValidate>
      <div className="grid min-w-48 flex-1 gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          Why undo it?
        </label>
        <Input
          id={id}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <Button type="submit" variant="destructive" size="sm" disabled={pending}>
        Undo check-in
      </Button>
      {error && (
        <p id={`${id}-error`} className="w-full text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}

/** The list's last scans (a supervisor sees every device's), with Undo for a check-in made in error. */
export function RecentScans({
  station,
  listId,
  timeZone,
  refreshKey,
}: {
  station: Station;
  listId: number;
  timeZone: string;
  refreshKey: unknown;
}) {
  const recent = useDeviceData<CheckInLogEntry[]>(station, `/check-in/recent?listId=${listId}`, refreshKey);
  const [undoing, setUndoing] = useState<number | null>(null);
  if (recent.error && !recent.data)
    return <p className="text-sm text-muted-foreground">Recent scans need a connection. {recent.error}</p>;
  if (!recent.data) return <p className="text-sm text-muted-foreground">Loading recent scans…</p>;
  if (recent.data.length === 0) return <p className="text-sm text-muted-foreground">No scans on this list yet.</p>;
  return (
    <ul className="divide-y rounded-md border">
      {recent.data.map((entry) => (
        <li key={entry.id} className="p-3">
          <div className="flex items-center justify-between gap-3">
            <div className="min-w-0">
              <p className="truncate font-medium">{entry.holderName ?? entry.code}</p>
              <p className="text-sm text-muted-foreground">
                {time(entry.scannedAt, timeZone)} · {entry.direction === 'exit' ? 'Exit · ' : ''}
                {entry.undoneAt ? `Undone: ${entry.undoReason ?? ''}` : CHECK_IN_RESULT_LABELS[entry.result]}
                {entry.deviceName ? ` · ${entry.deviceName}` : ''}
              </p>
            </div>
            {entry.result === 'admitted' && !entry.undoneAt && undoing !== entry.id && (
              <Button size="sm" variant="outline" onClick={() => setUndoing(entry.id)}>
                Undo
              </Button>
            )}
          </div>
          {undoing === entry.id && (
            <UndoForm
              entry={entry}
              station={station}
              onDone={() => {
                setUndoing(null);
                recent.reload();
                void station.refreshRoster();
              }}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
