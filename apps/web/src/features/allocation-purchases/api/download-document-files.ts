import type { EInvoiceProfile, InvoiceArchiveQuery } from '@portal/shared/billing-documents';
import { fetchFile, saveFile } from '@/lib/save-file';

/**
 * Where the server's files of a document are: its JSON address plus `.pdf` (PDF/A) or `.xml` (EN
 * 16931 e-invoice; `?profile=xrechnung` for the XRechnung).
 */
export type DocumentFileSource = { kind: 'invoice'; purchaseId: number } | { kind: 'credit_note'; id: number };
export type DocumentFileFormat = 'pdf' | 'xml' | 'xrechnung';

export function documentFileUrl(source: DocumentFileSource, format: DocumentFileFormat = 'pdf'): string {
  const extension = format === 'pdf' ? 'pdf' : 'xml';
  return source.kind === 'invoice'
    ? `/admin/allocation-purchases/${source.purchaseId}/invoice.${extension}`
    : `/admin/credit-notes/${source.id}.${extension}`;
}

/** Downloads the server's PDF/A, e-invoice or XRechnung of an invoice or credit note, with the bearer token, under its number. */
export async function downloadDocumentFile(
  source: DocumentFileSource,
  format: DocumentFileFormat,
  fallbackName: string,
): Promise<void> {
  const profile: EInvoiceProfile | undefined = format === 'xrechnung' ? 'xrechnung' : undefined;
  const { content, fileName } = await fetchFile(documentFileUrl(source, format), profile && { profile });
  saveFile(content, fileName ?? fallbackName);
}

/** An event's documents as one file: the ZIP of their PDFs, or their register as a spreadsheet. */
export type DocumentsFormat = 'zip' | 'xlsx' | 'csv';

/**
 * Downloads an event's invoices and credit notes the user reaches, as the ZIP of their PDFs or as
 * their register, and says how many documents it held: none is not saved.
 */
export async function downloadInvoiceArchive(
  eventId: number,
  query: InvoiceArchiveQuery,
  fallbackName: string,
  format: DocumentsFormat = 'zip',
): Promise<number> {
  const { content, fileName, headers } = await fetchFile(`/admin/events/${eventId}/invoices.${format}`, query);
  const count = Number(headers['x-document-count']);
  if (count !== 0) saveFile(content, fileName ?? fallbackName);
  return count;
}
