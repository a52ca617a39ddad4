import type { PublicRegistrationLink } from '@portal/shared/registration-links';
import { CalendarDaysIcon, MapPinIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { BrandMark } from '@/components/layout/brand-mark';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDateRange } from '@/lib/format';

/** The public registration page's frame: the event's fixed information above, the powered-by line below. */
export function RegistrationFrame({
  event,
  kind = 'exhibitor',
  title,
  children,
}: {
  event: PublicRegistrationLink['event'] | null;
  kind?: PublicRegistrationLink['kind'];
  title: string;
  children: ReactNode;
}) {
  useDocumentTitle(event ? `${title} · ${event.name}` : title);
  const dates = event ? formatDateRange(event.startDate, event.endDate) : null;
  const place = event ? [event.venue, event.city, event.country].filter(Boolean).join(', ') : '';
  return (
    <div className="min-h-dvh bg-muted/40 px-4 py-8 sm:py-12">
      <main className="mx-auto w-full max-w-2xl">
        {event && (
          <header className="overflow-hidden rounded-t-xl bg-gradient-to-br from-indigo-600 to-violet-700 p-6 text-white sm:p-8">
            <p className="text-sm font-medium text-white/75">
              {kind === 'badge' ? 'Badge registration' : 'Exhibitor registration'}
            </p>
            <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words sm:text-3xl">{event.name}</h1>
            <div className="mt-4 flex flex-col gap-2 text-sm text-white/90 sm:flex-row sm:flex-wrap sm:gap-x-6">
              {dates && (
                <span className="flex items-center gap-2">
                  <CalendarDaysIcon aria-hidden className="size-4 shrink-0" />
                  {dates}
                </span>
              )}
              {place && (
                <span className="flex items-center gap-2">
                  <MapPinIcon aria-hidden className="size-4 shrink-0" />
                  {place}
                </span>
              )}
            </div>
          </header>
        )}
        <div className={event ? 'rounded-b-xl border border-t-0 bg-card p-6 shadow-sm sm:p-8' : ''}>{children}</div>
        <p className="mt-6 flex items-center justify-center gap-2 text-xs text-muted-foreground">
          <BrandMark size="sm" />
          Powered by Exhibitor Portal
        </p>
      </main>
    </div>
  );
}
