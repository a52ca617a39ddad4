import { BULK_IMPORT_CLEAR_MARKER } from '@portal/shared/bulk-imports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, createWorld, type TestApp, type World } from '../../test/harness';
import { reportOf, rowsOf, upload, xlsxOf } from './upload-helpers.test-support';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(() => t.close());

const HEADER = [
  'External ID',
  'Company',
  'First name',
  'Last name',
  'Email',
  'Phone',
  'Booth',
  'Hall',
  'Website',
  'Profile',
];

async function exhibitorsNamed(emails: string[]) {
  return queryRows<{
    email: string;
    first_name: string;
    booth: string | null;
    hall: string | null;
    external_id: string | null;
    company: string;
    invitations: number;
  }>(
    t.db,
    sql`select a.email, a.first_name, p.booth, p.hall, p.external_id, c.name as company,
               cast((select count(*) from email_outbox o where o.to_address = a.email and o.purpose = 'invitation') as integer) as invitations
          from admins a join exhibitor_profiles p on p.admin_id = a.id join companies c on c.id = a.company_id
         where a.email in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb)) order by a.email`,
  );
}

describe('exhibitors import', () => {
  it('validates, imports, then re-imports as updates without blanking, and clears with the marker', async () => {
    const file = await xlsxOf([
      HEADER,
      [
        'X-1',
        'Nordlicht GmbH',
        'Jörg',
        'Müller',
        'JOERG@nordlicht.example',
        '+49 30 1234567',
        'A1',
        'Hall 1',
        'https://nordlicht.example',
        'Lamps',
      ],
      ['', 'Café Olé', 'Zoë', 'Núñez', 'zoe@cafe-ole.example', '', 'B2', '', '', ''],
    ]);
    const validated = await upload(
      t,
      w.eventAdminA,
      'exhibitors',
      { step: 'validate', eventId: w.eventA },
      { name: 'exhibitors.xlsx', bytes: file },
    );
    expect(validated.statusCode).toBe(200);
    const report = reportOf(validated);
    expect(report).toMatchObject({ format: 'xlsx', totalRows: 2, invalidRows: 0, created: 2, imported: false });
    expect(report.rows.map((row) => row.action)).toEqual(['create', 'create']);
    expect(await exhibitorsNamed(['joerg@nordlicht.example'])).toEqual([]);

    const imported = await upload(
      t,
      w.eventAdminA,
      'exhibitors',
      { step: 'import', eventId: w.eventA },
      { name: 'exhibitors.xlsx', bytes: file },
    );
    expect(imported.statusCode).toBe(200);
    expect(reportOf(imported)).toMatchObject({ imported: true, created: 2 });
    expect(await exhibitorsNamed(['joerg@nordlicht.example', 'zoe@cafe-ole.example'])).toEqual([
      {
        email: 'joerg@nordlicht.example',
        first_name: 'Jörg',
        booth: 'A1',
        hall: 'Hall 1',
        external_id: 'X-1',
        company: 'Nordlicht GmbH',
        invitations: 1,
      },
      {
        email: 'zoe@cafe-ole.example',
        first_name: 'Zoë',
        booth: 'B2',
        hall: null,
        external_id: null,
        company: 'Café Olé',
        invitations: 1,
      },
    ]);

    // Matched by External ID (a new email) and by email; empty cells keep, the marker clears.
    const again = await xlsxOf([
      HEADER,
      ['X-1', '', '', '', 'joerg.mueller@nordlicht.example', '', 'A7', BULK_IMPORT_CLEAR_MARKER, '', ''],
      ['', '', '', '', 'zoe@cafe-ole.example', '', 'B2', '', '', ''],
    ]);
    const reimported = await upload(
      t,
      w.eventAdminA,
      'exhibitors',
      { step: 'import', eventId: w.eventA },
      { name: 'again.xlsx', bytes: again },
    );
    expect(reimported.statusCode).toBe(200);
    expect(reportOf(reimported)).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    expect(reportOf(reimported).rows.map((row) => row.action)).toEqual(['update', 'unchanged']);
    expect(await exhibitorsNamed(['joerg.mueller@nordlicht.example', 'joerg@nordlicht.example'])).toEqual([
      {
        email: 'joerg.mueller@nordlicht.example',
        first_name: 'Jörg',
        booth: 'A7',
        hall: null,
        external_id: 'X-1',
        company: 'Nordlicht GmbH',
        invitations: 0,
      },
    ]);
  });

  it('reports every bad row and cell, writes nothing, and answers the file with an Errors column', async () => {
    const file = await xlsxOf([
      HEADER,
      ['', 'Good Co', 'Ann', 'Good', 'ann@good.example', '', '', '', '', ''],
      ['', 'Bad Co', '', 'Bad', 'not-an-email', 'call me', '', '', 'ftp://x', ''],
      ['', 'Dup Co', 'Dup', 'Dup', 'ann@good.example', '', '', '', '', ''],
      ['', 'Taken Co', 'Tak', 'En', w.eventAdminA.email, '', '', '', '', ''],
      ['', '=HYPERLINK("http://evil.example")', 'Eve', 'Vil', BULK_IMPORT_CLEAR_MARKER, '', '', '', '', ''],
    ]);
    const response = await upload(
      t,
      w.eventAdminA,
      'exhibitors',
      { step: 'import', eventId: w.eventA },
      { name: 'bad.xlsx', bytes: file },
    );
    expect(response.statusCode).toBe(422);
    const report = reportOf(response);
    expect(report).toMatchObject({ imported: false, totalRows: 5, invalidRows: 4 });
    expect(report.rows[0]).toMatchObject({ row: 2, action: 'create', errors: [] });
    expect(report.rows[1]!.errors.map((error) => error.column).sort()).toEqual([
      'Email',
      'First name',
      'Phone',
      'Website',
    ]);
    expect(report.rows[1]!.values).toMatchObject({ Company: 'Bad Co', Email: 'not-an-email' });
    expect(report.rows[2]!.errors).toEqual([
      { column: 'Email', message: 'Also in row 2: each appears once in the file' },
    ]);
    expect(report.rows[3]!.errors).toEqual([{ column: 'Email', message: 'This address cannot be used for a new account; use another address' }]);
    expect(report.rows[4]!.errors[0]).toMatchObject({ column: 'Email' });
    expect(await exhibitorsNamed(['ann@good.example'])).toEqual([]);

    const annotated = await upload(
      t,
      w.eventAdminA,
      'exhibitors',
      { step: 'report', eventId: w.eventA },
      { name: 'bad.xlsx', bytes: file },
    );
    expect(annotated.statusCode).toBe(200);
    expect(annotated.headers['content-disposition']).toContain('bad-errors.xlsx');
    const rows = await rowsOf(annotated.rawPayload);
    expect(rows[0]).toEqual(['Errors', ...HEADER]);
    expect(rows[1]![0]).toBe('');
    expect(rows[2]![0]).toContain('Email: Enter a valid email address');
    // A cell that would run as a formula goes back as text.
    expect(rows[5]![2]).toBe(`'=HYPERLINK("http://evil.example")`);
  });

  it('round-trips its template: download, fill, upload, import', async () => {
    const template = await t.request(w.eventAdminA, {
      method: 'GET',
      url: `/api/admin/bulk-upload/exhibitors/template?eventId=${w.eventA}`,
    });
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-disposition']).toContain(`exhibitors-${w.eventA}-template.xlsx`);
    const rows = await rowsOf(template.rawPayload);
    expect(rows[0]).toEqual([
      'External ID',
      'Company *',
      'First name *',
      'Last name *',
      'Email *',
      'Phone',
      'Booth',
      'Hall',
      'Website',
      'Profile',
    ]);
    expect(rows[1]).toHaveLength(10);
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(String(sheet.getCell('H1').note)).toContain(BULK_IMPORT_CLEAR_MARKER);
    sheet.getRow(2).values = ['T-1', 'Template Co', 'Tem', 'Plate', 'template@exhibitor.example', '', 'C3', '', '', ''];
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());
    const imported = await upload(
      t,
      w.eventAdminA,
      'exhibitors',
      { step: 'import', eventId: w.eventA },
      { name: 'filled.xlsx', bytes: filled },
    );
    expect(imported.statusCode).toBe(200);
    expect(await exhibitorsNamed(['template@exhibitor.example'])).toMatchObject([
      { booth: 'C3', external_id: 'T-1', company: 'Template Co' },
    ]);
    const refused = await t.request(w.eventAdminA, {
      method: 'GET',
      url: `/api/admin/bulk-upload/exhibitors/template?eventId=${w.eventB}`,
    });
    expect(refused.statusCode).toBe(404);
  });

  it('writes nothing when the last of 2,000 rows is bad', async () => {
    const rows = Array.from({ length: 2000 }, (_v, i) => [
      '',
      `Late Co ${i}`,
      'Late',
      'Row',
      `late${i}@x.example`,
      '',
      '',
      '',
      '',
      '',
    ]);
    rows[1999]![4] = 'late-row-without-at';
    const response = await upload(
      t,
      w.eventAdminA,
      'exhibitors',
      { step: 'import', eventId: w.eventA },
      { name: 'late.xlsx', bytes: await xlsxOf([HEADER, ...rows]) },
    );
    expect(response.statusCode).toBe(422);
    expect(reportOf(response)).toMatchObject({ totalRows: 2000, invalidRows: 1, imported: false });
    expect(reportOf(response).rows[1999]).toMatchObject({ row: 2001, action: null });
    const written = await queryRows<{ n: number }>(
      t.db,
      sql`select cast(count(*) as integer) as n from admins where email like 'late%@x.example'`,
    );
    expect(written[0]!.n).toBe(0);
  });

  it('refuses another event, a caller without the permission, and an update without update_exhibitor', async () => {
    const file = await xlsxOf([HEADER, ['', 'Co', 'A', 'B', 'scope@x.example', '', '', '', '', '']]);
    const other = await upload(
      t,
      w.eventAdminA,
      'exhibitors',
      { step: 'validate', eventId: w.eventB },
      { name: 'x.xlsx', bytes: file },
    );
    expect(other.statusCode).toBe(404);
    const exhibitor = await upload(
      t,
      w.exhibitorA,
      'exhibitors',
      { step: 'validate', eventId: w.eventA },
      { name: 'x.xlsx', bytes: file },
    );
    expect(exhibitor.statusCode).toBe(403);

    const role = await queryRows<{ id: number }>(
      t.db,
      sql`insert into roles (name, is_system) values ('Exhibitor creator', false) returning id`,
    );
    await t.db.execute(
      sql`insert into role_permissions (role_id, permission_id) select ${role[0]!.id}, id from permissions where name = 'create_exhibitor'`,
    );
    const creator = await t.createUser({ roles: ['Exhibitor creator'], eventId: w.eventA });
    const existing = await queryRows<{ email: string }>(
      t.db,
      sql`select email from admins where id = ${w.exhibitorA.id}`,
    );
    const update = await xlsxOf([HEADER, ['', 'Co', 'New', 'Name', existing[0]!.email, '', '', '', '', '']]);
    const refused = await upload(
      t,
      creator,
      'exhibitors',
      { step: 'validate', eventId: w.eventA },
      { name: 'x.xlsx', bytes: update },
    );
    expect(refused.statusCode).toBe(200);
    expect(reportOf(refused).rows[0]!.errors[0]!.message).toMatch(/permission to update exhibitors/);
  });
});
