import type { BulkRowReport } from '@portal/shared/bulk-imports';
import { BULK_SEND_DEFAULT_VALID_DAYS, BULK_SEND_MAX_DAYS_AFTER_EVENT } from '@portal/shared/bulk-send';
import { ValidationError } from '../../lib/errors';
import { ADDRESS_UNAVAILABLE } from '../bulk-imports/plan';
import { bulkSendRowSchema, type BulkSendRow } from '@portal/shared/bulk-send';
import type { SheetRow } from './bulk-send.spreadsheet';

export type CheckedRow = {
  row: number;
  values: SheetRow['values'];
  recipient: BulkSendRow | null;
  errors: BulkRowReport['errors'];
};

/** Each row against the row schema, and every later row of an address already in the file. */
export function checkRows(rows: SheetRow[]): CheckedRow[] {
  const firstRowOf = new Map<string, number>();
  return rows.map(({ row, values, problem }) => {
    if (problem) return { row, values, recipient: null, errors: [{ column: null, message: problem }] };
    const parsed = bulkSendRowSchema.safeParse(values);
    if (!parsed.success) {
      const errors = parsed.error.issues.map((issue) => ({
        column: String(issue.path[0] ?? '') || null,
        message: issue.message,
      }));
      return { row, values, recipient: null, errors };
    }
    const earlier = firstRowOf.get(parsed.data.email);
    if (earlier != null)
      return { row, values, recipient: null, errors: [{ column: 'email', message: `Also in row ${earlier}` }] };
    firstRowOf.set(parsed.data.email, row);
    return { row, values, recipient: parsed.data, errors: [] };
  });
}

/**
 * Marks the rows of addresses that already hold a badge or an open link of the category (alike,
 * whoever's: `ADDRESS_UNAVAILABLE`), then
 * every good row beyond the places left, in file order. `needed` is the places the rows that pass
 * every other check would take.
 */
export function applyEventChecks(
  rows: CheckedRow[],
  {
    withBadge,
    withOpenLink,
    available,
  }: { withBadge: ReadonlySet<string>; withOpenLink: ReadonlySet<string>; available: number },
): { rows: CheckedRow[]; needed: number } {
  let needed = 0;
  const checked = rows.map((row) => {
    if (!row.recipient) return row;
    const email = row.recipient.email;
    let error: string | null = null;
    // One wording for a badge and an open link, whoever's: the sender learns nothing of another's people.
    if (withBadge.has(email) || withOpenLink.has(email)) error = ADDRESS_UNAVAILABLE.badge;
    else if (++needed > available) error = `Over the allocation: ${available} place${available === 1 ? '' : 's'} left`;
    return error ? { ...row, recipient: null, errors: [{ column: 'email', message: error }] } : row;
  });
  return { rows: checked, needed };
}

export function reportRows(rows: CheckedRow[]): BulkRowReport[] {
  return rows
    .filter((checked) => checked.errors.length > 0)
    .map(({ row, errors, values }) => ({ row, action: null, errors, values }));
}

const DAY_MS = 86_400_000;

/** The instant a calendar day (`YYYY-MM-DD`) ends in a time zone: the next day's midnight there. */
export function endOfDayIn(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const midnight = Date.UTC(year, month - 1, date + 1);
  // The zone's offset at that instant, found by reading the instant's wall-clock time there; read
  // again at the corrected instant, where a change of daylight saving time lies between the two.
  const offsetAt = (instant: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      })
        .formatToParts(new Date(instant))
        .map((part) => [part.type, Number(part.value)]),
    ) as Record<string, number>;
    return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - instant;
  };
  const first = midnight - offsetAt(midnight);
  return new Date(midnight - offsetAt(first));
}

/**
 * When a bulk send's links stop working: the time asked for, else the end of the event's last day
 * (or BULK_SEND_DEFAULT_VALID_DAYS from now without one). It must be in the future and no later
 * than BULK_SEND_MAX_DAYS_AFTER_EVENT days after the event's end (or now, when later): a link
 * meant for one show is not left open for years.
 */
export function linkExpiry(
  requested: string | undefined,
  event: { endDate: string | null; timezone: string },
  now = new Date(),
): Date {
  const eventEnd = event.endDate ? endOfDayIn(event.endDate, event.timezone) : null;
  if (!requested) {
    if (!eventEnd) return new Date(now.getTime() + BULK_SEND_DEFAULT_VALID_DAYS * DAY_MS);
    if (eventEnd > now) return eventEnd;
    throw ValidationError.field('expiresAt', 'The event is over: choose until when the links work');
  }
  const expiresAt = new Date(requested);
  if (Number.isNaN(expiresAt.getTime()) || expiresAt <= now)
    throw ValidationError.field('expiresAt', 'Choose a time in the future');
  const from = eventEnd && eventEnd > now ? eventEnd : now;
  const latest = new Date(from.getTime() + BULK_SEND_MAX_DAYS_AFTER_EVENT * DAY_MS);
  if (expiresAt > latest) {
    throw ValidationError.field(
      'expiresAt',
      `Choose a time at most ${BULK_SEND_MAX_DAYS_AFTER_EVENT} days after ${from === eventEnd ? 'the event’s end' : 'today'}, by ${latest.toISOString().slice(0, 10)}`,
    );
  }
  return expiresAt;
}
