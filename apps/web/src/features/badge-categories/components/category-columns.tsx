import { BADGE_TYPE_LABELS, type BadgeCategory } from '@portal/shared/badge-categories';
import { formatPrice } from '@portal/shared/money';
import { formatVatRate } from '@portal/shared/vat';
import type { ListColumn } from '@/components/list/data-list';
import { Badge } from '@/components/ui/badge';
import { formatCount } from '@/lib/format';

/** What both category lists (the page and an event's tab) show after the name: type, price, badges, status, order. */
export const categoryFigureColumns: ListColumn<BadgeCategory>[] = [
  {
    id: 'badgeType',
    header: 'Badge type',
    className: 'hidden sm:table-cell',
    cell: (category) => BADGE_TYPE_LABELS[category.badgeType],
  },
  {
    id: 'price',
    header: 'Price',
    className: 'hidden tabular-nums md:table-cell',
    cell: (category) => (
      <>
        {formatPrice(category.unitPrice, category.currency)}
        {category.vatRate !== null && (
          <div className="text-xs text-muted-foreground">VAT {formatVatRate(category.vatRate)}</div>
        )}
      </>
    ),
  },
  {
    id: 'badges',
    header: 'Badges',
    className: 'hidden text-right tabular-nums sm:table-cell',
    cell: (category) => formatCount(category.badgeCount),
  },
  {
    id: 'status',
    header: 'Status',
    className: 'hidden md:table-cell',
    cell: (category) =>
      category.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="outline">Inactive</Badge>,
  },
  {
    id: 'sortOrder',
    header: 'Order',
    sortKey: 'sortOrder',
    className: 'hidden text-right tabular-nums lg:table-cell',
    cell: (category) => category.sortOrder,
  },
];
