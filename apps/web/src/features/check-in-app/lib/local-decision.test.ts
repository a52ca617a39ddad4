import type { CheckInListRules, RosterResponse, RosterRow } from '@portal/shared/check-in';
import { describe, expect, it } from 'vitest';
import { decideLocally } from './local-decision';
import { applyRosterResponse, rosterFromStored, storedFromRoster } from './roster';

const list: CheckInListRules = {
  name: 'Main entrance',
  rules: [{ badgeType: 'exhibitor', windows: [] }],
  categoryIds: [],
  scansExits: false,
  allowsReentry: false,
};
const ada: RosterRow = [
  1,
  'K7M9Q2XR4T',
  'Ada',
  'Lovelace',
  'Analytical Engines',
  10,
  'exhibitor',
  'active',
  0,
  0,
  null,
  null,
  null,
];
const grace: RosterRow = [2, 'HP3WQ8ZN6M', 'Grace', 'Hopper', null, 11, 'visitor', 'active', 0, 0, null, null, null];
const cancelled: RosterRow = [
  3,
  'CX4RT7YB2N',
  'Alan',
  'Turing',
  null,
  10,
  'exhibitor',
  'cancelled',
  0,
  0,
  null,
  null,
  null,
];

function response(badges: RosterRow[], full = true): RosterResponse {
  return {
    listId: 5,
    full,
    cursor: '2027-03-16T08:00:00.000Z',
    categories: [
      { id: 10, name: 'Exhibitor staff', badgeType: 'exhibitor' },
      { id: 11, name: 'Visitors', badgeType: 'visitor' },
    ],
    badges,
  };
}

const device = { timeZone: 'Europe/Berlin', deviceName: 'Hall A door' };
const at = (time: string) => ({ direction: 'entry' as const, scannedAt: `2027-03-16T${time}:00.000Z` });

describe('deciding a scan on the device', () => {
  it('admits from the roster, then says already checked in, with when and by which device', () => {
    const roster = applyRosterResponse(null, response([ada, grace]), new Date());
    const first = decideLocally(roster, list, { code: 'k7m9q2xr4t ', ...at('09:05') }, device);
    expect(first).toMatchObject({
      result: 'admitted',
      badge: { firstName: 'Ada', company: 'Analytical Engines', categoryName: 'Exhibitor staff' },
    });
    const second = decideLocally(roster, list, { code: 'K7M9Q2XR4T', ...at('09:06') }, device);
    expect(second).toMatchObject({
      result: 'already_checked_in',
      checkedInAt: '2027-03-16T09:05:00.000Z',
      checkedInBy: 'Hall A door',
    });
  });

  it('refuses what the list does not admit, a cancelled badge, and a code not on the roster', () => {
    const roster = applyRosterResponse(null, response([ada, grace, cancelled]), new Date());
    expect(decideLocally(roster, list, { code: 'HP3WQ8ZN6M', ...at('09:00') }, device)).toMatchObject({
      result: 'not_admitted',
      reason: 'Visitor badges are not admitted at Main entrance',
    });
    expect(decideLocally(roster, list, { code: 'CX4RT7YB2N', ...at('09:00') }, device).result).toBe('cancelled');
    expect(decideLocally(roster, list, { code: 'NOPE', ...at('09:00') }, device)).toEqual({
      checkInId: null,
      result: 'unknown',
      conflict: false,
    });
    // A refusal leaves the presence as it was: Grace is admitted nowhere.
    expect(roster.byCode.get('HP3WQ8ZN6M')!.presence).toBeNull();
  });

  it('takes the changed rows of an incremental answer, and finds a badge by its new code only', () => {
    const roster = applyRosterResponse(null, response([ada, grace]), new Date());
    const recoded: RosterRow = [
      1,
      'NEW7CODE2X',
      'Ada',
      'King',
      'Analytical Engines',
      10,
      'exhibitor',
      'active',
      1,
      1,
      '2027-03-16T08:30:00.000Z',
      null,
      'Gate 2',
    ];
    const next = applyRosterResponse(
      roster,
      { ...response([recoded], false), cursor: '2027-03-16T08:31:00.000Z' },
      new Date(),
    );
    expect(next.byCode.size).toBe(2);
    expect(next.byCode.has('K7M9Q2XR4T')).toBe(false);
    expect(next.cursor).toBe('2027-03-16T08:31:00.000Z');
    expect(decideLocally(next, list, { code: 'NEW7CODE2X', ...at('09:00') }, device)).toMatchObject({
      result: 'already_checked_in',
      checkedInBy: 'Gate 2',
    });
    // Kept in IndexedDB as tuples and read back the same.
    expect(rosterFromStored(storedFromRoster(next)).byCode.get('NEW7CODE2X')).toEqual(next.byCode.get('NEW7CODE2X'));
  });

  it('records an exit and lets the badge in again on a list that scans exits', () => {
    const exits = { ...list, scansExits: true };
    const roster = applyRosterResponse(null, response([ada]), new Date());
    expect(decideLocally(roster, exits, { code: 'K7M9Q2XR4T', ...at('09:00') }, device).result).toBe('admitted');
    expect(
      decideLocally(
        roster,
        exits,
        { code: 'K7M9Q2XR4T', direction: 'exit', scannedAt: '2027-03-16T10:00:00.000Z' },
        device,
      ).result,
    ).toBe('admitted');
    expect(roster.byCode.get('K7M9Q2XR4T')!.presence).toMatchObject({ inside: false, entries: 1 });
    expect(
      decideLocally(
        roster,
        exits,
        { code: 'K7M9Q2XR4T', direction: 'exit', scannedAt: '2027-03-16T10:01:00.000Z' },
        device,
      ).result,
    ).toBe('not_admitted');
  });
});
