import { invoiceFigures, PAYMENT_PROVIDER_LABELS, type AllocationPurchase } from '@portal/shared/allocation-purchases';
import { formatMoney } from '@portal/shared/money';
import { FileTextIcon, SearchXIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Detail, DetailList } from '@/components/detail-list';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { HistorySection } from '@/features/audit/components/record-history';
import { usePurchase } from '../api/get-purchase';
import { purchaseTaxNote } from '../lib/purchase-tax';
import type { DocumentSource } from './invoice-dialog';
import { PurchaseActionButtons, usePurchaseActions, type PurchaseActionKey } from './purchase-actions';
import { PurchaseStatusBadge } from './purchase-status-badge';

type PurchaseDetailsDialogProps = {
  purchaseId: number | null;
  onClose: () => void;
  onAction: (key: PurchaseActionKey, purchase: AllocationPurchase) => void;
  onOpenDocument: (source: DocumentSource) => void;
  pending: PurchaseActionKey | null;
};

/** One purchase in full, as the emails link to it (`?purchase=<id>`), with what can be done next. */
export function PurchaseDetailsDialog({
  purchaseId,
  onClose,
  onAction,
  onOpenDocument,
  pending,
}: PurchaseDetailsDialogProps) {
  const purchase = usePurchase(purchaseId);
  const actionsOf = usePurchaseActions();
  return (
    <Dialog open={purchaseId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Purchase #{purchaseId}</DialogTitle>
          <DialogDescription>
            {purchase.data
              ? `${purchase.data.badgeCategory.event.name} · requested ${formatDate(purchase.data.purchasedAt)}`
              : 'A request for more badges.'}
          </DialogDescription>
        </DialogHeader>
        {purchase.isPending ? (
          <div aria-hidden className="grid gap-3">
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-32 w-full" />
          </div>
        ) : purchase.isError ? (
          <EmptyState
            icon={SearchXIcon}
            title="This purchase could not be shown"
            description={errorMessage(purchase.error, 'It may not exist, or it belongs to another account.')}
          />
        ) : (
          <>
            <PurchaseDetails
              purchase={purchase.data}
              actions={
                <PurchaseActionButtons
                  purchase={purchase.data}
                  actions={actionsOf(purchase.data)}
                  onAction={onAction}
                  pending={pending}
                />
              }
              onOpenDocument={onOpenDocument}
            />
            {/* The purchase's invoices and credit notes are issued by its own writes: their history is this one. */}
            <HistorySection kind="purchase" id={purchase.data.id} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

export function PurchaseDetails({
  purchase,
  actions,
  onOpenDocument,
}: {
  purchase: AllocationPurchase;
  actions?: ReactNode;
  onOpenDocument: (source: DocumentSource) => void;
}) {
  const figures = invoiceFigures(purchase);
  const money = (cents: number) => formatMoney(cents, purchase.currency);
  const requester = `${purchase.admin.firstName} ${purchase.admin.lastName}`.trim();
  const taxNote = purchaseTaxNote(purchase);
  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center gap-2">
        <PurchaseStatusBadge status={purchase.status} />
        <span className="text-sm text-muted-foreground">{figures.status === 'PAID' ? 'Paid' : 'Not paid'}</span>
      </div>
      <DetailList>
        <Detail label="Category">{purchase.badgeCategory.display_name ?? purchase.badgeCategory.name}</Detail>
        <Detail label="Requested by">
          {figures.companyName}
          <span className="block text-xs text-muted-foreground">
            {requester} · {figures.email}
          </span>
        </Detail>
        <Detail label="Places asked for">{purchase.quantity}</Detail>
        <Detail label="Places approved">{purchase.accepted_amount ?? '—'}</Detail>
        <Detail label="Price per place">{money(purchase.unitPrice)}</Detail>
        <Detail label={purchase.amount_to_pay === null ? 'Amount (as requested)' : 'Amount to pay'}>
          <span className="font-medium">{money(figures.totalAmount)}</span>
          {taxNote && <span className="block text-xs text-muted-foreground">{taxNote}</span>}
        </Detail>
        {(purchase.buyerVatId || purchase.tax.category !== 'O') && (
          <Detail label="Buyer VAT ID">{purchase.buyerVatId ?? '—'}</Detail>
        )}
        {purchase.refunded_amount > 0 && <Detail label="Refunded">{money(purchase.refunded_amount)}</Detail>}
        {purchase.paymentProvider && (
          <Detail label="Payment">
            {PAYMENT_PROVIDER_LABELS[purchase.paymentProvider]}
            {purchase.paymentReference && (
              <span className="block text-xs break-all text-muted-foreground">{purchase.paymentReference}</span>
            )}
          </Detail>
        )}
        <Detail label="Timeline" wide>
          <ul className="grid gap-0.5 text-sm">
            <li>Requested {formatDate(purchase.purchasedAt)}</li>
            {purchase.approvedAt && <li>Approved {formatDate(purchase.approvedAt)}</li>}
            {purchase.rejectedAt && <li>Rejected {formatDate(purchase.rejectedAt)}</li>}
            {purchase.paidAt && <li>Paid {formatDate(purchase.paidAt)}</li>}
            {purchase.cancelledAt && <li>Cancelled {formatDate(purchase.cancelledAt)}</li>}
          </ul>
        </Detail>
        {purchase.comment && (
          <Detail label="Request note" wide>
            <p className="whitespace-pre-line">{purchase.comment}</p>
          </Detail>
        )}
        {purchase.decision_comment && (
          <Detail label="Organiser’s note" wide>
            <p className="whitespace-pre-line">{purchase.decision_comment}</p>
          </Detail>
        )}
      </DetailList>
      {(purchase.invoice || purchase.creditNotes.length > 0) && (
        <section aria-labelledby="purchase-documents" className="grid gap-2">
          <h3 id="purchase-documents" className="text-sm font-semibold">
            Invoice and credit notes
          </h3>
          <ul className="grid gap-1">
            {purchase.invoice && (
              <li>
                <Button
                  variant="link"
                  className="h-auto p-0"
                  onClick={() => onOpenDocument({ kind: 'invoice', purchaseId: purchase.id })}
                >
                  <FileTextIcon aria-hidden />
                  Invoice {purchase.invoice.number}
                </Button>
                <span className="ml-2 text-xs text-muted-foreground">{formatDate(purchase.invoice.issuedAt)}</span>
              </li>
            )}
            {purchase.creditNotes.map((note) => (
              <li key={note.id}>
                <Button
                  variant="link"
                  className="h-auto p-0"
                  onClick={() => onOpenDocument({ kind: 'credit_note', id: note.id })}
                >
                  <FileTextIcon aria-hidden />
                  Credit note {note.number}
                </Button>
                <span className="ml-2 text-xs text-muted-foreground">
                  {money(note.amount)} · {note.reason}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {actions}
    </div>
  );
}
