import type { ListMeta } from '@portal/shared/common';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

type PaginationProps = { meta: ListMeta; onPageChange: (page: number) => void; noun: string };

export function Pagination({ meta, onPageChange, noun }: PaginationProps) {
  const { page, per_page: perPage, total, total_pages: totalPages } = meta;
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(page * perPage, total);
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-col items-center justify-between gap-3 border-t px-4 py-3 text-sm text-muted-foreground sm:flex-row"
    >
      <p aria-live="polite">
        {total === 0
          ? `No ${noun}`
          : `Showing ${first}–${last} of ${meta.estimated ? `about ${total.toLocaleString()}` : total} ${noun}`}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeftIcon aria-hidden />
          Previous
        </Button>
        <span className="px-1 tabular-nums">
          Page {Math.min(page, Math.max(totalPages, 1))} of {Math.max(totalPages, 1)}
        </span>
        <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)}>
          Next
          <ChevronRightIcon aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
