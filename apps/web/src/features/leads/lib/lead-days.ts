const dayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/**
 * A day of the event (`2027-03-16`, already on the event's clock, as the API counts it) as people
 * read it: `Tue, 16 Mar`. Formatted at UTC midnight so that no zone moves it to the day before.
 */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}
