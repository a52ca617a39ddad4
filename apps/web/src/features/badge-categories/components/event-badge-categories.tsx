import type { BadgeCategory } from '@portal/shared/badge-categories';
import { TagsIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useBadgeCategories } from '../api/get-badge-categories';
import { categoryFigureColumns } from './category-columns';

const columns: ListColumn<BadgeCategory>[] = [
  {
    id: 'name',
    header: 'Name',
    sortKey: 'name',
    hideable: false,
    cell: (category) => (
      <>
        <div className="font-medium">{category.displayName ?? category.name}</div>
        {category.displayName && <div className="text-xs text-muted-foreground">{category.name}</div>}
      </>
    ),
  },
  ...categoryFigureColumns,
];

/** An event's badge categories with their badge counts; the server leaves out types the user may not see. */
export function EventBadgeCategories({ eventId }: { eventId: number }) {
  // A tab of the event's page, beside lists that keep theirs in the URL: page and sort stay here.
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState('sortOrder');
  const categories = useBadgeCategories({ page, search: '', eventId, type: 'badge', sort });

  return (
    <DataList
      name="event-badge-categories"
      noun="badge categories"
      icon={TagsIcon}
      headingActions={
        <Button asChild variant="outline">
          <Link to={`${paths.badgeCategories.href()}?eventId=${eventId}`}>All badge categories</Link>
        </Button>
      }
      query={categories}
      columns={columns}
      getRowId={(category) => category.id}
      sort={{
        value: sort,
        onChange: (next) => {
          setSort(next);
          setPage(1);
        },
      }}
      onPageChange={setPage}
      emptyTitle="No badge categories yet"
      emptyDescription="Badge categories, such as exhibitor staff or day visitors, appear here once they are set up for this event."
    />
  );
}
