import type { AllocationPurchase } from '@portal/shared/allocation-purchases';
import { formatInvoiceAmount } from '@portal/shared/money';
import { useState } from 'react';
import { toast } from 'sonner';
import { FormAlert } from '@/components/form/form-alert';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useReissueInvoice } from '../api/reissue-invoice';

/** What a reissue will do, in figures: only what was not refunded moves to the new invoice. */
function reissueSummary(purchase: AllocationPurchase, invoice: NonNullable<AllocationPurchase['invoice']>): string {
  const carried = formatInvoiceAmount(invoice.remainingAmount, purchase.currency);
  const refunded =
    invoice.remainingAmount < invoice.totalAmount
      ? ` Of its ${formatInvoiceAmount(invoice.totalAmount, purchase.currency)}, ${formatInvoiceAmount(invoice.totalAmount - invoice.remainingAmount, purchase.currency)} was already credited and stays so.`
      : '';
  return `A credit note for ${carried} cancels invoice ${invoice.number}, and a new invoice for ${carried} is issued under the next number with today’s billing details.${refunded}`;
}

/**
 * Issue corrected invoice: after the company's billing details changed, the current invoice is cancelled
 * by a credit note and a corrected one is issued under a new number (numbers are never reused).
 */
export function ReissueInvoiceDialog({
  purchase,
  onClose,
}: {
  purchase: AllocationPurchase | null;
  onClose: () => void;
}) {
  const reissue = useReissueInvoice();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string>();

  function close() {
    setReason('');
    setFailure(undefined);
    onClose();
  }

  function confirm() {
    if (!purchase) return;
    setFailure(undefined);
    reissue.mutate(
      { id: purchase.id, body: { reason: reason.trim() || undefined } },
      {
        onSuccess: (updated) => {
          toast.success(
            updated.invoice_id ? `Corrected invoice ${updated.invoice_id} issued` : 'Corrected invoice issued',
          );
          close();
        },
        onError: (error) => setFailure(errorMessage(error, 'The corrected invoice could not be issued')),
      },
    );
  }

  return (
    <FormDialog
      open={purchase !== null}
      onClose={close}
      title="Issue a corrected invoice"
      description={purchase?.invoice ? reissueSummary(purchase, purchase.invoice) : ''}
    >
      <div className="grid gap-4">
        <FormAlert message={failure} />
        <FormField id="reissue-reason" label="Reason" hint="Optional: printed on the credit note.">
          {(control) => (
            <Textarea
              {...control}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              rows={2}
              maxLength={500}
            />
          )}
        </FormField>
        <DialogFooter className="mt-2">
          <DialogClose asChild>
            <Button variant="outline" disabled={reissue.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button onClick={confirm} disabled={reissue.isPending}>
            {reissue.isPending && <Spinner size="sm" tone="current" label="Saving" />}
            Issue corrected invoice
          </Button>
        </DialogFooter>
      </div>
    </FormDialog>
  );
}
