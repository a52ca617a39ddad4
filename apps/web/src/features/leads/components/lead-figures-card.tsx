import type { LeadFigures } from '@portal/shared/leads';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount } from '@/lib/format';
import { formatDay } from '../lib/lead-days';

type Bar = { key: string; label: string; value: number };

/**
 * Figures as horizontal bars, each with its label and count in words beside it. The bars are a
 * picture only: screen readers get the same figures as a table.
 */
function BarList({ title, heading, bars }: { title: string; heading: string; bars: readonly Bar[] }) {
  const titleId = useId();
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  return (
    <figure aria-labelledby={titleId} className="grid content-start gap-3">
      <figcaption id={titleId} className="text-sm font-medium">
        {title}
      </figcaption>
      {bars.length === 0 ? (
        <p className="text-sm text-muted-foreground">No leads yet</p>
      ) : (
        <ul aria-hidden className="grid gap-2">
          {bars.map((bar) => (
            <li key={bar.key} className="grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)_auto] items-center gap-2 text-sm">
              <span className="truncate" title={bar.label}>
                {bar.label}
              </span>
              <span className="h-3 rounded-full bg-muted">
                <span
                  className="block h-full rounded-full bg-primary/80"
                  style={{ width: max === 0 ? '0' : `${Math.max(bar.value > 0 ? 3 : 0, (bar.value / max) * 100)}%` }}
                />
              </span>
              <span className="text-right tabular-nums">{formatCount(bar.value)}</span>
            </li>
          ))}
        </ul>
      )}
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{heading}</th>
            <th scope="col">Leads</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.key}>
              <th scope="row">{bar.label}</th>
              <td>{bar.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** How many leads the team has, per day of the show and per staff member. */
export function LeadFiguresCard({ figures }: { figures: LeadFigures }) {
  const perDay = figures.perDay.map((point) => ({ key: point.day, label: formatDay(point.day), value: point.leads }));
  const perScanner = [...figures.perScanner]
    .sort((a, b) => b.leads - a.leads)
    .map((scanner, index) => ({ key: `${scanner.id ?? 'gone'}-${index}`, label: scanner.name, value: scanner.leads }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {formatCount(figures.total)} {figures.total === 1 ? 'lead' : 'leads'}
        </CardTitle>
        <CardDescription>Per day of the show, in the event’s time zone, and per staff member.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <BarList title="Leads per day" heading="Day" bars={perDay} />
        <BarList title="Leads per staff member" heading="Staff member" bars={perScanner} />
      </CardContent>
    </Card>
  );
}
