import { useId } from 'react';
import { formatEventHour, formatEventTime, timeZoneName } from '@/lib/event-time';
import { formatCount } from '@/lib/format';

export type HourlyPoint = { hour: string; entries: number };

const HOUR_MS = 3_600_000;

/** The lists' hours added together, oldest first; an hour no list names counts as none, so the bars keep time. */
export function sumByHour(series: readonly (readonly HourlyPoint[])[]): HourlyPoint[] {
  const totals = new Map<number, number>();
  for (const points of series) {
    for (const point of points) {
      const hour = Date.parse(point.hour);
      totals.set(hour, (totals.get(hour) ?? 0) + point.entries);
    }
  }
  if (totals.size === 0) return [];
  const first = Math.min(...totals.keys());
  const last = Math.max(...totals.keys());
  const hours: HourlyPoint[] = [];
  for (let hour = first; hour <= last; hour += HOUR_MS) {
    hours.push({ hour: new Date(hour).toISOString(), entries: totals.get(hour) ?? 0 });
  }
  return hours;
}

type HourlyChartProps = { title: string; points: readonly HourlyPoint[]; timeZone: string };

/**
 * Entries per hour as bars. The bars are a picture only: screen readers get the same figures as a
 * table, and the title and peak in words.
 */
export function HourlyChart({ title, points, timeZone }: HourlyChartProps) {
  const titleId = useId();
  const max = Math.max(0, ...points.map((point) => point.entries));
  const total = points.reduce((sum, point) => sum + point.entries, 0);
  const peak = points.find((point) => point.entries === max && max > 0);
  // Every third hour labelled, so that 24 labels never crowd a phone screen.
  const labelEvery = points.length > 12 ? 3 : 1;
  return (
    <figure aria-labelledby={titleId} className="grid gap-3">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span id={titleId} className="text-sm font-medium">
          {title}
        </span>
        <span className="text-xs text-muted-foreground">
          {total === 0
            ? 'No entries yet'
            : `${formatCount(total)} ${total === 1 ? 'entry' : 'entries'}${peak ? `, busiest ${formatEventHour(peak.hour, timeZone)} (${formatCount(peak.entries)})` : ''}`}{' '}
          · {timeZoneName(timeZone)} time
        </span>
      </figcaption>
      <div aria-hidden className="grid gap-1">
        <div className="flex h-36 items-end gap-px border-b border-border sm:gap-0.5">
          {points.map((point) => (
            <div
              key={point.hour}
              title={`${formatEventHour(point.hour, timeZone)}: ${formatCount(point.entries)}`}
              className="flex-1 rounded-t-sm bg-primary/80 transition-[height] hover:bg-primary"
              style={{
                height: max === 0 ? '0' : `${Math.max(point.entries > 0 ? 2 : 0, (point.entries / max) * 100)}%`,
              }}
            />
          ))}
        </div>
        <div className="flex gap-px text-[10px] text-muted-foreground tabular-nums sm:gap-0.5">
          {points.map((point, index) => (
            <span key={point.hour} className="flex-1 overflow-visible text-left whitespace-nowrap">
              {index % labelEvery === 0 ? formatEventHour(point.hour, timeZone) : ''}
            </span>
          ))}
        </div>
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Hour starting</th>
            <th scope="col">Entries</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.hour}>
              <th scope="row">{formatEventTime(point.hour, timeZone)}</th>
              <td>{point.entries}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
