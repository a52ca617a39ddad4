import type { BankStatementLine, BankStatementPreview } from '@portal/shared/bank-statements';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/harness';
import { listEmailsTo } from '../email/email.repository';
import { fixture, newShow, sendStatement, type Show } from './bank-statements.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PAYMENT_PROVIDER: 'manual' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const LIBREOFFICE_MAPPING = {
  headerRow: 1,
  date: 0,
  payer: 2,
  reference: 3,
  amount: 4,
  currency: 5,
  decimalSeparator: ',',
  dateFormat: 'DD.MM.YYYY',
} as const;

async function preview(show: Show, statement: Parameters<typeof sendStatement>[4]): Promise<BankStatementPreview> {
  const response = await sendStatement(t, show.organiser, show.eventId, 'preview', statement);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const byNumber = (lines: BankStatementLine[], lineNumber: number) => lines.find((l) => l.lineNumber === lineNumber)!;

async function paymentAttempts(purchaseId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select cast(count(*) as integer) as n from payment_attempts where allocation_purchase_id = ${purchaseId}`,
  );
  return row!.n;
}

describe('CAMT.053 statements', () => {
  it('reads version 001.02: a payment, a debit, a part payment by structured reference and an unknown credit, writing nothing', async () => {
    const show = await newShow(t);
    const a = await show.invoiced(3);
    const b = await show.invoiced(3);
    const bytes = fixture('camt053.001.02.xml', { INV_A: a.number, INV_B: b.number });
    const result = await preview(show, { name: 'statement.xml', bytes });

    expect(result).toMatchObject({ format: 'camt053', eventCurrency: 'EUR', needsMapping: false, csv: null });
    expect(result.lines.map((l) => l.status)).toEqual(['matched', 'not_a_credit', 'amount_mismatch', 'unmatched']);
    expect(result.lines[0]).toMatchObject({
      key: 'camt:2026112000014711',
      amount: 21300,
      currency: 'EUR',
      bookingDate: '2026-11-20',
      payer: 'Müller & Söhne GmbH',
      matchedBy: 'reference',
      purchase: { id: a.id, invoiceNumber: a.number, amountToPay: 21300 },
    });
    expect(result.lines[2]).toMatchObject({ reference: b.number, difference: -11300, purchase: { id: b.id } });
    expect(result.lines[2]!.reason).toContain('€113.00 too little');
    expect(result.lines[3]!.reason).toBe('No invoice number in the reference, and no open invoice is for €150.00');
    expect(result.summary).toMatchObject({ matched: 1, not_a_credit: 1, amount_mismatch: 1, unmatched: 1, duplicate: 0 });
    expect((await show.purchase(a.id)).status).toBe('approved');
    expect(await show.recordedLines()).toBe(0);
  });

  it('records a confirmed line as the bank transfer POST /payments records, and never records it twice', async () => {
    const show = await newShow(t);
    const a = await show.invoiced(3);
    const b = await show.invoiced(3);
    const statement = { name: 'statement.xml', bytes: fixture('camt053.001.02.xml', { INV_A: a.number, INV_B: b.number }) };
    const before = await show.places();

    const confirmed = await sendStatement(t, show.organiser, show.eventId, 'confirm', {
      ...statement,
      lines: ['camt:2026112000014711'],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toEqual({
      recorded: [
        {
          key: 'camt:2026112000014711',
          lineNumber: 1,
          purchaseId: a.id,
          invoiceNumber: a.number,
          amount: 21300,
          paymentReference: '2026112000014711',
        },
      ],
      currency: 'EUR',
      totalAmount: 21300,
    });
    const paid = await show.purchase(a.id);
    expect(paid).toMatchObject({
      status: 'paid',
      is_paid: true,
      paymentProvider: 'manual',
      paymentReference: '2026112000014711',
      paidAt: '2026-11-20T12:00:00.000Z',
    });
    expect(await show.places()).toBe(before + 3);
    expect((await listEmailsTo(t.db, show.exhibitor.email)).some((m) => /paid|payment/i.test(m.subject))).toBe(true);
    const audit = await queryRows<{ action: string }>(
      t.db,
      sql`select action from audit_log where event_id = ${show.eventId} and action in ('pay', 'record_bank_statement') order by id`,
    );
    expect(audit.map((row) => row.action)).toEqual(['pay', 'record_bank_statement']);

    // The same statement again: the line is known, and a second confirmation is refused whole.
    const again = await preview(show, statement);
    expect(byNumber(again.lines, 1)).toMatchObject({ status: 'duplicate', purchase: null });
    expect(byNumber(again.lines, 1).reason).toBe(`This bank line was already recorded as the payment of invoice ${a.number}`);
    const twice = await sendStatement(t, show.organiser, show.eventId, 'confirm', { ...statement, lines: ['camt:2026112000014711'] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().details).toEqual([{ field: 'lines.0', message: expect.stringContaining('Line 1: This bank line was already recorded') }]);
    expect(await show.recordedLines()).toBe(1);
    expect(await paymentAttempts(a.id)).toBe(1);
    expect(await show.places()).toBe(before + 3);
  });

  it('reads version 001.08: spaced references, debtor parties, batch bookings, other currencies, repeated and pending entries', async () => {
    const show = await newShow(t);
    const c = await show.invoiced(3);
    const d = await show.invoiced(3);
    const e = await show.invoiced(3);
    const spaced = c.number.toLowerCase().replaceAll('-', ' ');
    const bytes = fixture('camt053.001.08.xml', { INV_C_SPACED: spaced, INV_D: d.number, INV_E: e.number });
    const result = await preview(show, { name: 'statement.xml', bytes });

    expect(result.lines.map((l) => [l.lineNumber, l.status, l.matchedBy])).toEqual([
      [1, 'matched', 'reference'],
      [2, 'currency_mismatch', null],
      [3, 'matched', 'reference'],
      [4, 'matched', 'reference'],
      [5, 'duplicate', null],
      [6, 'unmatched', null],
    ]);
    expect(byNumber(result.lines, 1)).toMatchObject({ payer: 'Van der Berg Stands B.V.', bookingDate: '2026-11-21', purchase: { id: c.id } });
    expect(byNumber(result.lines, 2).reason).toBe('Paid in USD; the event invoices in EUR');
    expect(byNumber(result.lines, 3)).toMatchObject({ key: 'camt:NL-ABNA-20261121-000983-1', amount: 21300, payer: 'Fjord Displays AS', purchase: { id: d.id } });
    expect(byNumber(result.lines, 4)).toMatchObject({ key: 'camt:NL-ABNA-20261121-000983-2', purchase: { id: e.id } });
    expect(byNumber(result.lines, 5).reason).toBe('The same bank line as line 1 of this statement');
    expect(byNumber(result.lines, 6).reason).toBe('The bank has not booked this entry yet (status PDNG)');

    // Both halves of the batch, in one transaction.
    const confirmed = await sendStatement(t, show.organiser, show.eventId, 'confirm', {
      name: 'statement.xml',
      bytes,
      lines: ['camt:NL-ABNA-20261121-000983-1', 'camt:NL-ABNA-20261121-000983-2'],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await show.purchase(d.id)).status).toBe('paid');
    expect((await show.purchase(e.id)).status).toBe('paid');
    expect((await show.purchase(c.id)).status).toBe('approved');
  });

  it('refuses files that are not statements it reads, naming the file', async () => {
    const show = await newShow(t);
    const cases: [string, string][] = [
      ['<Document><BkToCstmrStmt/></Document>', 'This XML file is not a CAMT.053 bank statement (ISO 20022 BkToCstmrStmt)'],
      [
        '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.08"><BkToCstmrAcctRpt/></Document>',
        'This XML file is not a CAMT.053 bank statement (ISO 20022 BkToCstmrStmt)',
      ],
      [
        '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.12"><BkToCstmrStmt/></Document>',
        'CAMT.053 version 001.12 is not read; versions 001.02 to 001.08 are',
      ],
      [
        '<!DOCTYPE d [<!ENTITY x "x">]><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"/>',
        'A bank statement carries no DOCTYPE; this file is refused',
      ],
      ['<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt></Document>', 'The XML cannot be read at line 1'],
      ['', 'The file is empty'],
    ];
    for (const [content, message] of cases) {
      const response = await sendStatement(t, show.organiser, show.eventId, 'preview', { name: 's.xml', bytes: Buffer.from(content) });
      expect(response.statusCode, content).toBe(400);
      expect(response.json().details[0]).toMatchObject({ field: 'file', message: expect.stringContaining(message) });
    }
    const csvAsCamt = await sendStatement(t, show.organiser, show.eventId, 'preview', {
      name: 's.csv',
      bytes: Buffer.from('a,b\n1,2\n'),
      format: 'camt053',
    });
    expect(csvAsCamt.json().details).toEqual([{ field: 'format', message: 'The file is a CSV file, not CAMT.053' }]);
  });

  it('refuses a statement over 5 MB and one of more than 10,000 lines', async () => {
    const show = await newShow(t);
    const big = await sendStatement(t, show.organiser, show.eventId, 'preview', {
      name: 'big.csv',
      bytes: Buffer.alloc(5 * 1024 * 1024 + 1, 'a'),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().details[0]).toMatchObject({ field: 'file' });
    const rows = ['Date,Text,Amount', ...Array.from({ length: 10_001 }, (_v, i) => `2026-11-20,Row ${i},1.00`)].join('\n');
    const long = await sendStatement(t, show.organiser, show.eventId, 'preview', {
      name: 'long.csv',
      bytes: Buffer.from(rows),
      mapping: { date: 0, reference: 1, amount: 2, decimalSeparator: '.', dateFormat: 'YYYY-MM-DD' },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().details[0]).toEqual({ field: 'file', message: 'The statement has more than 10000 lines; split it by date' });
  });
});

describe('CSV statements', () => {
  it('reads a LibreOffice export (semicolons, decimal comma, Windows-1252), first its layout, then its lines', async () => {
    const show = await newShow(t);
    const a = await show.invoiced(3);
    const b = await show.invoiced(3);
    const bytes = fixture('libreoffice-semicolon.windows-1252.csv', { INV_A: a.number, INV_B: b.number });

    const layout = await preview(show, { name: 'umsaetze.csv', bytes });
    expect(layout).toMatchObject({ format: 'csv', needsMapping: true, lines: [] });
    expect(layout.csv).toMatchObject({
      delimiter: ';',
      encoding: 'windows-1252',
      columns: ['Buchungstag', 'Valuta', 'Auftraggeber/Empfänger', 'Verwendungszweck', 'Betrag', 'Währung'],
      suggestedMapping: { ...LIBREOFFICE_MAPPING, bankReference: null },
    });
    expect(layout.csv!.rows[2]![3]).toBe(`RG-NR. ${b.number} – Teilzahlung`);

    const result = await preview(show, { name: 'umsaetze.csv', bytes, mapping: LIBREOFFICE_MAPPING });
    expect(result.lines.map((l) => [l.lineNumber, l.status])).toEqual([
      [2, 'matched'],
      [3, 'amount_mismatch'],
      [4, 'not_a_credit'],
    ]);
    expect(result.lines[0]).toMatchObject({ payer: 'Müller & Söhne GmbH', amount: 21300, bookingDate: '2026-11-20', bankReference: null });
    expect(result.lines[0]!.key).toMatch(/^sha256:[0-9a-f]{40}$/);
    expect(result.lines[1]).toMatchObject({ amount: 100000, difference: 100000 - 21300, payer: 'Bäckerei Größ' });
    expect(result.lines[1]!.reason).toBe(`Invoice ${b.number} is for €213.00; €1,000.00 came, €787.00 too much`);

    const confirmed = await sendStatement(t, show.organiser, show.eventId, 'confirm', {
      name: 'umsaetze.csv',
      bytes,
      mapping: LIBREOFFICE_MAPPING,
      lines: [result.lines[0]!.key],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // No bank id in this export: the purchase shows what the payer wrote.
    expect((await show.purchase(a.id)).paymentReference).toBe(`Rechnung ${a.number}; Stand 12`);
    const again = await preview(show, { name: 'umsaetze.csv', bytes, mapping: LIBREOFFICE_MAPPING });
    expect(again.lines[0]!.status).toBe('duplicate');
  });

  it('reads a plain comma CSV with a bank id column: repeated rows, amount-only matches, already paid invoices', async () => {
    const show = await newShow(t);
    const a = await show.invoiced(3);
    const other = await show.invoiced(3);
    const mapping = { date: 0, reference: 1, amount: 2, currency: 3, payer: 4, bankReference: 5, decimalSeparator: '.', dateFormat: 'YYYY-MM-DD' } as const;
    const bytes = fixture('plain-comma.utf8-bom.csv', { INV_A: a.number });

    const layout = await preview(show, { name: 'export.csv', bytes });
    expect(layout.csv).toMatchObject({ delimiter: ',', encoding: 'utf-8-bom', suggestedMapping: { ...mapping, headerRow: 1 } });

    const result = await preview(show, { name: 'export.csv', bytes, mapping });
    expect(result.lines.map((l) => [l.status, l.matchedBy])).toEqual([
      ['matched', 'reference'],
      ['duplicate', null],
      ['matched', 'amount'],
      ['not_a_credit', null],
    ]);
    expect(result.lines[0]).toMatchObject({ key: 'csv:TX-0001', payer: 'Smith, Jones & Co' });
    expect(result.lines[2]).toMatchObject({ payer: 'Quick "Fast" Stands', purchase: { id: other.id } });
    expect(result.lines[2]!.reason).toContain(`invoice ${other.number} is the only open one for €213.00`);

    // Paid by hand meanwhile: the line that names it says so, and confirming it is refused whole.
    const byHand = await t.request(show.organiser, {
      method: 'POST',
      url: '/api/payments',
      payload: { allocationPurchaseId: a.id, reference: 'typed by hand' },
    });
    expect(byHand.statusCode, byHand.body).toBe(201);
    const later = await preview(show, { name: 'export.csv', bytes, mapping });
    expect(later.lines[0]).toMatchObject({ status: 'already_paid', reason: `Invoice ${a.number} is already paid` });
    // With invoice A paid, the amount-only line now finds one open invoice of €213.00 still: the other.
    expect(later.lines[2]).toMatchObject({ status: 'matched', matchedBy: 'amount', purchase: { id: other.id } });
    const refused = await sendStatement(t, show.organiser, show.eventId, 'confirm', {
      name: 'export.csv',
      bytes,
      mapping,
      lines: ['csv:TX-0002', 'csv:TX-0001'],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: '1 of the ticked lines no longer match; nothing was recorded. Preview the statement again',
      details: [{ field: 'lines.1', message: `Line 2: Invoice ${a.number} is already paid` }],
    });
    expect((await show.purchase(other.id)).status).toBe('approved');
    expect(await show.recordedLines()).toBe(0);
    expect(await paymentAttempts(a.id)).toBe(1);
  });

  it('calls a line ambiguous when several open invoices share its amount or its reference names several', async () => {
    const show = await newShow(t);
    const a = await show.invoiced(3);
    const b = await show.invoiced(3);
    const csv = [
      'Date;Text;Amount',
      '2026-11-20;Booth;213,00',
      `2026-11-20;${a.number} and ${b.number};426,00`,
      '2026-11-20;Someone;12,00',
    ].join('\n');
    const result = await preview(show, {
      name: 'x.csv',
      bytes: Buffer.from(csv),
      mapping: { date: 0, reference: 1, amount: 2, decimalSeparator: ',', dateFormat: 'YYYY-MM-DD' },
    });
    expect(result.lines.map((l) => l.status)).toEqual(['ambiguous', 'ambiguous', 'unmatched']);
    expect(result.lines[0]!.candidates.map((c) => c.id).sort()).toEqual([a.id, b.id].sort());
    expect(result.lines[0]!.reason).toBe('No invoice number in the reference, and 2 open invoices are for €213.00');
    expect(result.lines[1]!.reason).toBe(`The reference names 2 invoices (${a.number}, ${b.number}); record them one by one`);
  });

  it('refuses a mapping that names a column the file does not have, and a confirmation without one', async () => {
    const show = await newShow(t);
    const bytes = Buffer.from('Date,Text,Amount\n2026-11-20,x,1.00\n');
    const wide = await sendStatement(t, show.organiser, show.eventId, 'preview', {
      name: 'x.csv',
      bytes,
      mapping: { date: 0, reference: 1, amount: 7, decimalSeparator: '.', dateFormat: 'YYYY-MM-DD' },
    });
    expect(wide.statusCode).toBe(400);
    expect(wide.json().details).toEqual([{ field: 'file', message: "The amount column (8) is beyond the file's 3 columns" }]);
    const badMapping = await sendStatement(t, show.organiser, show.eventId, 'preview', {
      name: 'x.csv',
      bytes,
      mapping: { date: 0, reference: 1, amount: 2, decimalSeparator: '.', dateFormat: 'D/M' } as never,
    });
    expect(badMapping.statusCode).toBe(400);
    expect(badMapping.json().details[0].field).toBe('mapping.dateFormat');
    const unmapped = await sendStatement(t, show.organiser, show.eventId, 'confirm', { name: 'x.csv', bytes, lines: ['k'] });
    expect(unmapped.json().details).toEqual([{ field: 'mapping', message: 'Choose the columns of the CSV before confirming' }]);
  });
});

describe('currencies', () => {
  it('matches yen without decimals, and refuses a yen amount with a fraction', async () => {
    const show = await newShow(t, 'JPY', 4500);
    const a = await show.invoiced(3);
    const csv = ['Date,Text,Amount', `2026-11-20,${a.number},"13,500"`, `2026-11-21,${a.number},13500.50`].join('\n');
    const result = await preview(show, {
      name: 'yen.csv',
      bytes: Buffer.from(csv),
      mapping: { date: 0, reference: 1, amount: 2, decimalSeparator: '.', dateFormat: 'YYYY-MM-DD' },
    });
    expect(result.eventCurrency).toBe('JPY');
    expect(result.lines[0]).toMatchObject({ status: 'matched', amount: 13500, currency: 'JPY', purchase: { amountToPay: 13500 } });
    expect(result.lines[1]).toMatchObject({ status: 'unmatched', amount: null });
    expect(result.lines[1]!.reason).toBe('The amount “13500.50” cannot be read with “.” as the decimal separator');
  });
});

describe('confirming', () => {
  it('records all the ticked lines or none: a failure on the second leaves the first unpaid', async () => {
    const show = await newShow(t);
    const a = await show.invoiced(3);
    const b = await show.invoiced(3);
    const csv = ['Date,Text,Amount', `2026-11-20,${a.number},213.00`, `2026-11-20,${b.number},213.00`].join('\n');
    const statement = {
      name: 'two.csv',
      bytes: Buffer.from(csv),
      mapping: { date: 0, reference: 1, amount: 2, decimalSeparator: '.', dateFormat: 'YYYY-MM-DD' } as const,
    };
    const lines = (await preview(show, statement)).lines;
    expect(lines.map((l) => l.status)).toEqual(['matched', 'matched']);
    const before = await show.places();
    const mailsBefore = (await listEmailsTo(t.db, show.exhibitor.email)).length;

    // The database refuses the second line's record, after the first purchase was paid in the same transaction.
    await t.db.execute(
      sql.raw(`create function refuse_bank_line() returns trigger language plpgsql as $$
        begin if new.allocation_purchase_id = ${b.id} then raise exception 'refused for the test'; end if; return new; end $$`),
    );
    await t.db.execute(sql.raw('create trigger refuse_bank_line before insert on bank_statement_lines for each row execute function refuse_bank_line()'));
    try {
      const failed = await sendStatement(t, show.organiser, show.eventId, 'confirm', { ...statement, lines: lines.map((l) => l.key) });
      expect(failed.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_bank_line on bank_statement_lines'));
      await t.db.execute(sql.raw('drop function refuse_bank_line()'));
    }
    expect((await show.purchase(a.id)).status).toBe('approved');
    expect(await paymentAttempts(a.id)).toBe(0);
    expect(await show.recordedLines()).toBe(0);
    expect(await show.places()).toBe(before);
    expect((await listEmailsTo(t.db, show.exhibitor.email)).length).toBe(mailsBefore);

    const confirmed = await sendStatement(t, show.organiser, show.eventId, 'confirm', { ...statement, lines: lines.map((l) => l.key) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.totalAmount).toBe(42600);
    expect(await show.recordedLines()).toBe(2);
  });

  it('records a line once when two confirmations of it run at once', async () => {
    const show = await newShow(t);
    const a = await show.invoiced(3);
    const statement = {
      name: 'one.csv',
      bytes: Buffer.from(`Date,Text,Amount\n2026-11-20,${a.number},213.00\n`),
      mapping: { date: 0, reference: 1, amount: 2, decimalSeparator: '.', dateFormat: 'YYYY-MM-DD' } as const,
    };
    const [key] = (await preview(show, statement)).lines.map((l) => l.key);
    const answers = await Promise.all(
      [show.organiser, show.organiser].map((as) => sendStatement(t, as, show.eventId, 'confirm', { ...statement, lines: [key!] })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await show.recordedLines()).toBe(1);
    expect(await paymentAttempts(a.id)).toBe(1);
  });

  it('refuses a key that is not a line of the statement', async () => {
    const show = await newShow(t);
    const response = await sendStatement(t, show.organiser, show.eventId, 'confirm', {
      name: 's.xml',
      bytes: fixture('camt053.001.02.xml', { INV_A: 'X', INV_B: 'Y' }),
      lines: ['camt:2026112000014714', 'camt:nothing'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: 'lines.1', message: 'No line of this statement has this key' }]);
  });
});
