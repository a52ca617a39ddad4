import type { AllocationPurchase, PaymentToken } from '@portal/shared/allocation-purchases';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog } from '@/components/form/form-dialog';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { useCreatePaymentToken } from '../api/create-payment-token';
import { useUpdatePurchase } from '../api/update-purchase';
import { EditAllocationModal } from './edit-allocation-modal';
import { InvoiceDialog, type DocumentSource } from './invoice-dialog';
import type { PurchaseActionKey } from './purchase-actions';
import { RecordPaymentDialog } from './record-payment-dialog';
import { RefundDialog } from './refund-dialog';
import { ReissueInvoiceDialog } from './reissue-invoice-dialog';

type Open = { kind: 'review' | 'record-payment' | 'refund' | 'reissue' | 'cancel'; purchase: AllocationPurchase };

/** Every dialog a purchase's actions open, and the actions that need none (paying). */
export function usePurchaseWorkflow() {
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open | null>(null);
  const [shownDocument, setShownDocument] = useState<DocumentSource | null>(null);
  const [instructions, setInstructions] = useState<string | null>(null);
  const paymentToken = useCreatePaymentToken();
  const update = useUpdatePurchase();
  const close = () => setOpen(null);
  const dialogPurchase = (kind: Open['kind']) => (open?.kind === kind ? open.purchase : null);

  function pay(purchase: AllocationPurchase) {
    paymentToken.mutate(purchase.id, {
      onSuccess: (token: PaymentToken) => {
        if (!token.url) setInstructions(token.instructions ?? 'Pay by bank transfer; the organiser records it.');
        // The built-in sandbox checkout is a page of this app; a provider's checkout is elsewhere.
        else if (token.url.startsWith('/')) navigate(token.url);
        else window.location.assign(token.url);
      },
      onError: (error) => toast.error(errorMessage(error, 'The payment could not be started')),
    });
  }

  function cancel(purchase: AllocationPurchase) {
    update.mutate(
      { id: purchase.id, body: { action: 'cancel' } },
      {
        onSuccess: () => toast.success('Purchase cancelled'),
        onError: (error) => toast.error(errorMessage(error, 'The purchase could not be cancelled')),
        onSettled: close,
      },
    );
  }

  function onAction(key: PurchaseActionKey, purchase: AllocationPurchase) {
    if (key === 'pay') pay(purchase);
    else if (key === 'invoice') setShownDocument({ kind: 'invoice', purchaseId: purchase.id });
    else setOpen({ kind: key, purchase });
  }

  const cancelling = dialogPurchase('cancel');
  const dialogs = (
    <>
      <EditAllocationModal purchase={dialogPurchase('review')} onClose={close} />
      <RecordPaymentDialog purchase={dialogPurchase('record-payment')} onClose={close} />
      <RefundDialog purchase={dialogPurchase('refund')} onClose={close} />
      <ReissueInvoiceDialog purchase={dialogPurchase('reissue')} onClose={close} />
      <InvoiceDialog source={shownDocument} onClose={() => setShownDocument(null)} />
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(next) => !next && close()}
        title="Cancel this purchase?"
        description={
          cancelling?.status === 'approved'
            ? 'The approved places will not be added, and its invoice is cancelled by a credit note.'
            : 'The request is withdrawn; no places are added.'
        }
        confirmLabel="Cancel purchase"
        cancelLabel="Keep purchase"
        pending={update.isPending}
        onConfirm={() => cancelling && cancel(cancelling)}
      />
      <FormDialog
        open={instructions !== null}
        onClose={() => setInstructions(null)}
        title="Pay by bank transfer"
        description="The organiser records the transfer when it arrives; the places are added then."
      >
        <p className="text-sm whitespace-pre-line">{instructions}</p>
        <DialogFooter>
          <DialogClose asChild>
            <Button>Close</Button>
          </DialogClose>
        </DialogFooter>
      </FormDialog>
    </>
  );

  return {
    onAction,
    openDocument: setShownDocument,
    pending: paymentToken.isPending ? ('pay' as const) : null,
    dialogs,
  };
}
