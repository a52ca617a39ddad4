import { parentPort } from 'node:worker_threads';
import type { BillingDocument } from '@portal/shared/allocation-purchases';
import { renderDocumentFiles } from './invoice-pdf';
import { parsedFonts } from './pdf-fonts';

/**
 * A worker of the PDF pool (`pdf-workers.ts`): draws one document at a time, with its e-invoice,
 * and answers its files or why it could not.
 */

export type RenderRequest = { document: BillingDocument; logo: Uint8Array | undefined };
export type RenderReply = { pdf: Uint8Array; xml: string | null } | { error: string } | { ready: true };

parentPort!.on('message', ({ document, logo }: RenderRequest) => {
  renderDocumentFiles(document, logo && Buffer.from(logo.buffer, logo.byteOffset, logo.byteLength)).then(
    ({ pdf, xml }) => parentPort!.postMessage({ pdf, xml } satisfies RenderReply),
    (error: unknown) => parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies RenderReply),
  );
});

// Ready once the modules are loaded and the fonts parsed: the first document is then drawn at full speed.
parsedFonts();
parentPort!.postMessage({ ready: true } satisfies RenderReply);
