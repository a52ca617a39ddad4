import { CloudOffIcon, WifiIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/** Online or not, and how many scans and changes wait on this phone to be sent. */
export function BoothStatus({ online, queued }: { online: boolean; queued: number }) {
  return (
    <p
      className={cn(
        'inline-flex flex-wrap items-center gap-x-2 gap-y-1 rounded-full border px-3 py-1 text-sm',
        online
          ? 'border-border bg-card text-foreground'
          : 'border-amber-500 bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
      )}
      aria-live="polite"
      data-testid="booth-status"
    >
      <span className="inline-flex items-center gap-1 font-semibold">
        {online ? <WifiIcon aria-hidden className="size-4" /> : <CloudOffIcon aria-hidden className="size-4" />}
        {online ? 'Online' : 'Offline'}
      </span>
      <span aria-hidden>·</span>
      <span>{queued === 0 ? 'Everything sent' : `${queued} waiting to send`}</span>
    </p>
  );
}
