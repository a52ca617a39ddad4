import { BULK_IMPORT_TIMEOUT_MS } from '@portal/shared/bulk-imports';
import { useEffect, useState } from 'react';

/**
 * An indeterminate bar with the seconds gone: the server answers once, when every row is written,
 * so there is no share done to show; the time says it is still working and how long it may take.
 */
export function ImportProgress({ label }: { label: string }) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="grid gap-2 rounded-md border bg-muted/30 p-4" role="status">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground tabular-nums" aria-hidden>
          {seconds} s
        </span>
      </div>
      {/* No aria-valuenow: an indeterminate progress bar. */}
      <div role="progressbar" aria-label={label} className="h-2 overflow-hidden rounded-full bg-primary/15">
        <div className="h-full w-full animate-pulse rounded-full bg-primary/70" />
      </div>
      <p className="text-xs text-muted-foreground">
        Keep this page open. The portal waits up to {BULK_IMPORT_TIMEOUT_MS / 1000} s; all rows are written, or none.
      </p>
    </div>
  );
}
