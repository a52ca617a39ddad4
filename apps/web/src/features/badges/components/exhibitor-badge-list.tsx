import type { BadgeListItem } from '@portal/shared/badges';
import { IdCardIcon } from 'lucide-react';
import { useState } from 'react';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { useListParams } from '@/hooks/use-list-params';
import { formatDate } from '@/lib/format';
import { useBadges } from '../api/get-badges';
import { BadgeStatusBadge } from './badge-status-badge';
import { badgeNameColumn } from './badge-name-column';

const DEFAULT_SORT = '-createdAt';

const columns: ListColumn<BadgeListItem>[] = [
  badgeNameColumn,
  { id: 'email', header: 'Email', sortKey: 'email', className: 'hidden sm:table-cell', cell: (badge) => badge.email },
  {
    id: 'category',
    header: 'Category',
    className: 'hidden md:table-cell',
    cell: (badge) => badge.badgeCategory.name,
  },
  { id: 'status', header: 'Status', cell: (badge) => <BadgeStatusBadge status={badge.status} /> },
  {
    id: 'createdAt',
    header: 'Created',
    sortKey: 'createdAt',
    className: 'hidden whitespace-nowrap text-muted-foreground md:table-cell',
    cell: (badge) => formatDate(badge.createdAt),
  },
];

/** One exhibitor's badges (its own and its sub-accounts'), newest first unless sorted otherwise, each opening its badge page. */
export function ExhibitorBadgeList({ exhibitorId }: { exhibitorId: number }) {
  const { page, search, setPage, setSearch } = useListParams();
  // A tab of the exhibitor's page, whose sub-account list keeps its sort in the URL: this one stays here.
  const [sort, setSort] = useState(DEFAULT_SORT);
  const badges = useBadges({
    page,
    search,
    badgeCategoryId: null,
    status: null,
    exhibitorId,
    createdFrom: '',
    createdTo: '',
    sort,
    printed: null,
  });

  return (
    <DataList
      name="exhibitor-badges"
      noun="badges"
      icon={IdCardIcon}
      search={{ value: search, onSearch: setSearch, placeholder: 'Search by name or email' }}
      query={badges}
      columns={columns}
      getRowId={(badge) => badge.id}
      sort={{
        value: sort,
        onChange: (next) => {
          setSort(next);
          setPage(1);
        },
        descendingFirst: ['createdAt'],
      }}
      onPageChange={setPage}
      emptyTitle="No badges yet"
      emptyDescription="The badges this exhibitor registers for its staff and guests appear here."
    />
  );
}
