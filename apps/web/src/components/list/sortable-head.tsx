import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import { TableHead } from '@/components/ui/table';

type SortableHeadProps = {
  label: string;
  direction: 'ascending' | 'descending' | 'none';
  onSort: () => void;
  className?: string;
};

/** A column header that orders the list: a button inside the header cell, which says its order with `aria-sort`. */
export function SortableHead({ label, direction, onSort, className }: SortableHeadProps) {
  const Icon = direction === 'ascending' ? ArrowUpIcon : direction === 'descending' ? ArrowDownIcon : ArrowUpDownIcon;
  return (
    <TableHead aria-sort={direction === 'none' ? undefined : direction} className={className}>
      <button
        type="button"
        onClick={onSort}
        className="-mx-1 inline-flex items-center gap-1 rounded-sm px-1 uppercase hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {label}
        <Icon aria-hidden className={direction === 'none' ? 'size-3.5 opacity-50' : 'size-3.5'} />
      </button>
    </TableHead>
  );
}
