import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** The outcome of a sign-in screen's request, announced to screen readers: what happened, then what to know. */
export function AuthNotice({
  icon: Icon,
  iconClassName,
  title,
  children,
}: {
  icon: LucideIcon;
  iconClassName: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <div role="status" className="flex gap-3 rounded-lg border bg-card p-4 text-sm text-card-foreground">
      <Icon aria-hidden className={cn('mt-0.5 size-5 shrink-0', iconClassName)} />
      <div className="grid gap-1">
        <p className="font-medium">{title}</p>
        <p className="text-muted-foreground">{children}</p>
      </div>
    </div>
  );
}
