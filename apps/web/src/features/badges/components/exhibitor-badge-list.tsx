import { IdCardIcon } from 'lucide-react';
import { Link } from 'react-router';
import { ListPanel } from '@/components/list/list-panel';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { useListParams } from '@/hooks/use-list-params';
import { formatDate } from '@/lib/format';
import { useBadges } from '../api/get-badges';
import { BadgeStatusBadge } from './badge-status-badge';

/** One exhibitor's badges (its own and its sub-accounts'), newest first, each opening its badge page. */
export function ExhibitorBadgeList({ exhibitorId }: { exhibitorId: number }) {
  const { page, search, setPage, setSearch } = useListParams();
  const badges = useBadges({
    page,
    search,
    badgeCategoryId: null,
    status: null,
    exhibitorId,
    createdFrom: '',
    createdTo: '',
    sort: '-createdAt',
    printed: null,
  });

  return (
    <ListPanel
      noun="badges"
      icon={IdCardIcon}
      search={search}
      onSearch={setSearch}
      searchPlaceholder="Search by name or email"
      query={badges}
      onPageChange={setPage}
      emptyTitle="No badges yet"
      emptyDescription="The badges this exhibitor registers for its staff and guests appear here."
      columns={5}
    >
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead className="hidden sm:table-cell">Email</TableHead>
            <TableHead className="hidden md:table-cell">Category</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="hidden md:table-cell">Created</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {badges.data?.data.map((badge) => (
            <TableRow key={badge.id}>
              <TableCell>
                <Link
                  to={paths.viewUser.href({ id: badge.id })}
                  className="rounded-sm font-medium hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  {badge.name}
                </Link>
                <div className="text-xs text-muted-foreground sm:hidden">{badge.email}</div>
              </TableCell>
              <TableCell className="hidden sm:table-cell">{badge.email}</TableCell>
              <TableCell className="hidden md:table-cell">{badge.badgeCategory.name}</TableCell>
              <TableCell>
                <BadgeStatusBadge status={badge.status} />
              </TableCell>
              <TableCell className="hidden whitespace-nowrap text-muted-foreground md:table-cell">
                {formatDate(badge.createdAt)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ListPanel>
  );
}
