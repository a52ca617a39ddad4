import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeFieldValues, badges, customFields } from '../../db/schema/badges';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';

/**
 * Counts shown beside categories and fields cover the badges the caller reaches, never the whole
 * event's: an exhibitor must not learn how many people other exhibitors registered.
 */
let t: TestApp;
let w: World;
let dietField: number;
let vipNoteField: number;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  const rival = await t.createUser({ roles: [SYSTEM_ROLE_NAMES.exhibitor], eventId: w.eventA, companyId: w.companyA });
  let n = 0;
  const badge = (values: Partial<typeof badges.$inferInsert>) => ({
    eventId: w.eventA,
    badgeCategoryId: w.categoryA,
    firstName: 'C',
    lastName: `Count ${++n}`,
    email: `count${n}@counts.example`,
    badgeType: 'exhibitor' as const,
    code: `CNT${n}X${Date.now() % 100000}`,
    ...values,
  });
  const rows = await t.db
    .insert(badges)
    .values([
      badge({ exhibitorId: w.exhibitorA.id, createdByAdminId: w.subAccountA.id }),
      badge({ exhibitorId: rival.id }),
      badge({ exhibitorId: rival.id }),
      badge({ exhibitorId: null }),
      badge({ exhibitorId: w.exhibitorA.id, status: 'cancelled' }),
      badge({ badgeCategoryId: w.vipCategoryA, badgeType: 'vip', exhibitorId: null }),
      badge({ badgeCategoryId: w.vipCategoryA, badgeType: 'vip', exhibitorId: null }),
    ])
    .returning({ id: badges.id });
  const [sub, rivalOne, rivalTwo, organiser, cancelled, vipOne, vipTwo] = rows.map((row) => row.id);
  const fields = await t.db
    .insert(customFields)
    .values([
      { eventId: w.eventA, badgeCategoryId: null, label: 'Diet', key: 'diet_count', type: 'text' },
      { eventId: w.eventA, badgeCategoryId: w.vipCategoryA, label: 'Note', key: 'vip_note', type: 'text' },
    ])
    .returning({ id: customFields.id });
  [dietField, vipNoteField] = fields.map((field) => field.id) as [number, number];
  const answer = (badgeId: number | undefined, customFieldId: number) => ({ badgeId: badgeId!, customFieldId, value: 'x' });
  await t.db.insert(badgeFieldValues).values([
    ...[w.badgeA, sub, rivalOne, rivalTwo, organiser, cancelled, vipOne].map((id) => answer(id, dietField)),
    answer(vipOne, vipNoteField),
    answer(vipTwo, vipNoteField),
  ]);
});
afterAll(() => t.close());

const get = (as: TestUser, url: string) => t.request(as, { method: 'GET', url });

describe('badgeCount of categories', () => {
  async function countsSeenBy(as: TestUser): Promise<Record<number, number>> {
    const res = await get(as, `/api/admin/badge-categories?eventId=${w.eventA}&per_page=100`);
    expect(res.statusCode).toBe(200);
    const one = await get(as, `/api/admin/badge-categories/${res.json().data[0].id}`);
    expect(one.json().data.badgeCount).toBe(res.json().data[0].badgeCount);
    return Object.fromEntries(res.json().data.map((c: { id: number; badgeCount: number }) => [c.id, c.badgeCount]));
  }

  it('counts the event’s active badges for an event admin', async () => {
    // The world's badge, the sub-account's, two of the rival's and the organiser's; not the cancelled one.
    expect(await countsSeenBy(w.eventAdminA)).toMatchObject({ [w.categoryA]: 5, [w.vipCategoryA]: 2 });
  });

  it('counts an exhibitor’s own and its sub-accounts’ badges, and a sub-account’s own', async () => {
    expect((await countsSeenBy(w.exhibitorA))[w.categoryA]).toBe(2);
    expect((await countsSeenBy(w.subAccountA))[w.categoryA]).toBe(1);
  });

  it('counts VIP badges only for a VIP admin', async () => {
    const counts = await countsSeenBy(w.vipAdminA);
    expect(counts[w.vipCategoryA]).toBe(2);
    expect(counts[w.categoryA]).toBeUndefined();
  });
});

describe('answerCount of custom fields', () => {
  async function answersSeenBy(as: TestUser, fieldId: number): Promise<number | undefined> {
    const list = await get(as, `/api/custom-fields?eventId=${w.eventA}&per_page=100`);
    if (list.statusCode !== 200) throw new Error(`listing fields: ${list.statusCode}`);
    const listed = list.json().data.find((f: { id: number }) => f.id === fieldId)?.answerCount;
    if (listed === undefined) return undefined;
    const one = await get(as, `/api/custom-fields/${fieldId}`);
    expect(one.json().data.answerCount).toBe(listed);
    return listed;
  }

  it('counts every answer for an event admin, whatever the status of the badge', async () => {
    expect(await answersSeenBy(w.eventAdminA, dietField)).toBe(7);
    expect(await answersSeenBy(w.eventAdminA, vipNoteField)).toBe(2);
  });

  it('counts answers of VIP badges only for a VIP admin', async () => {
    expect(await answersSeenBy(w.vipAdminA, dietField)).toBe(1);
    expect(await answersSeenBy(w.vipAdminA, vipNoteField)).toBe(2);
  });

  it('counts an exhibitor’s own badges’ answers, and a sub-account’s, where they may read fields', async () => {
    const category = await get(w.exhibitorA, `/api/admin/custom-fields/badge-category/${w.categoryA}`);
    expect(category.statusCode).toBe(200);
    // The world's badge, the sub-account's and the exhibitor's cancelled one.
    expect(category.json().data.find((f: { id: number }) => f.id === dietField).answerCount).toBe(3);
    const mine = await get(w.subAccountA, `/api/admin/custom-fields/badge-category/${w.categoryA}`);
    expect(mine.json().data.find((f: { id: number }) => f.id === dietField).answerCount).toBe(1);
  });
});
