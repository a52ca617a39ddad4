import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { allocations, badges, customFields } from '../../db/schema/badges';
import { registrationLinks } from '../../db/schema/registration-links';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import { rowRanges } from './badges-import';
import { formBody, reportOf, upload, xlsxOf } from './upload-helpers.test-support';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(() => t.close());

let n = 0;
/** A fresh exhibitor of event A with places in category A (or `categoryId`). */
async function exhibitorWith(places: number, categoryId = w.categoryA): Promise<TestUser> {
  const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA, companyId: w.companyA });
  await t.db
    .insert(allocations)
    .values({ eventId: w.eventA, adminId: exhibitor.id, badgeCategoryId: categoryId, quantity: places });
  return exhibitor;
}

const BADGE_HEADER = ['First name', 'Last name', 'Email'];

async function sendLinks(as: TestUser, rows: string[][]) {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Recipients').addRows([['email', 'firstName', 'lastName'], ...rows]);
  return t.request(as, {
    method: 'POST',
    url: '/api/admin/registration-links/bulk-user-badge-category/upload',
    ...formBody(
      { step: 'validate', badgeCategoryId: w.categoryA },
      { name: 'r.xlsx', bytes: Buffer.from(await book.xlsx.writeBuffer()) },
    ),
  });
}

describe('what import and bulk send reports say', () => {
  it('says nothing of another exhibitor’s people: the same words whoever holds the address', async () => {
    const [other] = await queryRows<{ email: string }>(
      t.db,
      sql`select email from badges where exhibitor_id = ${w.exhibitorA.id} and badge_category_id = ${w.categoryA}`,
    );
    const exhibitor = await exhibitorWith(5);
    const own = `own${++n}@wording.example`;
    await t.db.insert(badges).values({
      eventId: w.eventA,
      badgeCategoryId: w.categoryA,
      exhibitorId: exhibitor.id,
      firstName: 'Own',
      lastName: 'Badge',
      email: own,
      badgeType: 'exhibitor',
      code: `OWN${n}CODE`,
    });
    const otherLink = `linked${++n}@wording.example`;
    await t.db.insert(registrationLinks).values({
      id: `wording-link-${n}`,
      kind: 'badge',
      eventId: w.eventA,
      exhibitorId: w.exhibitorA.id,
      badgeCategoryId: w.categoryA,
      email: otherLink,
      maxUses: 1,
    });
    const unavailable = 'This address cannot be used in this badge category; use another address';

    // Bulk send: another exhibitor's badge, another's open link and one's own badge read alike.
    const sent = await sendLinks(exhibitor, [
      [other!.email, 'Their', 'Staff'],
      [otherLink, 'Their', 'Guest'],
      [own, 'Own', 'Badge'],
    ]);
    expect(sent.statusCode).toBe(422);
    expect(sent.json().report.rows.map((row: { errors: { message: string }[] }) => row.errors)).toEqual(
      Array(3).fill([{ column: 'email', message: unavailable }]),
    );

    // Badge import: another exhibitor's badge of the category.
    const imported = reportOf(
      await upload(
        t,
        exhibitor,
        'exhibitor-users',
        { step: 'validate', eventId: w.eventA, badgeCategoryId: w.categoryA },
        { name: 'b.xlsx', bytes: await xlsxOf([BADGE_HEADER, ['Their', 'Staff', other!.email]]) },
      ),
    );
    expect(imported.rows[0]!.errors).toEqual([{ column: 'Email', message: unavailable }]);

    // Sub-account import: another exhibitor's account, and an account of another event.
    const accounts = reportOf(
      await upload(
        t,
        exhibitor,
        'sub-accounts',
        { step: 'validate', eventId: w.eventA },
        {
          name: 's.xlsx',
          bytes: await xlsxOf([BADGE_HEADER, ['Their', 'Boss', w.exhibitorA.email], ['Far', 'Away', w.exhibitorB.email]]),
        },
      ),
    );
    expect(accounts.rows.map((row) => row.errors)).toEqual(
      Array(2).fill([{ column: 'Email', message: 'This address cannot be used for a new account; use another address' }]),
    );
    const everything = JSON.stringify([sent.json(), imported, accounts]);
    expect(everything).not.toMatch(/another exhibitor|already|badge of this|an account/i);
  });

  it('names the rows whose badges will lack a required file, and imports them without it', async () => {
    const [category] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into badge_categories (event_id, name, badge_type) values (${w.eventA}, 'Press', 'exhibitor') returning id`,
    );
    await t.db.insert(customFields).values([
      { eventId: w.eventA, badgeCategoryId: category!.id, label: 'Press card', key: 'press_card', type: 'file', required: true },
      { eventId: w.eventA, badgeCategoryId: category!.id, label: 'Portrait', key: 'portrait', type: 'file' },
    ]);
    const exhibitor = await exhibitorWith(10, category!.id);
    const rows = [2, 3, 4, 6].map((row) => ['Press', `Person ${row}`, `press${row}-${exhibitor.id}@wording.example`]);
    const bad = ['Press', 'Bad', 'not-an-address'];
    const fields = { eventId: w.eventA, badgeCategoryId: category!.id };
    const file = await xlsxOf([BADGE_HEADER, rows[0]!, rows[1]!, rows[2]!, bad, rows[3]!]);
    const message =
      'Rows 2–4, 6 have no file, though the field is required (a file cannot be imported): the badges are imported without it; upload it on each badge’s page';
    const validated = reportOf(
      await upload(t, exhibitor, 'exhibitor-users', { step: 'validate', ...fields }, { name: 'p.xlsx', bytes: file }),
    );
    expect(validated.warnings).toEqual([{ row: null, column: 'Press card', message }]);

    const good = await xlsxOf([BADGE_HEADER, ...rows]);
    const imported = await upload(t, exhibitor, 'exhibitor-users', { step: 'import', ...fields }, { name: 'p.xlsx', bytes: good });
    expect(imported.statusCode).toBe(200);
    expect(reportOf(imported)).toMatchObject({ created: 4, imported: true });
    expect(reportOf(imported).warnings[0]!.message).toMatch(/^Rows 2–5 have no file/);
  });

  it('writes row numbers as short ranges', () => {
    expect(rowRanges([2])).toBe('2');
    expect(rowRanges([2, 3, 4, 6, 8, 9])).toBe('2–4, 6, 8–9');
  });
});
