import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { allocations, customFields } from '../../db/schema/badges';
import { createTestApp, createWorld, type TestApp, type World } from '../../test/harness';
import { safeCell } from '../../lib/spreadsheet-cells';
import { formBody, reportOf, upload, xlsxOf, type UploadFile } from './upload-helpers.test-support';

/*
 * The fixtures were written by other programs than the one that writes the portal's files: the
 * exhibitors template, a badge template with custom fields and reports as the portal writes them,
 * opened and saved by LibreOffice 7.4
 * (`soffice --headless --convert-to xlsx|csv`), a report of before with its phone numbers behind a
 * literal apostrophe saved the same way, and a file written by Python's openpyxl 3.1.
 */
const fixture = async (name: string): Promise<UploadFile> => ({
  name,
  bytes: await readFile(new URL(`./fixtures/${name}`, import.meta.url)),
  type: name.endsWith('.csv') ? 'text/csv' : undefined,
});

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(() => t.close());

const validate = (file: UploadFile, step = 'validate') =>
  upload(t, w.eventAdminA, 'exhibitors', { step, eventId: w.eventA }, file);

const phonesOf = (emails: string[]) =>
  queryRows<{ email: string; phone: string | null }>(
    t.db,
    sql`select a.email, p.phone from admins a join exhibitor_profiles p on p.admin_id = a.id
         where a.email in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb)) order by a.email`,
  );

describe('spreadsheets written back and read again', () => {
  it('writes a signed number or phone number as itself, and only what could run as a formula behind an apostrophe', () => {
    expect(safeCell('+47 22 33 44 55')).toBe('+47 22 33 44 55');
    expect(safeCell('+44 (0)20 7946-0000')).toBe('+44 (0)20 7946-0000');
    expect(safeCell('-5')).toBe('-5');
    expect(safeCell('=HYPERLINK("http://evil.example")')).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(safeCell("+cmd|' /C calc'!A0")).toBe(`'+cmd|' /C calc'!A0`);
    expect(safeCell('-2+3+cmd|x')).toBe(`'-2+3+cmd|x`);
    expect(safeCell('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(safeCell('+')).toBe(`'+`);
  });

  it('writes the template’s and the report’s phone numbers in text cells, without an apostrophe', async () => {
    const template = await t.request(w.eventAdminA, {
      method: 'GET',
      url: `/api/admin/bulk-upload/exhibitors/template?eventId=${w.eventA}`,
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const phone = book.worksheets[0]!.getCell('F2');
    expect(phone.value).toBe('+44 20 7946 0000');
    expect(phone.numFmt).toBe('@');

    const file = await xlsxOf([
      ['Company', 'First name', 'Last name', 'Email', 'Phone'],
      ['Fjord Systems', 'Kari', 'Nordmann', 'not-an-email', '+47 22 33 44 55'],
      ['=HYPERLINK("http://evil.example")', 'Ola', 'Hansen', 'ola@report.example', ''],
    ]);
    const report = await validate({ name: 'x.xlsx', bytes: file }, 'report');
    expect(report.statusCode).toBe(200);
    const written = new ExcelJS.Workbook();
    await written.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    const rows = written.worksheets[0]!;
    expect(rows.getCell('F2').value).toBe('+47 22 33 44 55');
    expect(rows.getCell('F2').numFmt).toBe('@');
    expect(rows.getCell('B3').value).toBe(`'=HYPERLINK("http://evil.example")`);
  });

  it.each([
    'template.libreoffice.xlsx',
    'template.libreoffice.csv',
    'template.libreoffice-semicolon.csv',
  ])('takes the untouched template saved by LibreOffice (%s): its example row is good', async (name) => {
    const report = reportOf(await validate(await fixture(name)));
    expect(report.rows).toEqual([{ row: 2, action: 'create', errors: [] }]);
    expect(report.warnings).toEqual([]);
  });

  it.each(['badge-template.libreoffice.xlsx', 'badge-template.libreoffice.csv'])(
    'takes an untouched badge template saved by LibreOffice (%s): phone, date, number, option and yes/no as typed',
    async (name) => {
      const [category] = await queryRows<{ id: number }>(
        t.db,
        sql`insert into badge_categories (event_id, name, badge_type) values (${w.eventA}, ${`Crew ${name}`}, 'exhibitor') returning id`,
      );
      const field = (label: string, type: 'text' | 'select' | 'date' | 'phone' | 'number' | 'checkbox', extra = {}) => ({
        eventId: w.eventA,
        badgeCategoryId: category!.id,
        label,
        key: `${type}_${category!.id}`,
        type,
        ...extra,
      });
      await t.db.insert(customFields).values([
        field('Job title', 'text', { required: true }),
        field('Diet', 'select', {
          options: [
            { value: 'veg', label: 'Vegetarian' },
            { value: 'none', label: 'No preference' },
          ],
        }),
        field('Arrival', 'date'),
        field('Mobile', 'phone'),
        field('Guests', 'number'),
        field('Newsletter', 'checkbox'),
      ]);
      await t.db
        .insert(allocations)
        .values({ eventId: w.eventA, adminId: w.exhibitorA.id, badgeCategoryId: category!.id, quantity: 1 });
      const report = reportOf(
        await upload(
          t,
          w.exhibitorA,
          'exhibitor-users',
          { step: 'validate', eventId: w.eventA, badgeCategoryId: category!.id },
          await fixture(name),
        ),
      );
      expect(report.rows).toEqual([{ row: 2, action: 'create', errors: [] }]);
      expect(report.warnings).toEqual([]);
    },
  );

  it.each([
    ['report.libreoffice.xlsx', 'a corrected report of today'],
    ['report.libreoffice.csv', 'a corrected report of today'],
    ['old-report.libreoffice.xlsx', 'a report of before, its phone numbers behind an apostrophe'],
    ['old-report.libreoffice.csv', 'a report of before, its phone numbers behind an apostrophe'],
  ])('takes back %s (%s) saved by LibreOffice, Errors column and all', async (name) => {
    const report = reportOf(await validate(await fixture(name)));
    expect(report.invalidRows).toBe(0);
    expect(report.rows.map((row) => row.action)).toEqual(['create', 'create']);
    expect(report.warnings).toEqual([]);
  });

  it('imports the phone numbers as they were typed, from LibreOffice and from openpyxl', async () => {
    expect((await validate(await fixture('old-report.libreoffice.xlsx'), 'import')).statusCode).toBe(200);
    expect(await phonesOf(['kari@fjord.example', 'ola@oslo.example'])).toEqual([
      { email: 'kari@fjord.example', phone: '+47 22 33 44 55' },
      { email: 'ola@oslo.example', phone: '+47 22 00 00 00' },
    ]);
    expect((await validate(await fixture('openpyxl.xlsx'), 'import')).statusCode).toBe(200);
    expect(await phonesOf(['ingrid@bergen.example', 'nils@tromso.example'])).toEqual([
      { email: 'ingrid@bergen.example', phone: '+47 55 55 55 55' },
      { email: 'nils@tromso.example', phone: '+47 77 00 00 00' },
    ]);
  });

  it('takes a report saved by Excel as CSV: semicolons, a BOM, the apostrophe kept as text', async () => {
    const csv =
      '\ufeffErrors;Company;First name;Last name;Email;Phone\r\n' +
      ";Excel Co;Eva;Lund;eva@excel.example;'+47 22 33 44 55\r\n" +
      'Email: Enter a valid email address;Excel Two;Per;Dahl;per@excel.example;+47 22 00 00 00\r\n';
    const report = reportOf(await validate({ name: 'report.csv', bytes: Buffer.from(csv), type: 'text/csv' }));
    expect(report).toMatchObject({ encoding: 'utf-8-bom', invalidRows: 0, warnings: [] });
  });

  it('refuses the row of a .csv that an unquoted separator moved on, naming it, and takes the others', async () => {
    const csv =
      'Company;First name;Last name;Email;Phone\r\n' +
      'Good Co;Gro;Lie;gro@semi.example;+47 22 33 44 55\r\n' +
      'Smith; Jones & Co;Ann;Smith;ann@semi.example;+47 22 00 00 00\r\n' +
      'Third Co;Tor;Ås;tor@semi.example;\r\n' +
      'Lee; Park;Kim;Lee;kim@semi.example;\r\n' +
      'Short Co;Sam;Short;sam@semi.example\r\n';
    const report = reportOf(await validate({ name: 'semi.csv', bytes: Buffer.from(csv), type: 'text/csv' }));
    expect(report.invalidRows).toBe(2);
    expect(report.rows[0]).toMatchObject({ row: 2, action: 'create' });
    expect(report.rows[1]).toEqual({
      row: 3,
      action: null,
      errors: [
        {
          column: null,
          message:
            'Wrong number of columns: this row has 6 values where the header has 5; a value holding “;” must be in double quotes',
        },
      ],
      values: {
        Company: 'Smith',
        'First name': ' Jones & Co',
        'Last name': 'Ann',
        Email: 'Smith',
        Phone: 'ann@semi.example',
      },
    });
    expect(report.rows[2]).toMatchObject({ row: 4, action: 'create' });
    // Moved on though its last value is empty: the separators are counted, not the values.
    expect(report.rows[3]).toMatchObject({ row: 5, action: null, errors: [{ column: null }] });
    // Fewer values than the header: the missing ones are empty, as Excel writes some rows.
    expect(report.rows[4]).toMatchObject({ row: 6, action: 'create' });
    expect(report.warnings).toEqual([]);
  });

  it('refuses such a row in a bulk send of registration links too', async () => {
    const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA, companyId: w.companyA });
    await t.db
      .insert(allocations)
      .values({ eventId: w.eventA, adminId: exhibitor.id, badgeCategoryId: w.categoryA, quantity: 5 });
    const csv = 'email;firstName;lastName\r\nok@semi.example;Ok;Row\r\nbad@semi.example;Mary; Ann;Bad\r\n';
    const response = await t.request(exhibitor, {
      method: 'POST',
      url: '/api/admin/registration-links/bulk-user-badge-category/upload',
      ...formBody(
        { step: 'validate', badgeCategoryId: w.categoryA },
        { name: 'r.csv', bytes: Buffer.from(csv), type: 'text/csv' },
      ),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().report).toMatchObject({ totalRows: 2, invalidRows: 1 });
    expect(response.json().report.rows[0]).toMatchObject({
      row: 3,
      errors: [{ column: null, message: expect.stringMatching(/^Wrong number of columns: this row has 4 values/) }],
    });
  });
});
