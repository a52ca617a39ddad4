import { FilesIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { downloadInvoiceArchive } from '../api/download-document-files';

/**
 * Every invoice and credit note of the event the user reaches, as one ZIP of PDFs that the server
 * streams: all of the event's for an organiser, its own for an exhibitor.
 */
export function DownloadAllInvoicesButton({ eventId, eventName }: { eventId: number; eventName: string }) {
  const [pending, setPending] = useState(false);

  async function download() {
    setPending(true);
    try {
      const count = await downloadInvoiceArchive(eventId, {}, `invoices-${slug(eventName) || eventId}.zip`);
      if (count === 0) toast.info('No invoices have been issued for this event yet.');
    } catch (error) {
      toast.error(errorMessage(error, 'The invoices could not be downloaded'));
    } finally {
      setPending(false);
    }
  }

  return (
    <Button variant="outline" size="sm" disabled={pending} onClick={() => void download()}>
      {pending ? <Spinner size="sm" tone="current" label="Downloading" /> : <FilesIcon aria-hidden />}
      Download all invoices
    </Button>
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
