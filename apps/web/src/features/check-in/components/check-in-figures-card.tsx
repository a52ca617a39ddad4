import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/format';
import { useCheckInFigures } from '../api/figures';
import { HourlyChart, sumByHour } from './hourly-chart';

/**
 * The door's figures in short, for the event view and the dashboard: nothing while they load, fail
 * or the event has no check-in list, so that an event without check-in shows no empty card.
 */
export function CheckInFiguresCard({
  eventId,
  eventName,
  className,
}: {
  eventId: number;
  eventName?: string;
  className?: string;
}) {
  const figures = useCheckInFigures(eventId);
  if (!figures.data || figures.data.lists.length === 0) return null;
  const { lists, timezone } = figures.data;
  const inside = lists.reduce((sum, list) => sum + list.inside, 0);
  const total = lists.reduce((sum, list) => sum + list.total, 0);
  return (
    <Card className={className}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle>Check-in{eventName ? ` · ${eventName}` : ''}</CardTitle>
          <CardDescription>
            {formatCount(inside)} inside now, {formatCount(total)} admitted in total
            {lists.length > 1 ? ` across ${lists.length} lists` : ''}.
          </CardDescription>
        </div>
        <Button asChild size="sm" variant="outline">
          <Link to={paths.eventCheckIn.href({ eventId })}>
            Open check-in
            <ArrowRightIcon aria-hidden />
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        <HourlyChart
          title="Entries per hour, last 24 hours"
          points={sumByHour(lists.map((list) => list.perHour))}
          timeZone={timezone}
        />
      </CardContent>
    </Card>
  );
}
