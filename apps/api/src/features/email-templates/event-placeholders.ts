import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { events } from '../../db/schema/events';

// Mails are read anywhere: one fixed, unambiguous English form rather than the server's locale.
const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** A calendar day (YYYY-MM-DD) as mails write it: `12 May 2026`. */
export const formatMailDay = (value: string) => dayFormat.format(new Date(`${value}T00:00:00Z`));

/** `12 May 2026 – 14 May 2026`, one date when both are the same, empty when neither is known. */
export function formatEventDates(start: string | null, end: string | null): string {
  if (start && end) return start === end ? formatMailDay(start) : `${formatMailDay(start)} – ${formatMailDay(end)}`;
  return start ? formatMailDay(start) : end ? formatMailDay(end) : '';
}

/** `{{eventName}}` and `{{eventDates}}` of an event; empty strings for a mail without one. */
export async function eventPlaceholderValues(
  db: Database,
  eventId: number | null,
): Promise<{ eventName: string; eventDates: string }> {
  if (eventId == null) return { eventName: '', eventDates: '' };
  const [row] = await db
    .select({ name: events.name, startDate: events.startDate, endDate: events.endDate })
    .from(events)
    .where(eq(events.id, eventId));
  return { eventName: row?.name ?? '', eventDates: row ? formatEventDates(row.startDate, row.endDate) : '' };
}
