import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type { BillingDocument } from '@portal/shared/allocation-purchases';
import { documentFileName } from '@portal/shared/billing-documents';
import { ZipFile } from 'yazl';
import type { DocumentFiles } from './invoice-pdf';
import type { LogoReader } from './issuer-logo';
import type { PdfPool } from './pdf-workers';

/**
 * A ZIP of the documents' PDFs, each with its EN 16931 XML beside it (`{number}.xml`) when it can be
 * an e-invoice, streamed as it is written. The documents are drawn in `pool`'s workers, a few
 * ahead of the one being written (two per worker), and written in their order; no more is drawn
 * until the archive has taken the next, and the archive is read only as fast as the client takes
 * it, so memory holds a few documents whatever the number.
 *
 * Each PDF goes in as a stream that holds it until read, then nothing: yazl keeps what it was
 * given for every entry until the archive ends, which for whole buffers would be every PDF. A
 * streamed entry carries its checksum after its data, so it is deflated (self-delimiting) rather
 * than stored, for unzip tools that read entries in order; the fastest level, as a PDF is
 * compressed inside already. `logos` reads each logo once for the whole archive.
 */
export function zipDocuments(documents: AsyncIterable<BillingDocument>, logos: LogoReader, pool: PdfPool): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as PassThrough;
  // A client that goes away stops the drawing, and the paged reading behind it.
  const gone = new AbortController();
  output.once('close', () => gone.abort());

  /** Adds one file and waits until the archive has taken it. */
  async function add(content: Buffer, fileName: string, mtime: Date) {
    const entry = new PassThrough();
    entry.end(content);
    const taken = once(entry, 'end', { signal: gone.signal });
    zip.addReadStream(entry, fileName, { mtime, compressionLevel: 1 });
    await taken;
  }

  const drawing: { document: BillingDocument; files: Promise<DocumentFiles> }[] = [];

  /** Writes the oldest document drawn (or being drawn): its PDF, then its e-invoice. */
  async function writeNext() {
    const { document, files } = drawing.shift()!;
    const { pdf, xml } = await files;
    if (gone.signal.aborted) return;
    const mtime = new Date(document.issuedAt);
    await add(pdf, documentFileName(document), mtime);
    if (xml) await add(Buffer.from(xml, 'utf8'), documentFileName(document, 'xml'), mtime);
  }

  async function fill() {
    for await (const document of documents) {
      if (gone.signal.aborted) return;
      const files = pool.render(document, await logos(document));
      // Awaited in order by writeNext; a failure found before its turn must not count as unhandled.
      files.catch(() => undefined);
      drawing.push({ document, files });
      if (drawing.length >= pool.size * 2) await writeNext();
    }
    while (drawing.length > 0 && !gone.signal.aborted) await writeNext();
    if (!gone.signal.aborted) zip.end();
  }

  fill().catch((error: unknown) => {
    if (!gone.signal.aborted) output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
