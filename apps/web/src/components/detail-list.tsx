import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A record's fields as label and value pairs, two columns from small screens up. */
export function DetailList({ className, children }: { className?: string; children: ReactNode }) {
  return <dl className={cn('grid gap-4 text-sm sm:grid-cols-2', className)}>{children}</dl>;
}

export function Detail({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn('grid content-start gap-1', wide && 'sm:col-span-2')}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}
