import { BADGE_TYPE_LABELS, visibleBadgeTypes } from '@portal/shared/badge-categories';
import { TagsIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { TableSkeleton } from '@/components/list/table-skeleton';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCount } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useEventBadgeCategories } from '../api/get-event-badge-categories';
import { formatPrice } from './price';

/** The badge categories of one event, of the badge types the user may see. */
export function EventBadgeCategories({ eventId }: { eventId: number }) {
  const session = useSession();
  const categories = useEventBadgeCategories(eventId);
  const visible = session ? visibleBadgeTypes(session.user.permissions, session.type) : [];
  const rows = (categories.data ?? []).filter((category) => visible.includes(category.badgeType));

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
    </Card>
  );
}
