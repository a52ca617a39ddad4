/**
 * Times of an event are entered and shown on the event's clock, whatever the organiser's own
 * browser zone: a door in Oslo opens at 09:00 Oslo time even when set up from New York.
 * `datetime-local` inputs hold `YYYY-MM-DDTHH:mm` with no zone; these turn it into an instant and back.
 */

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const partFormats = new Map<string, Intl.DateTimeFormat>();

function wallClock(instant: number, timeZone: string): WallClock {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      // h23: midnight is 00, never the 24 some engines give with hour12: false.
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Minutes the zone is ahead of UTC at an instant (negative west of Greenwich). */
function offsetMinutes(instant: number, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

const pad = (value: number, length = 2) => String(Math.abs(value)).padStart(length, '0');

function offsetText(minutes: number): string {
  if (minutes === 0) return 'Z';
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

/** An instant written as the event's wall-clock time with the event's offset: `2027-03-16T09:00:00+01:00`. */
export function isoInZone(instant: number, timeZone: string): string {
  const wall = wallClock(instant, timeZone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}${offsetText(offsetMinutes(instant, timeZone))}`;
}

/**
 * A `datetime-local` value read on the event's clock, as an ISO date-time with offset; null when
 * the value is not one. A time skipped by a clock change (02:30 on the night clocks go forward)
 * lands on the same wall time an hour later, as a person would read it; a time that happens twice
 * (clocks going back) is read as the second.
 */
export function zonedLocalToIso(local: string, timeZone: string): string | null {
  const match = LOCAL_PATTERN.exec(local);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The zone's offset at the wall time read as UTC is off by at most one clock change: a second
  // look at the instant it gives settles it.
  const first = wall - offsetMinutes(wall, timeZone) * 60_000;
  const instant = wall - offsetMinutes(first, timeZone) * 60_000;
  return isoInZone(instant, timeZone);
}

/** An instant as a `datetime-local` value on the event's clock. */
export function isoToZonedLocal(iso: string, timeZone: string): string {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return '';
  const wall = wallClock(instant, timeZone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** `Europe/Oslo` as people write it: `Europe/Oslo`, underscores as spaces (`America/New York`). */
export function timeZoneName(timeZone: string): string {
  return timeZone.replaceAll('_', ' ');
}

const shortFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment on the event's clock, short: `16 Mar, 09:00`. */
export function formatEventTime(iso: string, timeZone: string): string {
  let format = shortFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, {
      timeZone,
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    shortFormats.set(timeZone, format);
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format.format(date);
}

/** The hour of a moment on the event's clock: `09:00`. */
export function formatEventHour(iso: string, timeZone: string): string {
  const wall = wallClock(Date.parse(iso), timeZone);
  return `${pad(wall.hour)}:${pad(wall.minute)}`;
}
