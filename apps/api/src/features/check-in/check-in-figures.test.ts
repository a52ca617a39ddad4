import type { CheckInFigures } from '@portal/shared/check-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badges } from '../../db/schema/badges';
import { checkIns, checkInLists, checkInPresence } from '../../db/schema/check-in';
import { createTestApp, createWorld, type TestApp, type World } from '../../test/harness';
import { checkInFigures } from './check-in-figures';

let t: TestApp;
let w: World;
let hall: number;
let lounge: number;
const NOW = new Date('2027-05-09T10:20:00Z');

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  const lists = await t.db
    .insert(checkInLists)
    .values([
      { eventId: w.eventA, name: 'Hall', rules: [{ badgeType: 'exhibitor', windows: [] }], scansExits: true },
      { eventId: w.eventA, name: 'Lounge', rules: [{ badgeType: 'exhibitor', windows: [] }] },
      { eventId: w.eventB, name: 'Hall B', rules: [{ badgeType: 'exhibitor', windows: [] }] },
    ])
    .returning({ id: checkInLists.id });
  [hall, lounge] = lists.map((l) => l.id) as [number, number];
  const more = await t.db
    .insert(badges)
    .values(
      [2, 3, 4].map((n) => ({
        eventId: w.eventA,
        badgeCategoryId: w.categoryA,
        firstName: `Guest${n}`,
        lastName: 'G',
        email: `g${n}@a.example`,
        badgeType: 'exhibitor' as const,
        code: `FIGURE${n}XX`,
      })),
    )
    .returning({ id: badges.id });
  const [b2, b3, b4] = more.map((b) => b.id) as [number, number, number];
  let nonce = 0;
  const scan = (time: string, values: Partial<typeof checkIns.$inferInsert> = {}) => ({
    eventId: w.eventA,
    listId: hall,
    badgeId: w.badgeA,
    code: 'X',
    direction: 'entry' as const,
    method: 'camera' as const,
    result: 'admitted' as const,
    nonce: `figures-${++nonce}`,
    scannedAt: new Date(time),
    recordedAt: new Date(time),
    ...values,
  });
  await t.db.insert(checkIns).values([
    scan('2027-05-09T07:59:59.999Z'), // before the window
    scan('2027-05-09T08:00:00Z'),
    scan('2027-05-09T08:59:59.999Z', { badgeId: b2 }),
    scan('2027-05-09T09:30:00Z', { direction: 'exit' }),
    scan('2027-05-09T10:10:00Z', { badgeId: b3 }),
    scan('2027-05-09T10:15:00Z', {
      badgeId: b4,
      undoneAt: new Date('2027-05-09T10:16:00Z'),
      undoReason: 'Wrong person',
    }),
    scan('2027-05-09T10:16:00Z', { result: 'already_checked_in' }),
    scan('2027-05-09T10:17:00Z', { result: 'not_admitted', badgeId: b4 }),
  ]);
  await t.db.insert(checkInPresence).values([
    { listId: hall, badgeId: w.badgeA, entries: 2, inside: false },
    { listId: hall, badgeId: b2, entries: 1, inside: true },
    { listId: hall, badgeId: b3, entries: 1, inside: true },
    { listId: lounge, badgeId: w.badgeA, entries: 1, inside: false },
    { listId: lounge, badgeId: b4, entries: 0, inside: false },
  ]);
});
afterAll(() => t.close());

describe('check-in figures', () => {
  it('counts inside, distinct admitted and entries per hour, every hour present, oldest first', async () => {
    const figures = await checkInFigures(t.db, { id: w.eventA, timezone: 'UTC' }, 3, NOW);
    expect(figures).toEqual({
      timezone: 'UTC',
      lists: [
        {
          listId: hall,
          name: 'Hall',
          inside: 2,
          total: 3,
          perHour: [
            { hour: '2027-05-09T08:00:00.000Z', entries: 2 },
            { hour: '2027-05-09T09:00:00.000Z', entries: 0 },
            { hour: '2027-05-09T10:00:00.000Z', entries: 1 },
          ],
        },
        // An entry-only list: inside are those admitted (and not undone); a badge without entries is not counted.
        {
          listId: lounge,
          name: 'Lounge',
          inside: 1,
          total: 1,
          perHour: ['08', '09', '10'].map((h) => ({ hour: `2027-05-09T${h}:00:00.000Z`, entries: 0 })),
        },
      ],
    } satisfies CheckInFigures);
  });

  it('takes a window of one hour: the current one', async () => {
    const figures = await checkInFigures(t.db, { id: w.eventA, timezone: 'UTC' }, 1, NOW);
    expect(figures.lists[0]!.perHour).toEqual([{ hour: '2027-05-09T10:00:00.000Z', entries: 1 }]);
  });

  it('answers through the API with 24 hours by default, and refuses a bad window', async () => {
    const res = await t.request(w.eventAdminA, {
      method: 'GET',
      url: `/api/admin/events/${w.eventA}/check-in-figures`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { lists } = res.json().data as CheckInFigures;
    expect(lists.map((l) => l.name)).toEqual(['Hall', 'Lounge']);
    expect(lists[0]!.perHour).toHaveLength(24);
    const last = Date.parse(lists[0]!.perHour.at(-1)!.hour);
    expect(Date.now() - last).toBeGreaterThanOrEqual(0);
    expect(Date.now() - last).toBeLessThan(3_600_000);
    expect(lists[0]!.total).toBe(3);
    const bad = await t.request(w.eventAdminA, {
      method: 'GET',
      url: `/api/admin/events/${w.eventA}/check-in-figures?hours=0`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('hours');
    expect(
      (await t.request(w.eventAdminB, { method: 'GET', url: `/api/admin/events/${w.eventA}/check-in-figures` }))
        .statusCode,
    ).toBe(404);
  });
});
