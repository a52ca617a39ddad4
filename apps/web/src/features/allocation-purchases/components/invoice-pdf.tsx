import { INVOICE_FAILURE_MESSAGE, type BillingDocument } from '@portal/shared/allocation-purchases';
import { useRef, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { toast } from 'sonner';
import { saveFile } from '@/lib/save-file';
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
  const [documents, setDocuments] = useState<readonly BillingDocument[]>([]);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const stage = useRef<HTMLDivElement>(null);

  async function download(toDraw: readonly BillingDocument[], fileName: string): Promise<boolean> {
    setProgress({ done: 0, total: toDraw.length });
    try {
      const { renderPdf } = await loadInvoicePdf();
      flushSync(() => setDocuments(toDraw));
      await document.fonts?.ready;
      const pages = [...(stage.current?.querySelectorAll<HTMLElement>('[data-invoice-page]') ?? [])];
      const pdf = await renderPdf(pages, (done, total) => setProgress({ done, total }));
      saveFile(pdf, fileName);
      return true;
    } catch {
      toast.error(INVOICE_FAILURE_MESSAGE);
      return false;
    } finally {
      setDocuments([]);
      setProgress(null);
    }
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
                <InvoiceDocument document={item} page />
              </div>
            ))}
          </div>,
          document.body,
        )
      : null;

  return { download, pending: progress !== null, progress, stage: element };
}
