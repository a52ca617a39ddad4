import { describe, expect, it } from 'vitest';
import { matchStatement, type Candidate } from './bank-statements.rules';
import { csvLines, readStatementCsv, suggestMapping } from './read-statement-csv';
import { minorUnitsOf, type StatementLine } from './statement-line';

const candidate = (id: number, invoiceNumber: string, amountToPay = 21300, status = 'approved'): Candidate => ({
  id,
  status,
  amountToPay,
  currency: 'EUR',
  invoiceNumber,
  invoiceNumbers: [invoiceNumber],
  companyName: `Company ${id}`,
});

const line = (lineNumber: number, searchText: string, amount = 21300): StatementLine => ({
  lineNumber,
  key: `k${lineNumber}`,
  bookingDate: '2026-11-20',
  valueDate: null,
  amount,
  currency: 'EUR',
  direction: 'credit',
  reference: searchText,
  searchText,
  bankReference: null,
  payer: null,
  problem: null,
});

const match = (lines: StatementLine[], candidates: Candidate[]) =>
  matchStatement(lines, { eventCurrency: 'EUR', candidates, recorded: new Map() });

describe('finding the invoice a transfer names', () => {
  it('tolerates case, spaces, dashes and glued text, but not a longer number', () => {
    const candidates = [candidate(1, 'INV-2026-000042'), candidate(2, 'INV-2026-00004')];
    const texts = ['inv 2026 000042', 'RE:INV2026000042/Stand', 'Rechnung Nr.INV-2026-000042.', 'inv-2026-000042 2 Plätze'];
    for (const text of texts) expect(match([line(1, text)], candidates)[0], text).toMatchObject({ status: 'matched', purchase: { id: 1 } });
    expect(match([line(1, 'INV-2026-00004')], candidates)[0]).toMatchObject({ purchase: { id: 2 } });
    expect(match([line(1, 'INV-2026-0000420')], candidates)[0]).toMatchObject({ status: 'ambiguous', purchase: null });
  });

  it('finds a purchase by the number of an invoice since replaced', () => {
    const reissued = { ...candidate(1, 'INV-2026-000050'), invoiceNumbers: ['INV-2026-000042', 'INV-2026-000050'] };
    expect(match([line(1, 'INV-2026-000042')], [reissued])[0]).toMatchObject({ status: 'matched', purchase: { invoiceNumber: 'INV-2026-000050' } });
  });

  it('lets a line naming an invoice claim it before a line matched by its amount only', () => {
    const result = match([line(1, 'thanks'), line(2, 'INV-2026-000001')], [candidate(1, 'INV-2026-000001')]);
    expect(result.map((l) => [l.status, l.matchedBy])).toEqual([
      ['unmatched', null],
      ['matched', 'reference'],
    ]);
  });

  it('pays an invoice once per statement, and not a cancelled purchase’s', () => {
    const result = match(
      [line(1, 'INV-2026-000001'), { ...line(2, 'INV-2026-000001'), key: 'other' }, line(3, 'INV-2026-000002')],
      [candidate(1, 'INV-2026-000001'), candidate(2, 'INV-2026-000002', 21300, 'cancelled')],
    );
    expect(result.map((l) => l.status)).toEqual(['matched', 'already_paid', 'unmatched']);
    expect(result[1]!.reason).toBe('Line 1 of this statement already pays invoice INV-2026-000001');
    expect(result[2]!.reason).toBe('Invoice INV-2026-000002 belongs to a cancelled purchase');
  });
});

describe('reading amounts and CSV layouts', () => {
  it('reads amounts with the chosen decimal mark only, grouped in threes', () => {
    expect(minorUnitsOf('1.234,56', ',', 'EUR')).toBe(123456);
    expect(minorUnitsOf('1 234,56', ',', 'EUR')).toBe(123456);
    expect(minorUnitsOf('12.50', ',', 'EUR')).toBeNull();
    expect(minorUnitsOf('1,23,456.00', '.', 'EUR')).toBeNull();
    expect(minorUnitsOf('45.125', '.', 'KWD')).toBe(45125);
    expect(minorUnitsOf('4500.00', '.', 'JPY')).toBe(4500);
  });

  it('detects tabs, reads quoted cells over lines, and guesses US dates and trailing minus signs', () => {
    const text = 'Posted\tMemo\tAmount\tName\n11/25/2026\t"Invoice INV-2026-000001\nsecond line"\t213.00\tAcme\n11/24/2026\tFee\t5.00-\tBank\n';
    const { layout, records } = readStatementCsv(Buffer.from(text));
    expect(layout.delimiter).toBe('tab');
    const mapping = suggestMapping(records, 1)!;
    expect(mapping).toMatchObject({ date: 0, reference: 1, amount: 2, payer: 3, dateFormat: 'MM/DD/YYYY', decimalSeparator: '.' });
    const lines = csvLines(records, mapping, 'USD');
    expect(lines.map((l) => [l.bookingDate, l.amount, l.direction, l.reference])).toEqual([
      ['2026-11-25', 21300, 'credit', 'Invoice INV-2026-000001\nsecond line'],
      ['2026-11-24', 500, 'debit', 'Fee'],
    ]);
  });

  it('numbers lines as a spreadsheet numbers rows, blank lines and the bank’s preamble included', () => {
    const text = 'Account;DE89370400440532013000\n\nDate;Text;Amount\n2026-11-20;A;1,00\n\n2026-11-21;B;2,00\n';
    const { records } = readStatementCsv(Buffer.from(text));
    const mapping = suggestMapping(records, 3)!;
    expect(mapping).toMatchObject({ headerRow: 3, date: 0, reference: 1, amount: 2, decimalSeparator: ',' });
    expect(csvLines(records, mapping, 'EUR').map((l) => [l.lineNumber, l.reference, l.amount])).toEqual([
      [4, 'A', 100],
      [6, 'B', 200],
    ]);
  });

  it('keys a line by what it says, the same in every upload and different for another line', () => {
    const read = (text: string) => {
      const { records } = readStatementCsv(Buffer.from(text));
      return csvLines(records, suggestMapping(records, 1)!, 'EUR');
    };
    const [first] = read('Date,Reference,Amount\n2026-11-20,INV-1,10.00\n');
    const [again] = read('Date,Reference,Amount\r\n2026-11-20,"INV-1",10.00\r\n');
    const [other] = read('Date,Reference,Amount\n2026-11-20,INV-1,10.01\n');
    expect(again!.key).toBe(first!.key);
    expect(other!.key).not.toBe(first!.key);
  });
});
