import { BULK_IMPORT_CLEAR_MARKER } from '@portal/shared/bulk-imports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { allocations, customFields } from '../../db/schema/badges';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import { reportOf, rowsOf, upload, xlsxOf } from './upload-helpers.test-support';

let t: TestApp;
let w: World;
let allocationA: number;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  await t.db.insert(customFields).values([
    {
      eventId: w.eventA,
      badgeCategoryId: w.categoryA,
      label: 'Job title',
      key: 'job_title',
      type: 'text',
      required: true,
    },
    {
      eventId: w.eventA,
      badgeCategoryId: w.categoryA,
      label: 'Diet',
      key: 'diet',
      type: 'select',
      options: [
        { value: 'veg', label: 'Vegetarian' },
        { value: 'none', label: 'No preference' },
      ],
    },
    {
      eventId: w.eventA,
      badgeCategoryId: w.categoryA,
      label: 'Arrival',
      key: 'arrival',
      type: 'date',
      validation: { minDate: '2026-01-01' },
    },
  ]);
  const [allocation] = await t.db
    .insert(allocations)
    .values({ eventId: w.eventA, adminId: w.exhibitorA.id, badgeCategoryId: w.categoryA, quantity: 5 })
    .returning({ id: allocations.id });
  allocationA = allocation!.id;
});
afterAll(() => t.close());

const HEADER = ['First name', 'Last name', 'Email', 'Phone', 'Job title', 'Diet', 'Arrival'];

async function badgesNamed(emails: string[]) {
  return queryRows<{
    email: string;
    first_name: string;
    exhibitor_id: number | null;
    allocation_id: number | null;
    answers: Record<string, unknown>;
  }>(
    t.db,
    sql`select b.email, b.first_name, b.exhibitor_id, b.allocation_id,
               coalesce((select jsonb_object_agg(f.key, v.value) from badge_field_values v join custom_fields f on f.id = v.custom_field_id where v.badge_id = b.id), '{}') as answers
          from badges b where b.email in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb)) order by b.email`,
  );
}

const used = async () =>
  (await queryRows<{ used: number }>(t.db, sql`select used from allocations where id = ${allocationA}`))[0]!.used;

describe('badges import', () => {
  it('imports an exhibitor’s badges into its allocation, then updates without blanking and clears with the marker', async () => {
    const file = await xlsxOf([
      HEADER,
      ['Anaïs', 'Dupré', 'anais@a.example', '', 'Engineer', 'Vegetarian', new Date(Date.UTC(2026, 5, 1))],
      ['Bo', 'Berg', 'bo@a.example', '+46 8 123 456', 'Sales', 'none', '2026-06-02'],
    ]);
    const fields = { eventId: w.eventA, badgeCategoryId: w.categoryA };
    const validated = reportOf(
      await upload(
        t,
        w.exhibitorA,
        'exhibitor-users',
        { step: 'validate', ...fields },
        { name: 'b.xlsx', bytes: file },
      ),
    );
    expect(validated).toMatchObject({
      invalidRows: 0,
      created: 2,
      capacity: { badgeCategoryId: w.categoryA, needed: 2, available: 5 },
    });
    const imported = await upload(
      t,
      w.exhibitorA,
      'exhibitor-users',
      { step: 'import', ...fields },
      { name: 'b.xlsx', bytes: file },
    );
    expect(imported.statusCode).toBe(200);
    expect(await used()).toBe(2);
    expect(await badgesNamed(['anais@a.example', 'bo@a.example'])).toEqual([
      {
        email: 'anais@a.example',
        first_name: 'Anaïs',
        exhibitor_id: w.exhibitorA.id,
        allocation_id: allocationA,
        answers: { job_title: 'Engineer', diet: 'veg', arrival: '2026-06-01' },
      },
      {
        email: 'bo@a.example',
        first_name: 'Bo',
        exhibitor_id: w.exhibitorA.id,
        allocation_id: allocationA,
        answers: { job_title: 'Sales', diet: 'none', arrival: '2026-06-02' },
      },
    ]);

    const again = await xlsxOf([
      HEADER,
      ['', '', 'anais@a.example', '', 'Lead engineer', BULK_IMPORT_CLEAR_MARKER, ''],
      ['', '', 'bo@a.example', '', '', '', ''],
    ]);
    const reimported = await upload(
      t,
      w.exhibitorA,
      'exhibitor-users',
      { step: 'import', ...fields },
      { name: 'b.xlsx', bytes: again },
    );
    expect(reimported.statusCode).toBe(200);
    expect(reportOf(reimported).rows.map((row) => row.action)).toEqual(['update', 'unchanged']);
    expect(await used()).toBe(2);
    expect((await badgesNamed(['anais@a.example']))[0]).toMatchObject({
      first_name: 'Anaïs',
      answers: { job_title: 'Lead engineer', arrival: '2026-06-01' },
    });
  });

  it('refuses bad cells, a full allocation and another exhibitor’s email, writing nothing', async () => {
    const fields = { eventId: w.eventA, badgeCategoryId: w.categoryA };
    const file = await xlsxOf([
      HEADER,
      ['Ok', 'Row', 'ok@a.example', '', 'Tester', '', ''],
      ['No', 'Job', 'nojob@a.example', '', '', 'Fish', '2025-12-31'],
      ['Bad', 'Date', 'date@a.example', '', 'Tester', '', '31/12/2026'],
      ['Ok', 'Two', 'ok2@a.example', '', 'Tester', '', ''],
      ['Over', 'Flow', 'over@a.example', '', 'Tester', '', ''],
    ]);
    const response = await upload(
      t,
      w.exhibitorA,
      'exhibitor-users',
      { step: 'import', ...fields },
      { name: 'b.xlsx', bytes: file },
    );
    expect(response.statusCode).toBe(422);
    const report = reportOf(response);
    expect(report.capacity).toEqual({ badgeCategoryId: w.categoryA, needed: 5, available: 3 });
    expect(report.rows[0]!.errors).toEqual([]);
    expect(report.rows[1]!.errors.map((error) => error.column).sort()).toEqual(['Arrival', 'Diet', 'Job title']);
    expect(report.rows[2]!.errors).toEqual([{ column: 'Arrival', message: 'Enter a date as YYYY-MM-DD' }]);
    expect(report.rows[3]!.errors[0]!.message).toMatch(/No place left/);
    expect(report.rows[4]!.errors[0]!.message).toMatch(/No place left/);
    expect(await badgesNamed(['ok@a.example'])).toEqual([]);
    expect(await used()).toBe(2);

    // The organiser may not put another exhibitor's badge under this one.
    const other = await xlsxOf([HEADER, ['X', 'Y', 'anais@a.example', '', 'T', '', '']]);
    const asAdmin = reportOf(
      await upload(
        t,
        w.eventAdminA,
        'exhibitor-users',
        { step: 'validate', ...fields },
        { name: 'b.xlsx', bytes: other },
      ),
    );
    expect(asAdmin.rows[0]!.errors[0]!.message).toBe('This address cannot be used in this badge category; use another address');
    expect(asAdmin.capacity).toMatchObject({ available: null });
  });

  it('a sub-account imports into its child allocation only; other exhibitors, categories and events are refused', async () => {
    const file = await xlsxOf([HEADER, ['Sub', 'Badge', 'sub@a.example', '', 'Helper', '', '']]);
    const fields = { eventId: w.eventA, badgeCategoryId: w.categoryA };
    const noChild = reportOf(
      await upload(
        t,
        w.subAccountA,
        'exhibitor-users',
        { step: 'validate', ...fields },
        { name: 'b.xlsx', bytes: file },
      ),
    );
    expect(noChild.capacity).toMatchObject({ available: 0 });
    expect(noChild.rows[0]!.errors[0]!.message).toMatch(/exhausted/);
    await t.db.insert(allocations).values({
      eventId: w.eventA,
      adminId: w.subAccountA.id,
      badgeCategoryId: w.categoryA,
      quantity: 1,
      parentAllocationId: allocationA,
    });
    const imported = await upload(
      t,
      w.subAccountA,
      'exhibitor-users',
      { step: 'import', ...fields },
      { name: 'b.xlsx', bytes: file },
    );
    expect(imported.statusCode).toBe(200);
    expect(await used()).toBe(2);

    const refusals: [TestUser, Record<string, string | number | undefined>][] = [
      [w.subAccountA, { ...fields, adminId: w.exhibitorA.id }],
      [w.exhibitorA, { ...fields, exhibitorId: w.exhibitorB.id }],
      [w.exhibitorA, { eventId: w.eventA, badgeCategoryId: w.categoryB }],
      [w.eventAdminA, { eventId: w.eventA, badgeCategoryId: w.categoryA, exhibitorId: w.exhibitorB.id }],
      [w.eventAdminB, fields],
    ];
    for (const [who, refused] of refusals) {
      const answer = await upload(
        t,
        who,
        'exhibitor-users',
        { step: 'validate', ...refused },
        { name: 'b.xlsx', bytes: file },
      );
      expect(answer.statusCode).toBe(404);
    }
    const wrongType = await upload(
      t,
      w.eventAdminA,
      'exhibitor-users',
      { step: 'validate', ...fields, type: 'vip' },
      { name: 'b.xlsx', bytes: file },
    );
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().details).toEqual([{ field: 'type', message: 'The category issues Exhibitor badges' }]);
  });

  it('round-trips its template: download, fill, upload, import', async () => {
    const template = await t.request(w.exhibitorA, {
      method: 'GET',
      url: `/api/admin/bulk-upload/exhibitor-users/template?eventId=${w.eventA}&badgeCategoryId=${w.categoryA}`,
    });
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const rows = await rowsOf(template.rawPayload);
    expect(rows[0]).toEqual(['First name *', 'Last name *', 'Email *', 'Phone', 'Job title *', 'Diet', 'Arrival']);
    expect(rows[1]![5]).toBe('Vegetarian');
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(String(sheet.getCell('F1').note)).toContain('Vegetarian, No preference');
    sheet.getRow(2).values = ['Tem', 'Plate', 'template@a.example', '', 'Filler', 'No preference', '2026-07-01'];
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());
    const imported = await upload(
      t,
      w.exhibitorA,
      'exhibitor-users',
      { step: 'import', eventId: w.eventA, badgeCategoryId: w.categoryA },
      { name: 'filled.xlsx', bytes: filled },
    );
    expect(imported.statusCode).toBe(200);
    expect((await badgesNamed(['template@a.example']))[0]).toMatchObject({
      answers: { job_title: 'Filler', diet: 'none', arrival: '2026-07-01' },
    });
  });

  it('two imports of the same new email at once write one badge; the loser is told to upload again', async () => {
    const file = await xlsxOf([HEADER, ['Race', 'Twice', 'race@a.example', '', 'Runner', '', '']]);
    const fields = { step: 'import', eventId: w.eventA, badgeCategoryId: w.categoryA };
    const answers = await Promise.all(
      [1, 2].map(() => upload(t, w.eventAdminA, 'exhibitor-users', fields, { name: 'r.xlsx', bytes: file })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    if (statuses[1] === 409)
      expect(answers.find((answer) => answer.statusCode === 409)!.json().details).toEqual([
        { field: 'file', message: expect.stringMatching(/upload the file again/) },
      ]);
    expect(await badgesNamed(['race@a.example'])).toHaveLength(1);
  });

  it('a VIP admin imports the event’s VIP guests as its own badges, and sees no other category', async () => {
    const file = await xlsxOf([
      ['First name', 'Last name', 'Email'],
      ['Very', 'Important', 'vip.guest@a.example'],
    ]);
    const imported = await upload(
      t,
      w.vipAdminA,
      'exhibitor-users',
      { step: 'import', eventId: w.eventA, badgeCategoryId: w.vipCategoryA, type: 'vip' },
      { name: 'v.xlsx', bytes: file },
    );
    expect(imported.statusCode).toBe(200);
    expect(reportOf(imported).capacity).toEqual({ badgeCategoryId: w.vipCategoryA, needed: 1, available: null });
    expect(await badgesNamed(['vip.guest@a.example'])).toMatchObject([{ exhibitor_id: null, allocation_id: null }]);
    const other = await upload(
      t,
      w.vipAdminA,
      'exhibitor-users',
      { step: 'validate', eventId: w.eventA, badgeCategoryId: w.categoryA },
      { name: 'v.xlsx', bytes: file },
    );
    expect(other.statusCode).toBe(404);
  });
});
