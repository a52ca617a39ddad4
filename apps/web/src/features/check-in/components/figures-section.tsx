import type { CheckInFigures } from '@portal/shared/check-in';
import { ChartColumnIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useCheckInFigures } from '../api/figures';
import { HourlyChart, sumByHour } from './hourly-chart';

/** Per list, who is inside and how many came, and the last day's entries per hour; refreshed every 30 seconds. */
export function FiguresSection({ eventId }: { eventId: number }) {
  const figures = useCheckInFigures(eventId);
  if (figures.isPending) {
    return (
      <div aria-hidden className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton rounded="xl" className="h-28" />
        <Skeleton rounded="xl" className="h-28" />
      </div>
    );
  }
  if (figures.isError) {
    return (
      <Card>
        <EmptyState
          icon={ChartColumnIcon}
          title="The figures could not be loaded"
          description={errorMessage(figures.error, 'They are tried again every 30 seconds.')}
        />
      </Card>
    );
  }
  if (figures.data.lists.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={ChartColumnIcon}
          title="No figures yet"
          description="Figures appear once the event has a check-in list."
        />
      </Card>
    );
  }
  return <FiguresView figures={figures.data} />;
}

export function FiguresView({ figures }: { figures: CheckInFigures }) {
  return (
    <div className="grid gap-4">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Figures per list">
        {figures.lists.map((list) => (
          <li key={list.listId}>
            <Card className="p-5">
              <p className="text-sm font-medium">{list.name}</p>
              <dl className="mt-3 grid grid-cols-2 gap-3">
                <div>
                  <dt className="text-xs text-muted-foreground">Inside now</dt>
                  <dd className="text-3xl font-semibold tracking-tight tabular-nums">{formatCount(list.inside)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">Admitted in total</dt>
                  <dd className="text-3xl font-semibold tracking-tight tabular-nums">{formatCount(list.total)}</dd>
                </div>
              </dl>
            </Card>
          </li>
        ))}
      </ul>
      <Card>
        <CardContent className="pt-5">
          <HourlyChart
            title="Entries per hour, last 24 hours"
            points={sumByHour(figures.lists.map((list) => list.perHour))}
            timeZone={figures.timezone}
          />
        </CardContent>
      </Card>
      <p className="text-xs text-muted-foreground">Refreshed every 30 seconds.</p>
    </div>
  );
}
