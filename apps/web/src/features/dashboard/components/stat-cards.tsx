import type { DashboardSummary } from '@portal/shared/dashboard';
import { CalendarDaysIcon, ClockIcon, IdCardIcon, StoreIcon, type LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount } from '@/lib/format';
import { cn } from '@/lib/utils';

type Stat = { key: keyof DashboardSummary['stats']; label: string; hint: string; icon: LucideIcon; tone: string };

const STATS: Stat[] = [
  {
    key: 'events',
    label: 'Events',
    hint: 'Events you can see',
    icon: CalendarDaysIcon,
    tone: 'bg-indigo-500/12 text-indigo-600 dark:text-indigo-300',
  },
  {
    key: 'exhibitors',
    label: 'Exhibitors',
    hint: 'Exhibiting companies',
    icon: StoreIcon,
    tone: 'bg-sky-500/12 text-sky-600 dark:text-sky-300',
  },
  {
    key: 'badges',
    label: 'Badges',
    hint: 'Badges registered',
    icon: IdCardIcon,
    tone: 'bg-emerald-500/12 text-emerald-600 dark:text-emerald-300',
  },
  {
    key: 'pendingPurchases',
    label: 'Pending purchases',
    hint: 'Awaiting approval or payment',
    icon: ClockIcon,
    tone: 'bg-amber-500/14 text-amber-700 dark:text-amber-300',
  },
];

export function StatCards({ stats, failed }: { stats: DashboardSummary['stats'] | undefined; failed: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {STATS.map(({ key, label, hint, icon: Icon, tone }) => (
        <Card key={key} className="p-5">
          <div className="flex items-start justify-between gap-3">
            <div>
              <p className="text-sm font-medium text-muted-foreground">{label}</p>
              {stats ? (
                <p className="mt-2 text-3xl font-semibold tracking-tight tabular-nums">{formatCount(stats[key])}</p>
              ) : failed ? (
                <p className="mt-2 text-3xl font-semibold text-muted-foreground">—</p>
              ) : (
                <Skeleton className="mt-3 h-8 w-16" />
              )}
            </div>
            <span className={cn('flex size-10 items-center justify-center rounded-lg', tone)}>
              <Icon aria-hidden className="size-5" />
            </span>
          </div>
          <p className="mt-3 text-xs text-muted-foreground">{hint}</p>
        </Card>
      ))}
    </div>
  );
}
