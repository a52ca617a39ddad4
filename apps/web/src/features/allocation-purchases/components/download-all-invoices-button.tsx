import { ChevronDownIcon, FilesIcon, SheetIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { downloadInvoiceArchive, type DocumentsFormat } from '../api/download-document-files';

/**
 * Every invoice and credit note of the event the user reaches, as one file the server streams: a
 * ZIP of their PDFs, or their register (one row each) for the accounts as .xlsx or .csv. All of the
 * event's for an organiser, its own for an exhibitor.
 */
export function DownloadAllInvoicesButton({ eventId, eventName }: { eventId: number; eventName: string }) {
  const [pending, setPending] = useState<DocumentsFormat | null>(null);

  async function download(format: DocumentsFormat) {
    setPending(format);
    try {
      const count = await downloadInvoiceArchive(eventId, {}, `invoices-${slug(eventName) || eventId}.${format}`, format);
      if (count === 0) toast.info('No invoices have been issued for this event yet.');
    } catch (error) {
      toast.error(errorMessage(error, 'The invoices could not be downloaded'));
    } finally {
      setPending(null);
    }
  }

  return (
    <>
      <Button variant="outline" size="sm" disabled={pending !== null} onClick={() => void download('zip')}>
        {pending === 'zip' ? <Spinner size="sm" tone="current" label="Downloading" /> : <FilesIcon aria-hidden />}
        Download all invoices
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" disabled={pending !== null}>
            {pending === 'xlsx' || pending === 'csv' ? (
              <Spinner size="sm" tone="current" label="Exporting" />
            ) : (
              <SheetIcon aria-hidden />
            )}
            Export invoice list
            <ChevronDownIcon aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => void download('xlsx')}>Excel workbook (.xlsx)</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void download('csv')}>CSV (.csv)</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
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
