import { INVOICE_FAILURE_MESSAGE } from '@portal/shared/allocation-purchases';
import { documentFileName, eInvoiceFileName } from '@portal/shared/billing-documents';
import { DownloadIcon, FileCheckIcon, FileCodeIcon, FileTextIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { downloadDocumentFile, type DocumentFileFormat, type DocumentFileSource } from '../api/download-document-files';
import { useCreditNote } from '../api/get-credit-note';
import { useDocumentLogo } from '../api/get-document-logo';
import { useInvoice } from '../api/get-invoice';
import { InvoiceDocument } from './invoice-document';
import { loadInvoicePdf, useInvoicePdf } from './invoice-pdf';

export type DocumentSource = DocumentFileSource;

type InvoiceDialogProps = { source: DocumentSource | null; onClose: () => void };

/**
 * An invoice or credit note on screen, with two PDFs a click away (the spec's, drawn in the
 * browser from the page, and the server's PDF/A with its e-invoice inside), the EN 16931
 * e-invoice on its own, for an accountant's software, and its XRechnung, for German public buyers.
 */
export function InvoiceDialog({ source, onClose }: InvoiceDialogProps) {
  const invoice = useInvoice(source?.kind === 'invoice' ? source.purchaseId : 0, source?.kind === 'invoice');
  const creditNote = useCreditNote(source?.kind === 'credit_note' ? source.id : 0, source?.kind === 'credit_note');
  const query = source?.kind === 'credit_note' ? creditNote : invoice;
  const logo = useDocumentLogo(query.data);
  const pdf = useInvoicePdf();
  const [fetching, setFetching] = useState<DocumentFileFormat | null>(null);
  const noun = source?.kind === 'credit_note' ? 'credit note' : 'invoice';

  // Fetched while the reader looks at the document, so that the download starts at once.
  useEffect(() => {
    if (source) void loadInvoicePdf().catch(() => undefined);
  }, [source]);

  /** A file the server makes; a 422 says why there is no e-invoice (no issuer country, say) or XRechnung (no postcode). */
  async function fetchServerFile(from: DocumentSource, format: DocumentFileFormat, fileName: string) {
    setFetching(format);
    try {
      await downloadDocumentFile(from, format, fileName);
    } catch (error) {
      toast.error(errorMessage(error, INVOICE_FAILURE_MESSAGE));
    } finally {
      setFetching(null);
    }
  }

  return (
    <Dialog open={source !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>
            {query.data
              ? `${query.data.kind === 'credit_note' ? 'Credit note' : 'Invoice'} ${query.data.number}`
              : `The ${noun}`}
          </DialogTitle>
          <DialogDescription>
            {query.data?.kind === 'credit_note'
              ? 'The amount given back, as issued.'
              : 'As issued; its payment status is current. Download it as an A4 PDF, or as a PDF/A, an EN 16931 e-invoice or an XRechnung for your accounts.'}
          </DialogDescription>
        </DialogHeader>
        {query.isPending ? (
          <div aria-hidden className="grid gap-4 rounded-lg border p-6">
            <Skeleton className="h-7 w-40" />
            <Skeleton className="h-4 w-64" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : query.isError ? (
          <EmptyState
            icon={FileTextIcon}
            title={`The ${noun} could not be loaded`}
            description={errorMessage(query.error, 'Please try again in a moment.')}
          />
        ) : (
          <>
            <div className="overflow-x-auto rounded-lg border">
              <InvoiceDocument document={query.data} logo={logo} />
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <Button
                variant="outline"
                disabled={fetching !== null || !source}
                onClick={() => source && void fetchServerFile(source, 'xrechnung', eInvoiceFileName(query.data, 'xrechnung'))}
              >
                {fetching === 'xrechnung' ? (
                  <Spinner size="sm" tone="current" label="Downloading" />
                ) : (
                  <FileCodeIcon aria-hidden />
                )}
                XRechnung (XML)
              </Button>
              <Button
                variant="outline"
                disabled={fetching !== null || !source}
                onClick={() => source && void fetchServerFile(source, 'xml', eInvoiceFileName(query.data))}
              >
                {fetching === 'xml' ? <Spinner size="sm" tone="current" label="Downloading" /> : <FileCodeIcon aria-hidden />}
                E-invoice (XML)
              </Button>
              <Button
                variant="outline"
                disabled={fetching !== null || !source}
                onClick={() => source && void fetchServerFile(source, 'pdf', documentFileName(query.data))}
              >
                {fetching === 'pdf' ? <Spinner size="sm" tone="current" label="Downloading" /> : <FileCheckIcon aria-hidden />}
                Download PDF/A
              </Button>
              <Button
                disabled={pdf.pending}
                onClick={() => void pdf.download([query.data], documentFileName(query.data))}
              >
                {pdf.pending ? <Spinner size="sm" tone="current" label="Generating" /> : <DownloadIcon aria-hidden />}
                Download PDF
              </Button>
            </div>
          </>
        )}
        {pdf.stage}
      </DialogContent>
    </Dialog>
  );
}
