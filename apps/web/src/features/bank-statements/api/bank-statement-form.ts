import type { BankStatementFormat, CsvMapping } from '@portal/shared/bank-statements';

/** One statement as the page holds it: the file and, for a CSV, the columns chosen. */
export type StatementUpload = { eventId: number; file: File; format?: BankStatementFormat; mapping?: CsvMapping | null };

/**
 * The multipart body of a preview or a confirmation. The text fields go before the file, as the
 * server reads the parts in order; the statement is sent again to confirm, so the server matches
 * the same lines again against the invoices as they are then.
 */
export function statementFormData({ file, format, mapping }: StatementUpload, lines?: string[]): FormData {
  const form = new FormData();
  if (format) form.append('format', format);
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  if (lines) form.append('lines', JSON.stringify(lines));
  form.append('file', file, file.name);
  return form;
}
