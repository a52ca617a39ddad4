import { describe, expect, it } from 'vitest';
import { decideCheckIn, rosterEntry, rosterRow, type CheckInListRules, type DecisionBadge, type Presence } from './check-in';

/**
 * A show in Hamburg (Europe/Berlin, UTC+2 in September): contractors build up from 10 to 13
 * September, exhibitors move in from the 12th, visitors come on the four show days from 9:00 to
 * 18:00, VIPs at any time.
 */
const TZ = 'Europe/Berlin';
const at = (iso: string) => new Date(iso);
const showDay = (day: number) => ({ from: `2027-09-${day}T07:00:00Z`, to: `2027-09-${day}T16:00:00Z` });

const hall: CheckInListRules = {
  name: 'Hall entrance',
  rules: [
    { badgeType: 'contractor', windows: [{ from: '2027-09-10T04:00:00Z', to: '2027-09-13T20:00:00Z' }] },
    { badgeType: 'exhibitor', windows: [{ from: '2027-09-12T04:00:00Z', to: '2027-09-17T20:00:00Z' }] },
    { badgeType: 'visitor', windows: [showDay(14), showDay(15), showDay(16), showDay(17)] },
    { badgeType: 'vip', windows: [] },
  ],
  categoryIds: [],
  scansExits: false,
  allowsReentry: false,
};

const badge = (badgeType: DecisionBadge['badgeType'], categoryId = 1, status: DecisionBadge['status'] = 'active'): DecisionBadge => ({
  categoryId,
  badgeType,
  status,
});
const inside: Presence = { entries: 1, inside: true, lastEntryAt: '2027-09-14T08:00:00Z', lastExitAt: null };
const left: Presence = { entries: 1, inside: false, lastEntryAt: '2027-09-14T08:00:00Z', lastExitAt: '2027-09-14T09:00:00Z' };
const never: Presence = { entries: 0, inside: false, lastEntryAt: null, lastExitAt: null };

describe('decideCheckIn: who enters when', () => {
  it.each([
    // [badge type, moment, result]
    ['contractor', '2027-09-09T12:00:00Z', 'not_admitted'], // before build-up
    ['contractor', '2027-09-10T04:00:00Z', 'admitted'], // the window's first instant
    ['contractor', '2027-09-13T19:59:59Z', 'admitted'],
    ['contractor', '2027-09-13T20:00:00Z', 'not_admitted'], // a window ends before its `to`
    ['contractor', '2027-09-15T10:00:00Z', 'not_admitted'], // show day: no contractors
    ['exhibitor', '2027-09-11T12:00:00Z', 'not_admitted'], // before move-in
    ['exhibitor', '2027-09-12T04:00:00Z', 'admitted'], // move-in
    ['exhibitor', '2027-09-15T06:00:00Z', 'admitted'], // early on a show day
    ['exhibitor', '2027-09-18T08:00:00Z', 'not_admitted'], // after the show
    ['visitor', '2027-09-13T10:00:00Z', 'not_admitted'], // build-up
    ['visitor', '2027-09-14T06:59:59Z', 'not_admitted'], // before the doors open
    ['visitor', '2027-09-14T07:00:00Z', 'admitted'],
    ['visitor', '2027-09-16T15:59:00Z', 'admitted'],
    ['visitor', '2027-09-16T16:00:00Z', 'not_admitted'], // closed for the night
    ['visitor', '2027-09-18T10:00:00Z', 'not_admitted'],
    ['vip', '2027-09-01T00:00:00Z', 'admitted'], // any time
    ['vip', '2027-09-16T23:30:00Z', 'admitted'],
  ] as const)('%s at %s: %s', (type, moment, result) => {
    expect(decideCheckIn(hall, badge(type), null, 'entry', at(moment), TZ).result).toBe(result);
  });

  it('says when a badge type is admitted, in the event’s time zone', () => {
    const decision = decideCheckIn(hall, badge('visitor'), null, 'entry', at('2027-09-13T10:00:00Z'), TZ);
    expect(decision.reason).toMatch(/^Not admitted now: visitor badges are admitted /);
    // 07:00 UTC is 09:00 in Hamburg.
    expect(decision.reason).toContain('09:00');
    expect(decision.reason).not.toContain('07:00');
  });

  it('refuses a badge type the list does not admit, naming the list', () => {
    const vipLounge: CheckInListRules = { ...hall, name: 'VIP lounge', rules: [{ badgeType: 'vip', windows: [] }] };
    expect(decideCheckIn(vipLounge, badge('visitor'), null, 'entry', at('2027-09-14T10:00:00Z'), TZ)).toEqual({
      result: 'not_admitted',
      reason: 'Visitor badges are not admitted at VIP lounge',
    });
    expect(decideCheckIn(vipLounge, badge('vip'), null, 'entry', at('2027-09-14T10:00:00Z'), TZ).result).toBe('admitted');
  });

  it('admits only the listed categories when the list names some', () => {
    const press: CheckInListRules = { ...hall, name: 'Press room', categoryIds: [7] };
    expect(decideCheckIn(press, badge('vip', 7), null, 'entry', at('2027-09-14T10:00:00Z'), TZ).result).toBe('admitted');
    expect(decideCheckIn(press, badge('vip', 8), null, 'entry', at('2027-09-14T10:00:00Z'), TZ)).toEqual({
      result: 'not_admitted',
      reason: 'This badge category is not admitted at Press room',
    });
  });

  it('answers cancelled for a cancelled badge, before any rule', () => {
    expect(decideCheckIn(hall, badge('vip', 1, 'cancelled'), null, 'entry', at('2027-09-14T10:00:00Z'), TZ)).toEqual({ result: 'cancelled' });
    expect(decideCheckIn(hall, badge('visitor', 1, 'cancelled'), null, 'entry', at('2027-09-01T10:00:00Z'), TZ).result).toBe('cancelled');
  });
});

describe('decideCheckIn: second entries and exits', () => {
  const noon = at('2027-09-14T10:00:00Z');
  const withExits = { ...hall, scansExits: true };

  it('an entry-only list without re-entry admits a badge once', () => {
    expect(decideCheckIn(hall, badge('visitor'), never, 'entry', noon, TZ).result).toBe('admitted');
    expect(decideCheckIn(hall, badge('visitor'), inside, 'entry', noon, TZ).result).toBe('already_checked_in');
    expect(decideCheckIn(hall, badge('visitor'), left, 'entry', noon, TZ).result).toBe('already_checked_in');
  });

  it('an entry-only list with re-entry admits again', () => {
    expect(decideCheckIn({ ...hall, allowsReentry: true }, badge('visitor'), inside, 'entry', noon, TZ).result).toBe('admitted');
  });

  it('a list that scans exits refuses a second entry while inside, re-entry or not', () => {
    expect(decideCheckIn(withExits, badge('visitor'), inside, 'entry', noon, TZ).result).toBe('already_checked_in');
    expect(decideCheckIn({ ...withExits, allowsReentry: true }, badge('visitor'), inside, 'entry', noon, TZ).result).toBe('already_checked_in');
  });

  it('after an exit, re-entry decides whether the badge comes back in', () => {
    expect(decideCheckIn(withExits, badge('visitor'), left, 'entry', noon, TZ).result).toBe('already_checked_in');
    expect(decideCheckIn({ ...withExits, allowsReentry: true }, badge('visitor'), left, 'entry', noon, TZ).result).toBe('admitted');
  });

  it('a re-entry still needs its window', () => {
    const night = at('2027-09-14T20:00:00Z');
    expect(decideCheckIn({ ...withExits, allowsReentry: true }, badge('visitor'), left, 'entry', night, TZ).result).toBe('not_admitted');
  });

  it('an exit is recorded only where exits are scanned, and only for a badge inside', () => {
    expect(decideCheckIn(hall, badge('visitor'), inside, 'exit', noon, TZ)).toEqual({ result: 'not_admitted', reason: 'Hall entrance does not record exits' });
    expect(decideCheckIn(withExits, badge('visitor'), inside, 'exit', noon, TZ).result).toBe('admitted');
    expect(decideCheckIn(withExits, badge('visitor'), left, 'exit', noon, TZ)).toEqual({ result: 'not_admitted', reason: 'Not checked in here, so cannot leave' });
    expect(decideCheckIn(withExits, badge('visitor'), null, 'exit', noon, TZ).result).toBe('not_admitted');
  });

  it('an exit is recorded outside the entry windows (people leave after closing)', () => {
    expect(decideCheckIn(withExits, badge('visitor'), inside, 'exit', at('2027-09-14T20:00:00Z'), TZ).result).toBe('admitted');
  });

  it('an exit of a badge type the list does not admit is refused', () => {
    const vipOnly = { ...withExits, rules: [{ badgeType: 'vip' as const, windows: [] }] };
    expect(decideCheckIn(vipOnly, badge('visitor'), inside, 'exit', noon, TZ).result).toBe('not_admitted');
  });
});

describe('roster rows', () => {
  it('round-trip an entry with its presence, and one never scanned', () => {
    const entry = {
      id: 5,
      code: 'ABC234',
      firstName: 'Zoë',
      lastName: 'Müller',
      company: 'Acme',
      categoryId: 2,
      badgeType: 'visitor' as const,
      status: 'active' as const,
      presence: left,
      lastDeviceName: 'Door 1',
    };
    expect(rosterEntry(rosterRow(entry))).toEqual(entry);
    expect(rosterEntry(rosterRow({ ...entry, presence: null })).presence).toBeNull();
  });
});
