import type { Allocation } from '@portal/shared/allocations';
import type { ListColumn } from '@/components/list/data-list';
import { formatDate } from '@/lib/format';
import { AllocationBar } from './allocation-bar';

/** What both allocation lists (the page and a holder's tab) show after the holder: usage, places left, date added. */
export const allocationFigureColumns: ListColumn<Allocation>[] = [
  {
    id: 'usage',
    header: 'Used / allocated',
    sortKey: 'quantity',
    hideable: false,
    cell: (allocation) => <AllocationBar {...allocation} />,
  },
  {
    id: 'available',
    header: 'Available',
    className: 'hidden text-right tabular-nums md:table-cell',
    cell: (allocation) => allocation.available,
  },
  {
    id: 'createdAt',
    header: 'Added',
    sortKey: 'createdAt',
    hiddenByDefault: true,
    className: 'hidden whitespace-nowrap text-muted-foreground md:table-cell',
    cell: (allocation) => formatDate(allocation.createdAt),
  },
];
