import { once } from 'node:events';
import type { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { BillingDocument } from '@portal/shared/allocation-purchases';
import { documentFileName } from '@portal/shared/billing-documents';
import { ZipFile } from 'yazl';
import { renderDocumentPdf } from './invoice-pdf';

/**
 * A ZIP of the documents' PDFs, streamed as it is written. The next document is drawn only once
 * the client has taken what was written before, so memory holds about one document whatever the
 * number. Each PDF is stored whole (it is compressed inside already), which lets every entry carry
 * its size and checksum up front: unzip tools that read entries in order (7-Zip's older versions,
 * streaming readers) open it too.
 */
export function zipDocuments(documents: AsyncIterable<BillingDocument>): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as PassThrough;
  // A client that goes away stops the drawing, and the paged reading behind it.
  const gone = new AbortController();
  output.once('close', () => gone.abort());

  async function fill() {
    for await (const document of documents) {
      if (gone.signal.aborted) return;
      const pdf = await buffer(renderDocumentPdf(document));
      zip.addBuffer(pdf, documentFileName(document), { mtime: new Date(document.issuedAt), compress: false });
      if (output.writableNeedDrain) await once(output, 'drain', { signal: gone.signal });
    }
    zip.end();
  }

  fill().catch((error: unknown) => {
    if (!gone.signal.aborted) output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
