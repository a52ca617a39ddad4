import {
  BANK_STATEMENT_MAX_LINES,
  type CsvDateFormat,
  type CsvLayout,
  type CsvMapping,
} from '@portal/shared/bank-statements';
import { isCalendarDate } from '@portal/shared/common';
import { parse } from 'csv-parse/sync';
import { decodeCsv } from '../bulk-imports/read-csv';
import { digestKey, minorUnitsOf, statementError, type StatementLine } from './statement-line';

const DELIMITERS = [',', ';', '\t'] as const;
const SAMPLE_ROWS = 8;

/**
 * The delimiter that splits the first lines most evenly into the most columns: a bank's preamble
 * ("Account;DE12…") may have fewer cells than its table, so the commonest count decides.
 */
function delimiterOf(text: string): string {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '').slice(0, 20);
  let best: { delimiter: string; columns: number } = { delimiter: ',', columns: 0 };
  for (const delimiter of DELIMITERS) {
    const counts = lines.map((line) => line.replace(/"[^"]*"/g, '').split(delimiter).length);
    const frequency = new Map<number, number>();
    for (const count of counts) frequency.set(count, (frequency.get(count) ?? 0) + 1);
    const [columns = 1] = [...frequency].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0] ?? [];
    if (columns > best.columns) best = { delimiter, columns };
  }
  return best.delimiter;
}

export type CsvStatement = { layout: Omit<CsvLayout, 'suggestedMapping' | 'columns'>; records: string[][] };

export function readStatementCsv(bytes: Uint8Array): CsvStatement {
  if (bytes.some((byte) => byte === 0)) throw statementError('This file is neither a CSV text file nor CAMT.053 XML');
  let decoded: ReturnType<typeof decodeCsv>;
  try {
    decoded = decodeCsv(bytes);
  } catch (error) {
    throw statementError(error instanceof Error ? error.message : 'The file cannot be read as text');
  }
  const delimiter = delimiterOf(decoded.text);
  let records: string[][];
  try {
    records = parse(decoded.text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      // Blank lines stay rows, so that row numbers are the ones a spreadsheet shows.
      skip_empty_lines: false,
      trim: true,
      max_record_size: 64 * 1024,
      to_line: BANK_STATEMENT_MAX_LINES + 100,
    }) as string[][];
  } catch (error) {
    const where = (error as { lines?: number }).lines;
    throw statementError(`The CSV cannot be read${where ? ` near line ${where}` : ''}: check its quotes`);
  }
  if (records.every((row) => row.every((cell) => cell === ''))) throw statementError('The file has no rows');
  return {
    layout: { delimiter: delimiter === '\t' ? 'tab' : delimiter, encoding: decoded.encoding, rows: records.slice(0, SAMPLE_ROWS) },
    records,
  };
}

type GuessedField = 'date' | 'amount' | 'currency' | 'reference' | 'payer' | 'bankReference';

/** Column names banks use, strongest first: "Verwendungszweck" wins over a "Buchungstext" that only says "credit". */
const HEADER_GUESSES: { field: GuessedField; patterns: RegExp[] }[] = [
  { field: 'date', patterns: [/buchungstag|buchungsdatum|booking ?date|posting ?date|posted/i, /date|datum/i] },
  { field: 'amount', patterns: [/betrag|amount|umsatz|montant|importe|bedrag/i] },
  { field: 'currency', patterns: [/w(ä|ae)hrung|currency|^ccy$|devise/i] },
  {
    field: 'reference',
    patterns: [/verwendungszweck|remittance|reference|purpose|mitteilung|libell/i, /description|memo|details|text/i],
  },
  { field: 'payer', patterns: [/auftraggeber|zahlungspflichtiger|payer|sender|counterparty|beg(ü|ue)nstigter/i, /name/i] },
  { field: 'bankReference', patterns: [/transaction id|transaktions-?id|bank ref/i] },
];

function guessDateFormat(values: string[]): CsvDateFormat {
  if (values.some((v) => /^\d{4}-\d{2}-\d{2}/.test(v))) return 'YYYY-MM-DD';
  if (values.some((v) => /^\d{1,2}\.\d{1,2}\.\d{2,4}$/.test(v))) return 'DD.MM.YYYY';
  const slashed = values.map((v) => /^(\d{1,2})\/(\d{1,2})\/\d{4}$/.exec(v)).filter((m) => m !== null);
  if (slashed.some((m) => Number(m[2]) > 12) && !slashed.some((m) => Number(m[1]) > 12)) return 'MM/DD/YYYY';
  return 'DD/MM/YYYY';
}

/** A mapping guessed from the header's names and the first values, or null when date, amount and reference are not all found. */
export function suggestMapping(records: string[][], headerRow: number): CsvMapping | null {
  const header = records[headerRow - 1] ?? [];
  const found: Partial<Record<GuessedField, number>> = {};
  for (const { field, patterns } of HEADER_GUESSES) {
    for (const pattern of patterns) {
      const index = header.findIndex((name, i) => pattern.test(name) && !Object.values(found).includes(i));
      if (index >= 0) {
        found[field] = index;
        break;
      }
    }
  }
  if (found.date === undefined || found.amount === undefined || found.reference === undefined) return null;
  const body = records.slice(headerRow, headerRow + 50);
  const amounts = body.map((row) => row[found.amount!] ?? '');
  return {
    headerRow,
    date: found.date,
    amount: found.amount,
    currency: found.currency ?? null,
    reference: found.reference,
    payer: found.payer ?? null,
    bankReference: found.bankReference ?? null,
    decimalSeparator: amounts.some((v) => /\d,\d{1,3}(\D*)$/.test(v) && !/\d\.\d{1,3}(\D*)$/.test(v)) ? ',' : '.',
    dateFormat: guessDateFormat(body.map((row) => row[found.date!] ?? '')),
  };
}

/** A date cell as `YYYY-MM-DD`, or null. Two-digit years are this century's. */
function dayOf(value: string, format: CsvDateFormat): string | null {
  const text = value.trim();
  let parts: RegExpExecArray | null;
  let day: string;
  switch (format) {
    case 'YYYY-MM-DD':
      day = text.slice(0, 10);
      break;
    case 'DD.MM.YYYY':
      parts = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(text);
      day = parts ? `${parts[3]!.padStart(4, '20')}-${parts[2]!.padStart(2, '0')}-${parts[1]!.padStart(2, '0')}` : '';
      break;
    case 'DD/MM/YYYY':
      parts = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
      day = parts ? `${parts[3]}-${parts[2]!.padStart(2, '0')}-${parts[1]!.padStart(2, '0')}` : '';
      break;
    case 'MM/DD/YYYY':
      parts = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
      day = parts ? `${parts[3]}-${parts[1]!.padStart(2, '0')}-${parts[2]!.padStart(2, '0')}` : '';
      break;
  }
  return isCalendarDate(day) ? day : null;
}

/** A signed amount cell: "-12,50", "12,50-" (some German exports), "+12.50", "€ 12.50", "12.50 EUR". */
function signedAmount(cell: string): { negative: boolean; digits: string } {
  const trimmed = cell.replace(/[^\d.,\s\u00a0'’+-]/g, '').trim();
  const negative = trimmed.startsWith('-') || trimmed.endsWith('-');
  return { negative, digits: trimmed.replace(/^[+-]\s*|\s*-$/g, '') };
}

/** The rows under the header as statement lines, read with the organiser's mapping. */
export function csvLines(records: string[][], mapping: CsvMapping, eventCurrency: string): StatementLine[] {
  const header = records[mapping.headerRow - 1];
  if (!header) throw statementError(`The file has no row ${mapping.headerRow} to take the column names from`);
  const width = Math.max(...records.map((row) => row.length));
  for (const field of ['date', 'amount', 'currency', 'reference', 'payer', 'bankReference'] as const) {
    const index = mapping[field];
    if (index !== null && index >= width)
      throw statementError(`The ${field} column (${index + 1}) is beyond the file's ${width} columns`);
  }
  const cell = (row: string[], index: number | null) => (index === null ? '' : (row[index] ?? '').trim());
  const body = records.slice(mapping.headerRow);
  if (body.length > BANK_STATEMENT_MAX_LINES)
    throw statementError(`The statement has more than ${BANK_STATEMENT_MAX_LINES} lines; split it by date`);
  const lines: StatementLine[] = [];
  body.forEach((row, index) => {
    const dateText = cell(row, mapping.date);
    const amountText = cell(row, mapping.amount);
    // Closing balances and blank separator rows have neither.
    if (dateText === '' && amountText === '') return;
    const currency = (cell(row, mapping.currency) || eventCurrency).toUpperCase();
    const { negative, digits } = signedAmount(amountText);
    const amount = minorUnitsOf(digits, mapping.decimalSeparator, currency);
    const bookingDate = dayOf(dateText, mapping.dateFormat);
    const reference = cell(row, mapping.reference) || null;
    const payer = cell(row, mapping.payer) || null;
    const bankReference = cell(row, mapping.bankReference) || null;
    const problem =
      amount === null
        ? `The amount “${amountText}” cannot be read with “${mapping.decimalSeparator}” as the decimal separator`
        : bookingDate === null
          ? `The date “${dateText}” is not a ${mapping.dateFormat} date`
          : null;
    lines.push({
      lineNumber: mapping.headerRow + index + 1,
      key: bankReference
        ? `csv:${bankReference}`
        : digestKey([bookingDate ?? dateText, amount ?? amountText, currency, negative ? 'debit' : 'credit', reference, payer]),
      bookingDate,
      valueDate: null,
      amount,
      currency,
      direction: negative ? 'debit' : 'credit',
      reference,
      searchText: reference ?? '',
      bankReference,
      payer,
      problem,
    });
  });
  return lines;
}
