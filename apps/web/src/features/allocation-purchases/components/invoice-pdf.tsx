import { INVOICE_FAILURE_MESSAGE, type BillingDocument } from '@portal/shared/allocation-purchases';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { toast } from 'sonner';
import { saveFile } from '@/lib/save-file';
import { documentLogoPath, documentLogoQueryOptions } from '../api/get-document-logo';
import { InvoiceDocument } from './invoice-document';

/** An A4 sheet at 96 CSS pixels per inch: the PDF page is drawn from a page of exactly this size. */
const A4_PX = { width: 794, height: 1123 };

/** Loads the PDF code (html2canvas-pro and jsPDF) only when a document is opened or downloaded. */
export const loadInvoicePdf = () => import('../lib/invoice-pdf');

/**
 * Downloads invoices and credit notes as one PDF, a page each. The documents are laid out once
 * more, off screen at A4 size, so that the PDF looks the same on a phone as on a desktop.
 */
export function useInvoicePdf() {
  const queryClient = useQueryClient();
  const [documents, setDocuments] = useState<readonly BillingDocument[]>([]);
  const [logos, setLogos] = useState<ReadonlyMap<string, Blob>>(new Map());
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const stage = useRef<HTMLDivElement>(null);

  async function download(toDraw: readonly BillingDocument[], fileName: string): Promise<boolean> {
    setProgress({ done: 0, total: toDraw.length });
    try {
      const [{ renderPdf }, fetched] = await Promise.all([loadInvoicePdf(), loadLogos(toDraw)]);
      flushSync(() => {
        setDocuments(toDraw);
        setLogos(fetched);
      });
      await document.fonts?.ready;
      // html2canvas paints an image only once it is decoded.
      await Promise.all([...(stage.current?.querySelectorAll('img') ?? [])].map((image) => image.decode()));
      const pages = [...(stage.current?.querySelectorAll<HTMLElement>('[data-invoice-page]') ?? [])];
      const pdf = await renderPdf(pages, (done, total) => setProgress({ done, total }));
      saveFile(pdf, fileName);
      return true;
    } catch {
      toast.error(INVOICE_FAILURE_MESSAGE);
      return false;
    } finally {
      setDocuments([]);
      setLogos(new Map());
      setProgress(null);
    }
  }

  /** Each logo the documents show, by file, fetched once per file through a document that serves it. */
  async function loadLogos(toDraw: readonly BillingDocument[]): Promise<Map<string, Blob>> {
    const sources = new Map<string, string>();
    for (const item of toDraw) {
      const path = documentLogoPath(item);
      if (item.logoFileId && path && !sources.has(item.logoFileId)) sources.set(item.logoFileId, path);
    }
    const loaded = await Promise.all(
      [...sources].map(async ([fileId, path]) => {
        const blob = await queryClient.fetchQuery(documentLogoQueryOptions(fileId, path));
        return blob ? ([fileId, blob] as const) : undefined;
      }),
    );
    return new Map(loaded.filter((entry) => entry !== undefined));
  }

  const element =
    documents.length > 0
      ? createPortal(
          <div
            ref={stage}
            data-invoice-stage=""
            aria-hidden
            className="pointer-events-none fixed top-0 -left-[10000px]"
            style={{ width: A4_PX.width }}
          >
            {documents.map((item) => (
              <div
                key={`${item.kind}-${item.id}`}
                data-invoice-page=""
                style={{ width: A4_PX.width, minHeight: A4_PX.height }}
                className="bg-white"
              >
                <InvoiceDocument document={item} logo={item.logoFileId ? logos.get(item.logoFileId) : undefined} page />
              </div>
            ))}
          </div>,
          document.body,
        )
      : null;

  return { download, pending: progress !== null, progress, stage: element };
}
