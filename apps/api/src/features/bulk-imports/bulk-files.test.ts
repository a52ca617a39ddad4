import { BULK_IMPORT_MAX_ROWS } from '@portal/shared/bulk-imports';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, createWorld, type TestApp, type World } from '../../test/harness';
import { csvOf, reportOf, upload, xlsxOf, type UploadFile } from './upload-helpers.test-support';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(() => t.close());

const HEADER = ['Company', 'First name', 'Last name', 'Email'];
const send = (file: UploadFile, step = 'validate') =>
  upload(t, w.eventAdminA, 'exhibitors', { step, eventId: w.eventA }, file);

/**
 * A zip of one deflated entry, written by hand so its sizes are what a bomb declares: the content's
 * own, or for already packed bytes, whatever size it is told to claim.
 */
function zipOf(name: string, content: Buffer | { packed: Buffer; claimed: number }): Buffer {
  const packed = Buffer.isBuffer(content) ? deflateRawSync(content, { level: 9 }) : content.packed;
  const size = Buffer.isBuffer(content) ? content.length : content.claimed;
  const crc = Buffer.isBuffer(content) ? crc32(content) : 0;
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(fileName.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + fileName.length, 12);
  end.writeUInt32LE(30 + fileName.length + packed.length, 16);
  return Buffer.concat([local, fileName, packed, central, fileName, end]);
}

/** Bytes of zeros, deflated a MiB at a time so they are never all in memory. */
async function packedZeros(bytes: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const packed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => packed.push(chunk));
  const mib = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < bytes; written += mib.length) {
    if (!deflate.write(mib)) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return Buffer.concat(packed);
}

function expectFileError(response: { statusCode: number; json(): unknown }, status: number, message: RegExp) {
  expect(response.statusCode).toBe(status);
  const body = response.json() as { message: string; details?: { field: string }[] };
  expect(body.message).toMatch(message);
  expect(body.details?.[0]?.field).toBe('file');
}

describe('bulk import files', () => {
  it('refuses what is not a spreadsheet with 415 naming file', async () => {
    expectFileError(
      await send({ name: 'notes.pdf', bytes: Buffer.from('%PDF-1.7 ...'), type: 'application/pdf' }),
      415,
      /\.pdf file cannot be imported/,
    );
    expectFileError(
      await send({ name: 'old.xls', bytes: Buffer.from('d0cf11e0a1b11ae1000000', 'hex') }),
      415,
      /old Excel file/,
    );
    expectFileError(
      await send({ name: 'fake.xlsx', bytes: Buffer.from('Company,Email\n') }),
      415,
      /not an Excel workbook/,
    );
  });

  it('refuses a file over 10 MB with 413 naming file, however far over, and a missing file with 400', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 'a');
    expectFileError(await send({ name: 'big.csv', bytes: big, type: 'text/csv' }), 413, /larger than 10 MB/);
    // Far over, the body is refused on its declared length before its file part is reached.
    const huge = Buffer.alloc(12 * 1024 * 1024, 'a');
    expectFileError(await send({ name: 'huge.csv', bytes: huge, type: 'text/csv' }), 413, /larger than/);
    const missing = await upload(t, w.eventAdminA, 'exhibitors', { step: 'validate', eventId: w.eventA });
    expectFileError(missing, 400, /Attach the spreadsheet/);
  });

  it('refuses empty, header-only, blank, headerless and over-long files with clear 400s', async () => {
    expectFileError(await send({ name: 'empty.xlsx', bytes: Buffer.alloc(0) }), 400, /empty/);
    expectFileError(await send({ name: 'empty.csv', bytes: Buffer.alloc(0), type: 'text/csv' }), 400, /empty/);
    expectFileError(await send({ name: 'header.xlsx', bytes: await xlsxOf([HEADER]) }), 400, /header but no rows/);
    expectFileError(
      await send({ name: 'header.csv', bytes: Buffer.from(csvOf([HEADER])), type: 'text/csv' }),
      400,
      /header but no rows/,
    );
    expectFileError(await send({ name: 'blank.xlsx', bytes: await xlsxOf([]) }), 400, /no rows/);
    expectFileError(
      await send({ name: 'blank.csv', bytes: Buffer.from('\r\n ,, \r\n'), type: 'text/csv' }),
      400,
      /no rows/,
    );
    expectFileError(
      await send({
        name: 'missing.csv',
        bytes: Buffer.from(
          csvOf([
            ['Company', 'Email'],
            ['A', 'a@x.example'],
          ]),
        ),
        type: 'text/csv',
      }),
      400,
      /no column “First name”, “Last name”/,
    );
    expectFileError(
      await send({
        name: 'gap.csv',
        bytes: Buffer.from(
          csvOf([
            ['Company', '', 'Email'],
            ['A', 'b', 'c'],
          ]),
        ),
        type: 'text/csv',
      }),
      400,
      /empty cell in column 2/,
    );
    const rows = [
      HEADER,
      ...Array.from({ length: BULK_IMPORT_MAX_ROWS + 1 }, (_v, i) => ['Co', 'A', 'B', `r${i}@x.example`]),
    ];
    expectFileError(
      await send({ name: 'long.csv', bytes: Buffer.from(csvOf(rows)), type: 'text/csv' }),
      400,
      /more than 50,000 rows/,
    );
  });

  it('refuses a huge cell, a zip bomb and a damaged .xlsx without a 500', async () => {
    const huge = await xlsxOf([HEADER, ['x'.repeat(40_000), 'A', 'B', 'huge@x.example']]);
    expectFileError(await send({ name: 'huge.xlsx', bytes: huge }), 400, /more than 32767 characters/);
    const longRow = Buffer.from(`${HEADER.join(',')}\n${'y'.repeat(2 * 1024 * 1024)},A,B,c@x.example\n`);
    expectFileError(await send({ name: 'long-row.csv', bytes: longRow, type: 'text/csv' }), 400, /longer than 1 MB/);
    const bomb = zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(50 * 1024 * 1024, ' '));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expectFileError(await send({ name: 'bomb.xlsx', bytes: bomb }), 400, /zip bomb/);
    const damaged = (await xlsxOf([HEADER, ['Co', 'A', 'B', 'd@x.example']])).subarray(0, 2000);
    expectFileError(await send({ name: 'damaged.xlsx', bytes: damaged }), 400, /cannot be read|damaged/);
    expectFileError(
      await send({
        name: 'quotes.csv',
        bytes: Buffer.from('Company,First name,Last name,Email\n"open,A,B,c@x.example\n'),
        type: 'text/csv',
      }),
      400,
      /check its quotes/,
    );
  });

  it('reads a formula as its saved value, with a warning, and never runs it', async () => {
    const file = await xlsxOf([
      HEADER,
      ['Formula Co', { formula: 'UPPER("ann")', result: 'ANN' }, 'Smith', 'formula@x.example'],
      ['Empty Co', { formula: 'NOW()' } as never, 'Jones', 'noresult@x.example'],
    ]);
    const report = reportOf(await send({ name: 'formula.xlsx', bytes: file }));
    expect(report.warnings).toEqual(
      expect.arrayContaining([
        {
          row: 2,
          column: 'First name',
          message: 'A formula was read as its last saved value; type the value instead to be sure',
        },
        {
          row: 3,
          column: 'First name',
          message: 'A formula without a saved value was read as empty; type the value instead',
        },
      ]),
    );
    expect(report.rows[0]!.action).toBe('create');
    expect(report.rows[1]!.errors).toEqual([{ column: 'First name', message: 'Required for a new exhibitor' }]);
  });

  it('reads .csv in UTF-8 with and without BOM, Windows-1252 and Latin-1, and accents survive the import', async () => {
    const rows = (suffix: string) => [
      HEADER,
      [`Société Générale ${suffix}`, 'Renée', 'Çelik-Ångström', `renee.${suffix}@x.example`],
    ];
    const cases: [string, Buffer, string][] = [
      ['utf8', Buffer.from(csvOf(rows('utf8')), 'utf8'), 'utf-8'],
      ['bom', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csvOf(rows('bom')), 'utf8')]), 'utf-8-bom'],
      ['latin1', Buffer.from(csvOf(rows('latin1')), 'latin1'), 'iso-8859-1'],
      // The euro sign and curly apostrophe exist only in Windows-1252, as 0x80 and 0x92.
      [
        'cp1252',
        Buffer.from(
          csvOf([HEADER, ['Café \x80uro\x92s cp1252', 'Renée', 'Çelik-Ångström', 'renee.cp1252@x.example']]),
          'latin1',
        ),
        'windows-1252',
      ],
    ];
    for (const [name, bytes, encoding] of cases) {
      const response = await send({ name: `${name}.csv`, bytes, type: 'text/csv' }, 'import');
      expect(response.statusCode, name).toBe(200);
      expect(reportOf(response), name).toMatchObject({ format: 'csv', encoding, created: 1, warnings: [] });
    }
    const stored = await queryRows<{ email: string; first_name: string; last_name: string; company: string }>(
      t.db,
      sql`select a.email, a.first_name, a.last_name, c.name as company from admins a join companies c on c.id = a.company_id where a.email like 'renee.%' order by a.email`,
    );
    expect(stored.map((row) => [row.first_name, row.last_name])).toEqual(Array(4).fill(['Renée', 'Çelik-Ångström']));
    expect(stored.map((row) => row.company)).toEqual([
      'Société Générale bom',
      'Café €uro’s cp1252',
      'Société Générale latin1',
      'Société Générale utf8',
    ]);
  });

  it('warns where a character could not be read, and reads semicolon-separated files', async () => {
    const bytes = Buffer.from(
      'Company;First name;Last name;Email\r\nBad\x81Byte\x80;A;B;bad.byte@x.example\r\n',
      'latin1',
    );
    const report = reportOf(await send({ name: 'semi.csv', bytes, type: 'text/csv' }));
    expect(report.encoding).toBe('windows-1252');
    expect(report.warnings).toEqual(
      expect.arrayContaining([
        {
          row: null,
          column: null,
          message: 'Some bytes have no character in Windows-1252; save the file as “CSV UTF-8”',
        },
        { row: 2, column: 'Company', message: 'A character could not be read; check this cell' },
      ]),
    );
    expect(report.rows[0]!.action).toBe('create');
  });

  it('refuses a zip whose headers claim small parts that unpack to hundreds of MB, leaving no file behind', async () => {
    const liar = zipOf('xl/worksheets/sheet1.xml', { packed: await packedZeros(300 * 1024 * 1024), claimed: 4096 });
    expect(liar.length).toBeLessThan(1024 * 1024);
    const temp = await mkdtemp(join(tmpdir(), 'bulk-bomb-'));
    const previous = process.env.TMPDIR;
    process.env.TMPDIR = temp;
    try {
      expectFileError(await send({ name: 'liar.xlsx', bytes: liar }), 400, /more than its headers declare.*zip bomb/);
      expect(await readdir(temp)).toEqual([]);
    } finally {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      await rm(temp, { recursive: true, force: true });
    }
  });

  it('never answers 500 to random bytes, random zips or random cells, of any kind', async () => {
    const fields = { eventId: w.eventA, badgeCategoryId: w.categoryA };
    const kinds = fc.constantFrom('exhibitors', 'sub-accounts', 'exhibitor-users');
    const names = fc.constantFrom('f.xlsx', 'f.csv', 'f', 'f.txt');
    const cell = fc.oneof(
      fc.string(),
      fc.constantFrom('[clear]', '=1+1', '\u0000', '"', 'a@b.example', '2026-02-30', ''),
    );
    const csv = fc
      .array(fc.array(cell, { maxLength: 8 }), { maxLength: 6 })
      .map((rows) => Buffer.from(csvOf([['First name', 'Last name', 'Email', 'Company'], ...rows])));
    const zip = fc.uint8Array({ maxLength: 2000 }).map((bytes) => zipOf('xl/workbook.xml', Buffer.from(bytes)));
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 4000 }).map((b) => Buffer.from(b)),
      csv,
      zip,
    );
    await fc.assert(
      fc.asyncProperty(
        kinds,
        names,
        bytes,
        fc.constantFrom('validate', 'import', 'report'),
        async (kind, name, content, step) => {
          const response = await upload(
            t,
            w.eventAdminA,
            kind,
            { step, ...fields, exhibitorId: kind === 'exhibitors' ? undefined : w.exhibitorA.id },
            { name, bytes: content, type: 'text/csv' },
          );
          expect(response.statusCode, `${kind} ${name} ${step}`).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });
});
