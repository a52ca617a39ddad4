import { BADGE_TYPE_LABELS } from '@portal/shared/badge-categories';
import { TagsIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { TableSkeleton } from '@/components/list/table-skeleton';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/format';
import { useBadgeCategories } from '../api/get-badge-categories';
import { formatPrice } from '@portal/shared/money';
import { formatVatRate } from '@portal/shared/vat';

/** The first page of an event's badge categories with their badge counts; the server leaves out types the user may not see. */
export function EventBadgeCategories({ eventId }: { eventId: number }) {
  const categories = useBadgeCategories({ page: 1, search: '', eventId, type: 'badge' });
  const rows = categories.data?.data ?? [];
  const total = categories.data?.meta.total ?? 0;

  return (
    <Card className="overflow-hidden">
      {categories.isPending ? (
        <TableSkeleton columns={4} rows={3} />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={TagsIcon}
          title="No badge categories yet"
          description="Badge categories, such as exhibitor staff or day visitors, appear here once they are set up for this event."
        />
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead className="hidden sm:table-cell">Badge type</TableHead>
              <TableHead className="hidden md:table-cell">Price of an extra badge</TableHead>
              <TableHead className="text-right">Badges</TableHead>
              <TableHead className="hidden sm:table-cell">Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((category) => (
              <TableRow key={category.id}>
                <TableCell>
                  <div className="font-medium">{category.displayName ?? category.name}</div>
                  {category.displayName && <div className="text-xs text-muted-foreground">{category.name}</div>}
                </TableCell>
                <TableCell className="hidden sm:table-cell">{BADGE_TYPE_LABELS[category.badgeType]}</TableCell>
                <TableCell className="hidden tabular-nums md:table-cell">
                  {formatPrice(category.unitPrice, category.currency)}
                  {category.vatRate !== null && (
                    <div className="text-xs text-muted-foreground">VAT {formatVatRate(category.vatRate)}</div>
                  )}
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatCount(category.badgeCount)}</TableCell>
                <TableCell className="hidden sm:table-cell">
                  {category.isActive ? (
                    <Badge variant="success">Active</Badge>
                  ) : (
                    <Badge variant="outline">Inactive</Badge>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {total > rows.length && (
        <p className="border-t px-4 py-3 text-sm text-muted-foreground">
          Showing {formatCount(rows.length)} of {formatCount(total)}.{' '}
          <Link className="font-medium text-primary underline-offset-4 hover:underline" to={`${paths.badgeCategories.href()}?eventId=${eventId}`}>
            See all badge categories
          </Link>
        </p>
      )}
    </Card>
  );
}
