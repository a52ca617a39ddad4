import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { BillingDocument } from '@portal/shared/allocation-purchases';
import { documentFileName } from '@portal/shared/billing-documents';
import { ZipFile } from 'yazl';
import { renderDocumentPdf } from './invoice-pdf';

/**
 * A ZIP of the documents' PDFs, streamed as it is written. The next document is drawn only once
 * the archive has read the last one out, and the archive is read only as fast as the client takes
 * it, so memory holds one document whatever the number. PDFs are compressed already: stored as is.
 */
export function zipDocuments(documents: AsyncIterable<BillingDocument>): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  // A client that goes away stops the drawing (and the paged reading behind it).
  const gone = new AbortController();
  output.once('close', () => gone.abort());

  async function fill() {
    for await (const document of documents) {
      const pdf = renderDocumentPdf(document);
      const read = once(pdf, 'end', { signal: gone.signal });
      zip.addReadStream(pdf, documentFileName(document), { mtime: new Date(document.issuedAt), compress: false });
      await read;
    }
    zip.end();
  }

  fill().catch((error: unknown) => {
    if (!gone.signal.aborted) output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
