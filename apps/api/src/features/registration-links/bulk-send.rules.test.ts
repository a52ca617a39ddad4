import { describe, expect, it } from 'vitest';
import { applyEventChecks, checkRows, endOfDayIn, linkExpiry, reportRows } from './bulk-send.rules';

const row = (row: number, email: string, firstName = 'A', lastName = 'B') => ({
  row,
  values: { email, firstName, lastName },
});

describe('bulk send rows', () => {
  it('normalises addresses and reports a repeated one at its later rows', () => {
    const checked = checkRows([row(2, ' Ada@Example.org '), row(3, 'ada@example.org'), row(4, 'bo@example.org')]);
    expect(checked.map((c) => c.recipient?.email ?? null)).toEqual(['ada@example.org', null, 'bo@example.org']);
    expect(reportRows(checked)).toEqual([
      {
        row: 3,
        action: null,
        errors: [{ column: 'email', message: 'Also in row 2' }],
        values: row(3, 'ada@example.org').values,
      },
    ]);
  });

  it('gives the places left to the first good rows, in file order', () => {
    const checked = checkRows([
      row(2, 'a@x.org'),
      row(3, 'bad'),
      row(4, 'b@x.org'),
      row(5, 'c@x.org'),
      row(6, 'd@x.org'),
    ]);
    const { rows: placed, needed } = applyEventChecks(checked, {
      withBadge: new Set(['b@x.org']),
      withOpenLink: new Set(),
      available: 2,
    });
    expect(needed).toBe(3);
    expect(reportRows(placed).map((r) => [r.row, r.errors[0]!.message])).toEqual([
      [3, 'Enter a valid email address'],
      [4, 'This address cannot be used in this badge category; use another address'],
      [6, 'Over the allocation: 2 places left'],
    ]);
  });
});

describe('bulk send link expiry', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  const event = { endDate: '2026-06-12', timezone: 'Europe/Oslo' };
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return (error as { details?: { field: string; message: string }[] }).details?.[0];
    }
    return undefined;
  };

  it('ends a day at the next midnight of the event’s time zone, daylight saving time included', () => {
    expect(endOfDayIn('2026-06-12', 'Europe/Oslo').toISOString()).toBe('2026-06-12T22:00:00.000Z');
    expect(endOfDayIn('2026-03-29', 'Europe/Oslo').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(endOfDayIn('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(endOfDayIn('2026-12-31', 'UTC').toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('defaults to the end of the event’s last day, or 30 days without one', () => {
    expect(linkExpiry(undefined, event, now).toISOString()).toBe('2026-06-12T22:00:00.000Z');
    expect(linkExpiry(undefined, { endDate: null, timezone: 'UTC' }, now).toISOString()).toBe('2026-05-31T12:00:00.000Z');
    expect(refusal(() => linkExpiry(undefined, { ...event, endDate: '2026-04-30' }, now))).toEqual({
      field: 'expiresAt',
      message: 'The event is over: choose until when the links work',
    });
  });

  it('takes a time in the future up to a year after the event’s end, and refuses the rest naming expiresAt', () => {
    expect(linkExpiry('2026-05-20T10:00:00+02:00', event, now).toISOString()).toBe('2026-05-20T08:00:00.000Z');
    expect(linkExpiry('2027-06-12T21:00:00Z', event, now).toISOString()).toBe('2027-06-12T21:00:00.000Z');
    expect(refusal(() => linkExpiry('2026-05-01T11:00:00Z', event, now))).toEqual({
      field: 'expiresAt',
      message: 'Choose a time in the future',
    });
    expect(refusal(() => linkExpiry('2027-06-13T00:00:00Z', event, now))).toEqual({
      field: 'expiresAt',
      message: 'Choose a time at most 365 days after the event’s end, by 2027-06-12',
    });
    expect(refusal(() => linkExpiry('2099-01-01T00:00:00Z', { endDate: null, timezone: 'UTC' }, now))?.message).toBe(
      'Choose a time at most 365 days after today, by 2027-05-01',
    );
  });
});
