import { CloudOffIcon, WifiIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * A scanner's line of state, read out as it changes: online or not, and how much waits on this
 * device to be sent (`allSent` words none). `children` adds parts of the scanner's own.
 */
export function ConnectionPill({
  online,
  queued,
  allSent,
  testId,
  children,
}: {
  online: boolean;
  queued: number;
  allSent: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <p
      className={cn(
        'inline-flex flex-wrap items-center gap-x-2 gap-y-1 rounded-full border px-3 py-1 text-sm',
        online
          ? 'border-border bg-card text-foreground'
          : 'border-amber-500 bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
      )}
      aria-live="polite"
      data-testid={testId}
    >
      <span className="inline-flex items-center gap-1 font-semibold">
        {online ? <WifiIcon aria-hidden className="size-4" /> : <CloudOffIcon aria-hidden className="size-4" />}
        {online ? 'Online' : 'Offline'}
      </span>
      <span aria-hidden>·</span>
      <span>{queued === 0 ? allSent : `${queued} waiting to send`}</span>
      {children}
    </p>
  );
}
