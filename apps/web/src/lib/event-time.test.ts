import { describe, expect, it } from 'vitest';
import { isoToZonedLocal, zonedLocalToIso } from './event-time';

describe('event time', () => {
  it('reads a wall-clock time on the event’s clock, in winter and in summer', () => {
    expect(zonedLocalToIso('2027-01-16T09:00', 'Europe/Oslo')).toBe('2027-01-16T09:00:00+01:00');
    expect(zonedLocalToIso('2027-06-16T09:00', 'Europe/Oslo')).toBe('2027-06-16T09:00:00+02:00');
    expect(zonedLocalToIso('2027-03-16T09:00', 'America/New_York')).toBe('2027-03-16T09:00:00-04:00');
    expect(zonedLocalToIso('2027-03-13T23:30', 'America/New_York')).toBe('2027-03-13T23:30:00-05:00');
    expect(zonedLocalToIso('2027-03-16T09:00', 'Asia/Kolkata')).toBe('2027-03-16T09:00:00+05:30');
    expect(zonedLocalToIso('2027-03-16T09:00', 'UTC')).toBe('2027-03-16T09:00:00Z');
  });

  it('names the same instant whatever the zone', () => {
    const oslo = Date.parse(zonedLocalToIso('2027-03-16T09:00', 'Europe/Oslo')!);
    expect(new Date(oslo).toISOString()).toBe('2027-03-16T08:00:00.000Z');
  });

  it('moves a time the clocks skip to the hour after, as a person reads it', () => {
    // Clocks in Oslo go from 02:00 to 03:00 on 28 March 2027.
    expect(zonedLocalToIso('2027-03-28T02:30', 'Europe/Oslo')).toBe('2027-03-28T03:30:00+02:00');
  });

  it('shows an instant as the event’s wall-clock time and back', () => {
    expect(isoToZonedLocal('2027-03-16T08:00:00Z', 'Europe/Oslo')).toBe('2027-03-16T09:00');
    expect(isoToZonedLocal('2027-03-16T00:30:00Z', 'America/New_York')).toBe('2027-03-15T20:30');
    expect(zonedLocalToIso(isoToZonedLocal('2027-03-16T08:00:00Z', 'Europe/Oslo'), 'Europe/Oslo')).toBe(
      '2027-03-16T09:00:00+01:00',
    );
  });

  it('reads an hour that happens twice (clocks going back) as the second one', () => {
    expect(zonedLocalToIso('2027-10-31T02:15', 'Europe/Oslo')).toBe('2027-10-31T02:15:00+01:00');
  });

  it('refuses what is not a datetime-local value', () => {
    expect(zonedLocalToIso('', 'Europe/Oslo')).toBeNull();
    expect(zonedLocalToIso('16/03/2027 09:00', 'Europe/Oslo')).toBeNull();
  });
});
