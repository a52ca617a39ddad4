import { describe, expect, it } from 'vitest';
import { leadPurgeDay } from './purge-day';

describe('the day leads are purged', () => {
  it('counts from the day after the event’s last day, across months and a leap day', () => {
    expect(leadPurgeDay({ startDate: '2027-05-08', endDate: '2027-05-10' }, 60)).toBe('2027-07-10');
    expect(leadPurgeDay({ startDate: '2028-02-27', endDate: '2028-02-28' }, 1)).toBe('2028-03-01');
    expect(leadPurgeDay({ startDate: '2027-12-30', endDate: '2027-12-31' }, 730)).toBe('2029-12-31');
  });

  it('falls back to the start date, and gives nothing without dates or days', () => {
    expect(leadPurgeDay({ startDate: '2027-01-15', endDate: null }, 60)).toBe('2027-03-17');
    expect(leadPurgeDay({ startDate: null, endDate: null }, 60)).toBeNull();
    for (const days of [0, -1, 1.5, Number.NaN]) expect(leadPurgeDay({ startDate: '2027-01-15', endDate: null }, days)).toBeNull();
  });
});
