import { PassThrough, Readable } from 'node:stream';
import type { BillingDocument } from '@portal/shared/allocation-purchases';
import { currencyExponent } from '@portal/shared/currencies';
import { moneyFromMinorUnits } from '@portal/shared/money';
import { VAT_CATEGORY_LABELS } from '@portal/shared/vat';
import ExcelJS from 'exceljs';
import { safeCell, TEXT_FORMAT } from '../../lib/spreadsheet-cells';
import { csvLine } from '../../lib/spreadsheet-stream';

/**
 * The register of an event's documents for its accounts: one row per invoice and credit note, as
 * issued, with a credit note's amount negative so that a column sums to what is owed. The columns
 * are the documents' own: net, VAT and gross (`Amount`) with the VAT treatment and rate, so
 * that the VAT columns sum to what is declared.
 */
export const REGISTER_COLUMNS = [
  'Type',
  'Number',
  'Issue date',
  'Supply from',
  'Supply to',
  'Due date',
  'Paid on',
  'Payment reference',
  'Status',
  'Credits invoice',
  'Cancelled by',
  'Buyer',
  'Contact',
  'Email',
  'Buyer address',
  'Buyer VAT ID',
  'Description',
  'Quantity',
  'Unit price',
  'VAT treatment',
  'VAT rate',
  'Net amount',
  'VAT amount',
  'Amount',
  'Currency',
  'Issuer',
  'Issuer VAT ID',
] as const;

export function registerRow(document: BillingDocument): string[] {
  const sign = document.kind === 'credit_note' ? -1 : 1;
  const money = (minorUnits: number) => moneyFromMinorUnits(minorUnits, document.currency);
  const [line] = document.lines;
  return [
    document.kind === 'invoice' ? 'Invoice' : 'Credit note',
    document.number,
    document.issuedAt.slice(0, 10),
    document.supplyPeriod?.start ?? '',
    document.supplyPeriod?.end ?? '',
    document.dueDate ?? '',
    document.paidAt?.slice(0, 10) ?? '',
    document.paymentReference ?? '',
    document.status,
    document.creditedInvoiceNumber ?? '',
    document.cancelledByCreditNoteNumber ?? '',
    document.billTo.companyName ?? '',
    document.billTo.contactName ?? '',
    document.billTo.email ?? '',
    document.billTo.address ?? '',
    document.billTo.vatNumber ?? '',
    line?.description ?? '',
    line ? String(line.quantity) : '',
    line ? money(line.unitPrice) : '',
    document.tax.breakdown.map((row) => VAT_CATEGORY_LABELS[row.category]).join('; '),
    document.tax.breakdown.map((row) => String(row.rate)).join('; '),
    money(sign * document.tax.net),
    money(sign * document.tax.tax),
    money(sign * document.totalAmount),
    document.currency,
    document.issuer?.name ?? '',
    document.issuer?.vatId ?? '',
  ];
}

/** The register as CSV (UTF-8 with a byte-order mark, so spreadsheet programs read its letters right), streamed row by row. */
export function registerCsv(documents: AsyncIterable<BillingDocument>): Readable {
  return Readable.from(
    (async function* () {
      yield `\uFEFF${csvLine(REGISTER_COLUMNS)}`;
      for await (const document of documents) yield csvLine(registerRow(document));
    })(),
  );
}

const MONEY_COLUMNS = ['Unit price', 'Net amount', 'VAT amount', 'Amount'] as const;
const NUMBER_COLUMNS = new Set<string>(['Quantity', ...MONEY_COLUMNS]);

/**
 * The register as an .xlsx, written row by row to the stream: quantities and amounts as numbers
 * with the currency's decimals (so a column sums), every other cell text (nothing reformatted).
 */
export function registerXlsx(documents: AsyncIterable<BillingDocument>): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Documents', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = REGISTER_COLUMNS.map((header) => ({
    header,
    width: Math.max(12, header.length + 2),
    style: NUMBER_COLUMNS.has(header) ? {} : { numFmt: TEXT_FORMAT },
  }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    for await (const document of documents) {
      const decimals = currencyExponent(document.currency);
      const row = sheet.addRow(
        registerRow(document).map((cell, index) =>
          NUMBER_COLUMNS.has(REGISTER_COLUMNS[index]!) && cell !== '' ? Number(cell) : safeCell(cell),
        ),
      );
      for (const column of MONEY_COLUMNS)
        row.getCell(REGISTER_COLUMNS.indexOf(column) + 1).numFmt = decimals > 0 ? `0.${'0'.repeat(decimals)}` : '0';
      row.commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}
