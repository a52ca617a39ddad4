import type { Allocation } from '@portal/shared/allocations';
import { BADGE_TYPE_LABELS } from '@portal/shared/badge-categories';
import { HistoryIcon, ListChecksIcon } from 'lucide-react';
import { useState } from 'react';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useListParams } from '@/hooks/use-list-params';
import { RecordHistory } from '@/features/audit/components/record-history';
import { useAllocations } from '../api/get-allocations';
import { useHolderAllocations } from '../api/get-holder-allocations';
import { allocationFigureColumns } from './allocation-columns';

const DEFAULT_SORT = 'createdAt';

/**
 * The sort of an allocation list on a tab of another page, kept here rather than in the URL, where
 * the page's other lists keep theirs; a new sort starts again at the first page.
 */
function useTabSort(setPage: (page: number) => void) {
  const [sort, setSort] = useState(DEFAULT_SORT);
  return {
    value: sort,
    onChange: (next: string) => {
      setSort(next);
      setPage(1);
    },
    descendingFirst: ['quantity'],
  };
}

/**
 * One exhibitor's allocations of badges and add-ons with used / allocated, and under them the
 * child allocations it hands to its sub-accounts.
 */
export function HolderAllocations({ adminId }: { adminId: number }) {
  const { page, setPage } = useListParams();
  const sort = useTabSort(setPage);
  const allocations = useHolderAllocations({ adminId, page, sort: sort.value });
  return (
    <AllocationTable
      name="holder-allocations"
      allocations={allocations}
      sort={sort}
      onPageChange={setPage}
      showExhibitor={false}
    />
  );
}

/** An event's badge allocations, every exhibitor's and sub-account's, as on the event's page. */
export function EventAllocations({ eventId }: { eventId: number }) {
  const { page, setPage } = useListParams();
  const sort = useTabSort(setPage);
  const allocations = useAllocations({
    page,
    search: '',
    type: 'badge',
    eventId,
    badgeCategoryId: null,
    sort: sort.value,
  });
  return (
    <AllocationTable
      name="event-allocations"
      allocations={allocations}
      sort={sort}
      onPageChange={setPage}
      showExhibitor
    />
  );
}

type AllocationTableProps = {
  name: string;
  allocations: ReturnType<typeof useAllocations>;
  sort: ReturnType<typeof useTabSort>;
  onPageChange: (page: number) => void;
  /** On an event's page the rows belong to many exhibitors: name each. */
  showExhibitor: boolean;
};

function AllocationTable({ name, allocations, sort, onPageChange, showExhibitor }: AllocationTableProps) {
  const [historyOf, setHistoryOf] = useState<Allocation | null>(null);

  const columns: ListColumn<Allocation>[] = [
    {
      id: 'category',
      header: 'Category',
      hideable: false,
      cell: (allocation) => (
        <>
          <div className="font-medium">{allocation.badgeCategory.name}</div>
          <div className="text-xs text-muted-foreground">
            {allocation.badgeCategory.type === 'addon' ? 'Add-on' : BADGE_TYPE_LABELS[allocation.badgeCategory.badgeType]}
          </div>
        </>
      ),
    },
    {
      id: 'holder',
      header: 'Holder',
      className: showExhibitor ? undefined : 'hidden sm:table-cell',
      cell: (allocation) =>
        allocation.parentAllocationId !== null ? (
          <span>Sub-account · {allocation.adminName}</span>
        ) : showExhibitor ? (
          <span>{allocation.companyName ?? allocation.adminName}</span>
        ) : (
          <span className="text-muted-foreground">Exhibitor</span>
        ),
    },
    ...allocationFigureColumns,
    {
      id: 'history',
      header: 'History',
      headerHidden: true,
      hideable: false,
      className: 'text-right',
      cell: (allocation) => (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`History of ${allocation.badgeCategory.name} for ${allocation.adminName}`}
          onClick={() => setHistoryOf(allocation)}
        >
          <HistoryIcon aria-hidden />
        </Button>
      ),
    },
  ];

  return (
    <>
      <DataList
        name={name}
        noun="allocations"
        icon={ListChecksIcon}
        query={allocations}
        columns={columns}
        getRowId={(allocation) => allocation.id}
        sort={sort}
        onPageChange={onPageChange}
        emptyTitle="No allocations yet"
        emptyDescription={
          showExhibitor
            ? 'How many badges of each category every exhibitor may register appears here once allocated.'
            : 'How many badges and add-ons of each category this exhibitor may register appears here once allocated.'
        }
      />
      <Dialog open={historyOf !== null} onOpenChange={(open) => !open && setHistoryOf(null)}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>History of this allocation</DialogTitle>
            <DialogDescription>
              {historyOf && `${historyOf.badgeCategory.name} for ${historyOf.companyName ?? historyOf.adminName}`}
            </DialogDescription>
          </DialogHeader>
          {historyOf && <RecordHistory kind="allocation" id={historyOf.id} />}
        </DialogContent>
      </Dialog>
    </>
  );
}
