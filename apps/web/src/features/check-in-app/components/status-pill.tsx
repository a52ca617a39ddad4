import { CloudOffIcon, WifiIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/utils';

function age(fetchedAt: string | null, now: number): string {
  if (!fetchedAt) return 'No list on this device yet';
  const minutes = Math.floor((now - Date.parse(fetchedAt)) / 60_000);
  if (minutes < 1) return 'List up to date';
  if (minutes < 60) return `List from ${minutes} min ago`;
  return `List from ${Math.floor(minutes / 60)} h ago`;
}

/** Online or not, how many scans wait to be sent, and how old the device's copy of the list is. */
export function StatusPill({
  online,
  queued,
  rosterFetchedAt,
}: {
  online: boolean;
  queued: number;
  rosterFetchedAt: string | null;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p
      className={cn(
        'inline-flex flex-wrap items-center gap-x-2 gap-y-1 rounded-full border px-3 py-1 text-sm',
        online
          ? 'border-border bg-card text-foreground'
          : 'border-amber-500 bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
      )}
      aria-live="polite"
      data-testid="status-pill"
    >
      <span className="inline-flex items-center gap-1 font-semibold">
        {online ? <WifiIcon aria-hidden className="size-4" /> : <CloudOffIcon aria-hidden className="size-4" />}
        {online ? 'Online' : 'Offline'}
      </span>
      <span aria-hidden>·</span>
      <span>{queued === 0 ? 'All scans sent' : `${queued} waiting to send`}</span>
      <span aria-hidden>·</span>
      <span>{age(rosterFetchedAt, now)}</span>
    </p>
  );
}
