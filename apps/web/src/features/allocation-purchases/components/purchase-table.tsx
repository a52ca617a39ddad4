import { invoiceFigures, type AllocationPurchase } from '@portal/shared/allocation-purchases';
import { formatMoney } from '@portal/shared/money';
import { ReceiptIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { useCan } from '@/hooks/use-can';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { purchaseQuery, usePurchases } from '../api/get-purchases';
import { purchaseTaxNote } from '../lib/purchase-tax';
import { AllocationsFilter } from './allocations-filter';
import { PurchaseActionButtons, usePurchaseActions } from './purchase-actions';
import { PurchaseDetailsDialog } from './purchase-details-dialog';
import { DEFAULT_PURCHASE_SORT, usePurchaseFilters, type PurchaseScope } from './purchase-filters';
import { PurchaseStatusBadge } from './purchase-status-badge';
import { TestPaymentsBanner } from './test-payments-banner';
import { usePurchaseWorkflow } from './purchase-workflow';

type PurchaseTableProps = {
  scope?: PurchaseScope;
  /** Beside the filters, such as "Download all invoices". */
  toolbar?: ReactNode;
  emptyDescription?: string;
};

const categoryOf = (purchase: AllocationPurchase) => purchase.badgeCategory.display_name ?? purchase.badgeCategory.name;

/**
 * The allocation purchases the caller reaches, or those of one event or exhibitor: filters, sort
 * and page in the URL, the actions each row allows, and `?purchase=<id>` for one purchase in full.
 */
export function PurchaseTable({ scope = {}, toolbar, emptyDescription }: PurchaseTableProps) {
  const session = useSession();
  const can = useCan();
  const { params, setPage, setFilters, active, clearFilters } = usePurchaseFilters(scope);
  const purchases = usePurchases(params);
  const actionsOf = usePurchaseActions();
  const workflow = usePurchaseWorkflow();
  const [search, setSearch] = useSearchParams();
  const detailsId = Number(search.get('purchase')) || null;
  const showEvent = scope.eventId == null && session?.user.eventId == null;
  const showRequester = scope.exhibitorId == null || session?.type === 'exhibitor';

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

  const columns: ListColumn<AllocationPurchase>[] = [
    {
      id: 'request',
      header: 'Request',
      hideable: false,
      cell: (purchase) => (
        <>
          <button
            type="button"
            className="text-left font-medium hover:text-primary hover:underline focus-visible:underline"
            onClick={() => showDetails(purchase.id)}
            aria-label={`Details of purchase #${purchase.id}: ${categoryOf(purchase)}`}
          >
            {categoryOf(purchase)}
          </button>
          <div className="text-xs text-muted-foreground">
            {formatDate(purchase.purchasedAt)}
            {showEvent && ` · ${purchase.badgeCategory.event.name}`}
          </div>
          {showRequester && (
            <div className="text-xs text-muted-foreground md:hidden">{invoiceFigures(purchase).companyName}</div>
          )}
          <div className="text-xs text-muted-foreground sm:hidden">
            {invoiceFigures(purchase).quantity} of {purchase.quantity} places
          </div>
        </>
      ),
    },
    ...(showRequester
      ? [
          {
            id: 'requester',
            header: 'Requested by',
            className: 'hidden md:table-cell',
            cell: (purchase: AllocationPurchase) => {
              const figures = invoiceFigures(purchase);
              return (
                <>
                  <div>{figures.companyName}</div>
                  <div className="text-xs text-muted-foreground">{figures.contactName}</div>
                </>
              );
            },
          },
        ]
      : []),
    {
      id: 'places',
      header: 'Places',
      className: 'hidden text-right tabular-nums sm:table-cell',
      cell: (purchase) =>
        purchase.accepted_amount !== null && purchase.accepted_amount !== purchase.quantity ? (
          <span title={`${purchase.quantity} asked for`}>
            {purchase.accepted_amount} <span className="text-muted-foreground">/ {purchase.quantity}</span>
          </span>
        ) : (
          invoiceFigures(purchase).quantity
        ),
    },
    {
      id: 'amount',
      header: 'Amount',
      sortKey: 'totalPrice',
      className: 'text-right tabular-nums',
      cell: (purchase) => {
        const taxNote = purchaseTaxNote(purchase, 'short');
        return (
          <>
            {formatMoney(invoiceFigures(purchase).totalAmount, purchase.currency)}
            {taxNote && <div className="text-xs text-muted-foreground">{taxNote}</div>}
            {purchase.refunded_amount > 0 && (
              <div className="text-xs text-muted-foreground">
                −{formatMoney(purchase.refunded_amount, purchase.currency)} refunded
              </div>
            )}
          </>
        );
      },
    },
    {
      id: 'status',
      header: 'Status',
      sortKey: 'status',
      cell: (purchase) => <PurchaseStatusBadge status={purchase.status} />,
    },
    {
      id: 'invoice',
      header: 'Invoice',
      className: 'hidden text-xs lg:table-cell',
      cell: (purchase) => purchase.invoice_id ?? '—',
    },
    {
      id: 'purchasedAt',
      header: 'Requested',
      sortKey: 'purchasedAt',
      hiddenByDefault: true,
      className: 'hidden whitespace-nowrap text-muted-foreground md:table-cell',
      cell: (purchase) => formatDate(purchase.purchasedAt),
    },
    {
      id: 'actions',
      header: 'Actions',
      hideable: false,
      headerHidden: true,
      className: 'text-right',
      cell: (purchase) => (
        <PurchaseActionButtons
          compact
          purchase={purchase}
          actions={actionsOf(purchase)}
          onAction={workflow.onAction}
          pending={workflow.pending}
        />
      ),
    },
  ];

  return (
    <>
      <TestPaymentsBanner className="mb-4" />
      <DataList
        name="allocation-purchases"
        noun="purchases"
        icon={ReceiptIcon}
        filters={<AllocationsFilter scope={scope} />}
        headingActions={toolbar}
        query={purchases}
        columns={columns}
        getRowId={(purchase) => purchase.id}
        sort={{
          value: params.sort,
          onChange: (next) => setFilters({ sort: next === DEFAULT_PURCHASE_SORT ? '' : next }),
          descendingFirst: ['purchasedAt', 'totalPrice'],
        }}
        exportTo={
          can('export_data')
            ? { url: '/admin/allocation-purchases/export', params: purchaseQuery(params), fileName: 'allocation-purchases' }
            : undefined
        }
        onPageChange={setPage}
        emptyTitle={active > 0 ? 'No purchases match these filters' : 'No purchases yet'}
        emptyDescription={
          active > 0 ? (
            <button type="button" className="text-primary underline-offset-4 hover:underline" onClick={clearFilters}>
              Clear the filters
            </button>
          ) : (
            (emptyDescription ?? 'Requests for more badges appear here.')
          )
        }
      />
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
