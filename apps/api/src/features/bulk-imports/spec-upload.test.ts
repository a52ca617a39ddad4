import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { allocations } from '../../db/schema/badges';
import { createTestApp, createWorld, type TestApp, type World } from '../../test/harness';
import { reportOf, upload, xlsxOf } from './upload-helpers.test-support';

/**
 * The spec's bulk upload (§3: file, eventId, exhibitorId, adminId, badgeCategoryId, type) names no
 * step: a client that sends just those fields gets the import, still checked first and all or
 * nothing; the dry run is asked for with step=validate.
 */
let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  await t.db.insert(allocations).values({ eventId: w.eventA, adminId: w.exhibitorA.id, badgeCategoryId: w.categoryA, quantity: 10 });
});
afterAll(() => t.close());

const HEADER = ['First name', 'Last name', 'Email'];
const badgeCount = async (emails: string[]) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from badges where email in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))`,
    )
  )[0]!.n;

describe('a bulk upload with only the spec’s fields', () => {
  const specFields = () => ({ eventId: w.eventA, exhibitorId: w.exhibitorA.id, adminId: w.exhibitorA.id, badgeCategoryId: w.categoryA, type: 'exhibitor' });

  it('imports the file', async () => {
    const file = await xlsxOf([HEADER, ['Spec', 'One', 'spec-one@a.example'], ['Spec', 'Two', 'spec-two@a.example']]);
    const response = await upload(t, w.eventAdminA, 'exhibitor-users', specFields(), { name: 'spec.xlsx', bytes: file });
    expect(response.statusCode).toBe(200);
    expect(reportOf(response)).toMatchObject({ step: 'import', imported: true, created: 2, invalidRows: 0 });
    expect(await badgeCount(['spec-one@a.example', 'spec-two@a.example'])).toBe(2);
  });

  it('still checks every row first and writes nothing when one is bad', async () => {
    const file = await xlsxOf([HEADER, ['Spec', 'Three', 'spec-three@a.example'], ['Spec', 'Four', 'not an email']]);
    const response = await upload(t, w.eventAdminA, 'exhibitor-users', specFields(), { name: 'spec.xlsx', bytes: file });
    expect(response.statusCode).toBe(422);
    expect(reportOf(response)).toMatchObject({ imported: false, invalidRows: 1 });
    expect(await badgeCount(['spec-three@a.example'])).toBe(0);
  });

  it('is a dry run only when step=validate is sent', async () => {
    const file = await xlsxOf([HEADER, ['Spec', 'Five', 'spec-five@a.example']]);
    const response = await upload(t, w.eventAdminA, 'exhibitor-users', { step: 'validate', ...specFields() }, { name: 'spec.xlsx', bytes: file });
    expect(response.statusCode).toBe(200);
    expect(reportOf(response)).toMatchObject({ step: 'validate', imported: false, created: 1 });
    expect(await badgeCount(['spec-five@a.example'])).toBe(0);
  });

  it('imports exhibitors alike', async () => {
    const file = await xlsxOf([['Company', 'First name', 'Last name', 'Email'], ['Spec Fjord AS', 'Kari', 'Nord', 'kari@spec-fjord.example']]);
    const response = await upload(t, w.eventAdminA, 'exhibitors', { eventId: w.eventA }, { name: 'exhibitors.xlsx', bytes: file });
    expect(response.statusCode).toBe(200);
    expect(reportOf(response)).toMatchObject({ imported: true, created: 1 });
  });
});
