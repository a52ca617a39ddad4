import { invoiceFigures } from '@portal/shared/allocation-purchases';
import { formatMoney } from '@portal/shared/money';
import { ReceiptIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Pagination } from '@/components/list/pagination';
import { TableSkeleton } from '@/components/list/table-skeleton';
import { Card } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { usePurchases } from '../api/get-purchases';
import { purchaseTaxNote } from '../lib/purchase-tax';
import { AllocationsFilter } from './allocations-filter';
import { PurchaseActionButtons, usePurchaseActions } from './purchase-actions';
import { PurchaseDetailsDialog } from './purchase-details-dialog';
import { usePurchaseFilters, type PurchaseScope } from './purchase-filters';
import { PurchaseStatusBadge } from './purchase-status-badge';
import { TestPaymentsBanner } from './test-payments-banner';
import { usePurchaseWorkflow } from './purchase-workflow';

type PurchaseTableProps = {
  scope?: PurchaseScope;
  /** Beside the filters, such as "Download all invoices". */
  toolbar?: ReactNode;
  emptyDescription?: string;
};

/**
 * The allocation purchases the caller reaches, or those of one event or exhibitor: filters, sort
 * and page in the URL, the actions each row allows, and `?purchase=<id>` for one purchase in full.
 */
export function PurchaseTable({ scope = {}, toolbar, emptyDescription }: PurchaseTableProps) {
  const session = useSession();
  const { params, setPage, active, clearFilters } = usePurchaseFilters(scope);
  const purchases = usePurchases(params);
  const actionsOf = usePurchaseActions();
  const workflow = usePurchaseWorkflow();
  const [search, setSearch] = useSearchParams();
  const detailsId = Number(search.get('purchase')) || null;
  const showEvent = scope.eventId == null && session?.user.eventId == null;
  const showRequester = scope.exhibitorId == null || session?.type === 'exhibitor';
  const rows = purchases.data?.data ?? [];

  function showDetails(id: number | null) {
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id === null) next.delete('purchase');
        else next.set('purchase', String(id));
        return next;
      },
      { replace: id === null },
    );
  }

  return (
    <>
      <TestPaymentsBanner className="mb-4" />
      <Card className="overflow-hidden">
        <div className="flex flex-col gap-3 border-b p-4 lg:flex-row lg:items-start">
          <AllocationsFilter scope={scope} />
          {toolbar && <div className="flex shrink-0 gap-2">{toolbar}</div>}
        </div>
        {purchases.isPending ? (
          <TableSkeleton columns={5} />
        ) : purchases.isError ? (
          <EmptyState
            icon={ReceiptIcon}
            title="The purchases could not be loaded"
            description={errorMessage(purchases.error, 'Please try again in a moment.')}
          />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={ReceiptIcon}
            title={active > 0 ? 'No purchases match these filters' : 'No purchases yet'}
            description={
              active > 0 ? (
                <button
                  type="button"
                  className="text-primary underline-offset-4 hover:underline"
                  onClick={clearFilters}
                >
                  Clear the filters
                </button>
              ) : (
                (emptyDescription ?? 'Requests for more badges appear here.')
              )
            }
          />
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Request</TableHead>
                {showRequester && <TableHead className="hidden md:table-cell">Requested by</TableHead>}
                <TableHead className="hidden text-right sm:table-cell">Places</TableHead>
                <TableHead className="text-right">Amount</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="hidden lg:table-cell">Invoice</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((purchase) => {
                const figures = invoiceFigures(purchase);
                const taxNote = purchaseTaxNote(purchase, 'short');
                return (
                  <TableRow key={purchase.id}>
                    <TableCell>
                      <button
                        type="button"
                        className="text-left font-medium hover:text-primary hover:underline focus-visible:underline"
                        onClick={() => showDetails(purchase.id)}
                        aria-label={`Details of purchase #${purchase.id}: ${purchase.badgeCategory.display_name ?? purchase.badgeCategory.name}`}
                      >
                        {purchase.badgeCategory.display_name ?? purchase.badgeCategory.name}
                      </button>
                      <div className="text-xs text-muted-foreground">
                        {formatDate(purchase.purchasedAt)}
                        {showEvent && ` · ${purchase.badgeCategory.event.name}`}
                      </div>
                      {showRequester && (
                        <div className="text-xs text-muted-foreground md:hidden">{figures.companyName}</div>
                      )}
                      <div className="text-xs text-muted-foreground sm:hidden">
                        {figures.quantity} of {purchase.quantity} places
                      </div>
                    </TableCell>
                    {showRequester && (
                      <TableCell className="hidden md:table-cell">
                        <div>{figures.companyName}</div>
                        <div className="text-xs text-muted-foreground">{figures.contactName}</div>
                      </TableCell>
                    )}
                    <TableCell className="hidden text-right tabular-nums sm:table-cell">
                      {purchase.accepted_amount !== null && purchase.accepted_amount !== purchase.quantity ? (
                        <span title={`${purchase.quantity} asked for`}>
                          {purchase.accepted_amount}{' '}
                          <span className="text-muted-foreground">/ {purchase.quantity}</span>
                        </span>
                      ) : (
                        figures.quantity
                      )}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatMoney(figures.totalAmount, purchase.currency)}
                      {taxNote && <div className="text-xs text-muted-foreground">{taxNote}</div>}
                      {purchase.refunded_amount > 0 && (
                        <div className="text-xs text-muted-foreground">
                          −{formatMoney(purchase.refunded_amount, purchase.currency)} refunded
                        </div>
                      )}
                    </TableCell>
                    <TableCell>
                      <PurchaseStatusBadge status={purchase.status} />
                    </TableCell>
                    <TableCell className="hidden text-xs lg:table-cell">{purchase.invoice_id ?? '—'}</TableCell>
                    <TableCell>
                      <PurchaseActionButtons
                        compact
                        purchase={purchase}
                        actions={actionsOf(purchase)}
                        onAction={workflow.onAction}
                        pending={workflow.pending}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
        {purchases.data && rows.length > 0 && (
          <Pagination meta={purchases.data.meta} onPageChange={setPage} noun="purchases" />
        )}
      </Card>
      <PurchaseDetailsDialog
        purchaseId={detailsId}
        onClose={() => showDetails(null)}
        onAction={workflow.onAction}
        onOpenDocument={workflow.openDocument}
        pending={workflow.pending}
      />
      {workflow.dialogs}
    </>
  );
}
