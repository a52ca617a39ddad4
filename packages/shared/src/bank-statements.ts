import { z } from 'zod';

/**
 * Bank statements read against an event's invoices (bank transfers, the `manual` provider): a
 * CAMT.053 file or a bank's CSV export with a column mapping, previewed line by line, then the
 * lines the organiser ticks recorded as payments.
 */

export const BANK_STATEMENT_MAX_BYTES = 5 * 1024 * 1024;
/** Entries (CAMT) or rows (CSV) of one statement: a month of a busy show's account fits many times. */
export const BANK_STATEMENT_MAX_LINES = 10_000;

export const BANK_STATEMENT_FORMATS = ['camt053', 'csv'] as const;
export type BankStatementFormat = (typeof BANK_STATEMENT_FORMATS)[number];

export const CSV_DATE_FORMATS = ['YYYY-MM-DD', 'DD.MM.YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY'] as const;
export type CsvDateFormat = (typeof CSV_DATE_FORMATS)[number];

const column = z
  .number({ error: 'A column number, counted from 0' })
  .int('A column number, counted from 0')
  .min(0, 'A column number, counted from 0')
  .max(199, 'A statement has at most 200 columns');

/** Which column of a bank's CSV holds what: columns counted from 0, as the preview lists them. */
export const csvMappingSchema = z.object({
  /** The row holding the column names (1 = the first); rows above it are the bank's preamble. */
  headerRow: z.number().int().min(1, 'From row 1').max(50, 'The header is within the first 50 rows').default(1),
  date: column,
  amount: column,
  /** Without it every line is taken to be in the event's currency. */
  currency: column.nullable().default(null),
  reference: column,
  payer: column.nullable().default(null),
  /** The bank's own id of the transaction, when the export has one: the best key against reading a line twice. */
  bankReference: column.nullable().default(null),
  decimalSeparator: z.enum([',', '.'], { error: 'Choose , or . as the decimal separator' }),
  dateFormat: z.enum(CSV_DATE_FORMATS, { error: `Choose one of ${CSV_DATE_FORMATS.join(', ')}` }),
});
export type CsvMapping = z.infer<typeof csvMappingSchema>;
export type CsvMappingInput = z.input<typeof csvMappingSchema>;

/**
 * The text parts of a preview form (with the statement as the `file` part). The format is read
 * from the file when not given; a CSV without a mapping answers its columns and first rows only.
 */
export const bankStatementFieldsSchema = z.object({
  format: z.enum(BANK_STATEMENT_FORMATS, { error: 'camt053 or csv' }).nullable().optional(),
  mapping: csvMappingSchema.nullable().optional(),
});
export type BankStatementFields = z.infer<typeof bankStatementFieldsSchema>;

/** The confirm form: the same statement and mapping again, and the keys of the lines ticked. */
export const confirmBankStatementFieldsSchema = bankStatementFieldsSchema.extend({
  lines: z
    .array(z.string().min(1).max(300), { error: 'The keys of the lines to record, as a JSON array' })
    .min(1, 'Tick at least one line')
    .max(BANK_STATEMENT_MAX_LINES),
});
export type ConfirmBankStatementFields = z.infer<typeof confirmBankStatementFieldsSchema>;

export const BANK_LINE_STATUSES = [
  'matched',
  'ambiguous',
  'amount_mismatch',
  'already_paid',
  'duplicate',
  'currency_mismatch',
  'unmatched',
  'not_a_credit',
] as const;
export type BankLineStatus = (typeof BANK_LINE_STATUSES)[number];

export const BANK_LINE_STATUS_LABELS: Record<BankLineStatus, string> = {
  matched: 'Matched',
  ambiguous: 'Ambiguous',
  amount_mismatch: 'Amount differs',
  already_paid: 'Already paid',
  duplicate: 'Already recorded',
  currency_mismatch: 'Other currency',
  unmatched: 'No match',
  not_a_credit: 'Outgoing',
};

export const bankLinePurchaseSchema = z.object({
  id: z.number().int(),
  invoiceNumber: z.string(),
  companyName: z.string().nullable(),
  amountToPay: z.number().int(),
  status: z.string(),
});
export type BankLinePurchase = z.infer<typeof bankLinePurchaseSchema>;

export const bankStatementLineSchema = z.object({
  /** Stable for the same bank line in any upload of it: what confirm names and what is remembered. */
  key: z.string(),
  /** The entry's position in the statement (CAMT) or the row's number in the file (CSV). */
  lineNumber: z.number().int(),
  bookingDate: z.string().nullable(),
  valueDate: z.string().nullable(),
  /** Minor units of the line's currency; null when the amount could not be read. */
  amount: z.number().int().nullable(),
  currency: z.string(),
  direction: z.enum(['credit', 'debit']),
  /** Remittance text and structured reference, as the bank gave them. */
  reference: z.string().nullable(),
  /** The bank's id of the entry (AcctSvcrRef) or of the transaction (a CSV column). */
  bankReference: z.string().nullable(),
  payer: z.string().nullable(),
  status: z.enum(BANK_LINE_STATUSES),
  /** How a matched line was matched; `amount` (no reference) is offered unticked. */
  matchedBy: z.enum(['reference', 'amount']).nullable(),
  reason: z.string(),
  purchase: bankLinePurchaseSchema.nullable(),
  /** The invoices an ambiguous line could pay. */
  candidates: z.array(bankLinePurchaseSchema),
  /** Line amount minus the amount to pay (amount_mismatch): negative when too little came. */
  difference: z.number().int().nullable(),
});
export type BankStatementLine = z.infer<typeof bankStatementLineSchema>;

export const csvLayoutSchema = z.object({
  delimiter: z.string(),
  encoding: z.string(),
  /** The first rows of the file as read, for choosing the header row and the columns. */
  rows: z.array(z.array(z.string())),
  /** The column names of the header row of the mapping (or of the first row). */
  columns: z.array(z.string()),
  /** A mapping guessed from the column names and values; the organiser checks it. */
  suggestedMapping: csvMappingSchema.nullable(),
});
export type CsvLayout = z.infer<typeof csvLayoutSchema>;

export const bankStatementPreviewSchema = z.object({
  format: z.enum(BANK_STATEMENT_FORMATS),
  eventCurrency: z.string(),
  /** The CSV's layout (null for CAMT). */
  csv: csvLayoutSchema.nullable(),
  /** A CSV sent without a mapping: choose the columns, then preview again. */
  needsMapping: z.boolean(),
  lines: z.array(bankStatementLineSchema),
  /** How many lines have each result. */
  summary: z.object({
    matched: z.number().int(),
    ambiguous: z.number().int(),
    amount_mismatch: z.number().int(),
    already_paid: z.number().int(),
    duplicate: z.number().int(),
    currency_mismatch: z.number().int(),
    unmatched: z.number().int(),
    not_a_credit: z.number().int(),
  } satisfies Record<BankLineStatus, z.ZodNumber>),
});
export type BankStatementPreview = z.infer<typeof bankStatementPreviewSchema>;

export const bankStatementRecordedSchema = z.object({
  recorded: z.array(
    z.object({
      key: z.string(),
      lineNumber: z.number().int(),
      purchaseId: z.number().int(),
      invoiceNumber: z.string(),
      amount: z.number().int(),
      paymentReference: z.string(),
    }),
  ),
  currency: z.string(),
  totalAmount: z.number().int(),
});
export type BankStatementRecorded = z.infer<typeof bankStatementRecordedSchema>;
