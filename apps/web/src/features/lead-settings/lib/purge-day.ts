/**
 * The day an event's leads are deleted, at 00:00 on the event's clock: the day after its last day
 * (its end date, else its start date) plus the retention, as the API counts it. Null while the
 * event has no dates or the retention is no whole number of days.
 */
export function leadPurgeDay(event: { startDate: string | null; endDate: string | null }, retentionDays: number): string | null {
  const lastDay = event.endDate ?? event.startDate;
  if (!lastDay || !Number.isInteger(retentionDays) || retentionDays < 1) return null;
  // Calendar arithmetic in UTC, where every day has 24 hours: the result is a date, not an instant.
  const day = new Date(`${lastDay}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1 + retentionDays);
  return day.toISOString().slice(0, 10);
}
