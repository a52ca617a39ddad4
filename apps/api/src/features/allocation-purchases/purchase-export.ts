import { invoiceFigures, PURCHASE_STATUS_LABELS, type AllocationPurchase } from '@portal/shared/allocation-purchases';
import { formatInvoiceAmount } from '@portal/shared/money';
import { utcCell, type ExportColumn } from '../../lib/list-export';

const categoryOf = (purchase: AllocationPurchase) => purchase.badgeCategory.display_name ?? purchase.badgeCategory.name;

/**
 * The purchase list's columns as a file has them. Amounts are written as invoices write them
 * (`formatInvoiceAmount`: "€1,234.50", the same on every machine), with the currency's code beside.
 */
export const PURCHASE_EXPORT_COLUMNS: readonly ExportColumn<AllocationPurchase>[] = [
  { header: 'Number', cell: (purchase) => String(purchase.id) },
  { header: 'Invoice', cell: (purchase) => purchase.invoice_id ?? '' },
  { header: 'Company', cell: (purchase) => purchase.admin.companyName ?? '' },
  { header: 'Requested by', cell: (purchase) => `${purchase.admin.firstName} ${purchase.admin.lastName}`.trim() },
  { header: 'Requester email', cell: (purchase) => purchase.admin.email },
  { header: 'Event', cell: (purchase) => purchase.badgeCategory.event.name },
  { header: 'Items', cell: (purchase) => `${invoiceFigures(purchase).quantity} × ${categoryOf(purchase)}` },
  { header: 'Places asked', cell: (purchase) => String(purchase.quantity) },
  { header: 'Places accepted', cell: (purchase) => (purchase.accepted_amount === null ? '' : String(purchase.accepted_amount)) },
  { header: 'Total', cell: (purchase) => formatInvoiceAmount(invoiceFigures(purchase).totalAmount, purchase.currency) },
  { header: 'Currency', cell: (purchase) => purchase.currency },
  {
    header: 'Refunded',
    cell: (purchase) => (purchase.refunded_amount > 0 ? formatInvoiceAmount(purchase.refunded_amount, purchase.currency) : ''),
  },
  { header: 'Status', cell: (purchase) => PURCHASE_STATUS_LABELS[purchase.status] },
  { header: 'Paid', cell: (purchase) => (purchase.is_paid ? 'Yes' : 'No') },
  { header: 'Requested (UTC)', cell: (purchase) => utcCell(purchase.purchasedAt) },
  { header: 'Decided (UTC)', cell: (purchase) => utcCell(purchase.approvedAt ?? purchase.rejectedAt) },
  { header: 'Paid (UTC)', cell: (purchase) => utcCell(purchase.paidAt) },
  { header: 'Cancelled (UTC)', cell: (purchase) => utcCell(purchase.cancelledAt) },
];
