import type { ListMeta } from '@portal/shared/common';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { Pagination } from './pagination';
import { SearchInput } from './search-input';
import { TableSkeleton } from './table-skeleton';

type ListPanelProps = {
  noun: string;
  icon: LucideIcon;
  search: string;
  onSearch: (value: string) => void;
  searchPlaceholder: string;
  filters?: ReactNode;
  query: { isPending: boolean; isError: boolean; error: unknown; data?: { data: unknown[]; meta: ListMeta } };
  onPageChange: (page: number) => void;
  emptyTitle: string;
  emptyDescription: string;
  columns: number;
  children: ReactNode;
};

/** A searchable, paginated list: toolbar, loading rows, error and empty states, the table, the pager. */
export function ListPanel({
  noun,
  icon,
  search,
  onSearch,
  searchPlaceholder,
  filters,
  query,
  onPageChange,
  emptyTitle,
  emptyDescription,
  columns,
  children,
}: ListPanelProps) {
  const rows = query.data?.data ?? [];
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-3 border-b p-4 sm:flex-row sm:items-center">
        <SearchInput value={search} onSearch={onSearch} label={`Search ${noun}`} placeholder={searchPlaceholder} />
        {filters}
      </div>
      {query.isPending ? (
        <TableSkeleton columns={columns} />
      ) : query.isError ? (
        <EmptyState
          icon={icon}
          title={`The ${noun} could not be loaded`}
          description={errorMessage(query.error, 'Please try again in a moment.')}
        />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={icon}
          title={search ? `No ${noun} match “${search}”` : emptyTitle}
          description={search ? 'Try another search.' : emptyDescription}
        />
      ) : (
        children
      )}
      {query.data && rows.length > 0 && <Pagination meta={query.data.meta} onPageChange={onPageChange} noun={noun} />}
    </Card>
  );
}
