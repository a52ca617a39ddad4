import { useEffect, useState } from 'react';
import { ConnectionPill } from '@/components/scanning/connection-pill';

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
    <ConnectionPill online={online} queued={queued} allSent="All scans sent" testId="status-pill">
      <span aria-hidden>·</span>
      <span>{age(rosterFetchedAt, now)}</span>
    </ConnectionPill>
  );
}
