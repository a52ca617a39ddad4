import type { BadgeListItem } from '@portal/shared/badges';
import { Link } from 'react-router';
import type { ListColumn } from '@/components/list/data-list';
import { paths } from '@/config/paths';

/** A badge list's naming column: the holder's name, linking to the badge, with the email under it on a phone. */
export const badgeNameColumn: ListColumn<BadgeListItem> = {
  id: 'name',
  header: 'Name',
  sortKey: 'name',
  hideable: false,
  cell: (badge) => (
    <>
      <Link
        to={paths.viewUser.href({ id: badge.id })}
        className="rounded-sm font-medium hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {badge.name}
      </Link>
      <div className="text-xs text-muted-foreground sm:hidden">{badge.email}</div>
    </>
  ),
};
