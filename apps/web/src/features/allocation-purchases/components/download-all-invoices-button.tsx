import { FilesIcon } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { eventInvoicesQueryOptions } from '../api/get-event-invoices';
import { useInvoicePdf } from './invoice-pdf';

/** Every invoice of the event in one PDF, a page each, for the organiser's accounts. */
export function DownloadAllInvoicesButton({ eventId, eventName }: { eventId: number; eventName: string }) {
  const queryClient = useQueryClient();
  const pdf = useInvoicePdf();

  async function download() {
    let invoices;
    try {
      // Always fresh: an invoice issued a minute ago belongs in the file.
      invoices = await queryClient.fetchQuery({ ...eventInvoicesQueryOptions(eventId), staleTime: 0 });
    } catch (error) {
      toast.error(errorMessage(error, 'The invoices could not be loaded'));
      return;
    }
    if (invoices.length === 0) {
      toast.info('No invoices have been issued for this event yet.');
      return;
    }
    await pdf.download(invoices, `invoices-${slug(eventName) || eventId}.pdf`);
  }

  return (
    <>
      <Button variant="outline" size="sm" disabled={pdf.pending} onClick={() => void download()}>
        {pdf.pending ? <Spinner size="sm" tone="current" label="Generating" /> : <FilesIcon aria-hidden />}
        {pdf.progress && pdf.progress.total > 1
          ? `Generating ${pdf.progress.done} of ${pdf.progress.total}…`
          : 'Download all invoices'}
      </Button>
      {pdf.stage}
    </>
  );
}

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-');
}
