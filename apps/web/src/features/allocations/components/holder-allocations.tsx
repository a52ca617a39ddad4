import type { Allocation } from '@portal/shared/allocations';
import { BADGE_TYPE_LABELS } from '@portal/shared/badge-categories';
import { HistoryIcon, ListChecksIcon } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { Pagination } from '@/components/list/pagination';
import { TableSkeleton } from '@/components/list/table-skeleton';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useListParams } from '@/hooks/use-list-params';
import { RecordHistory } from '@/features/audit/components/record-history';
import { errorMessage } from '@/lib/api-client';
import { useAllocations } from '../api/get-allocations';
import { useHolderAllocations } from '../api/get-holder-allocations';
import { AllocationBar } from './allocation-bar';

/**
 * One exhibitor's allocations of badges and add-ons with used / allocated, and under them the
 * child allocations it hands to its sub-accounts.
 */
export function HolderAllocations({ adminId }: { adminId: number }) {
  const { page, setPage } = useListParams();
  const allocations = useHolderAllocations({ adminId, page });
  return <AllocationTable allocations={allocations} onPageChange={setPage} showExhibitor={false} />;
}

/** An event's badge allocations, every exhibitor's and sub-account's, as on the event's page. */
export function EventAllocations({ eventId }: { eventId: number }) {
  const { page, setPage } = useListParams();
  const allocations = useAllocations({ page, search: '', type: 'badge', eventId, badgeCategoryId: null });
  return <AllocationTable allocations={allocations} onPageChange={setPage} showExhibitor />;
}

type AllocationTableProps = {
  allocations: ReturnType<typeof useAllocations>;
  onPageChange: (page: number) => void;
  /** On an event's page the rows belong to many exhibitors: name each. */
  showExhibitor: boolean;
};

function AllocationTable({ allocations, onPageChange, showExhibitor }: AllocationTableProps) {
  const rows = allocations.data?.data ?? [];
  const [historyOf, setHistoryOf] = useState<Allocation | null>(null);

  return (
    <Card className="overflow-hidden">
      {allocations.isPending ? (
        <TableSkeleton columns={4} />
      ) : allocations.isError ? (
        <EmptyState
          icon={ListChecksIcon}
          title="The allocations could not be loaded"
          description={errorMessage(allocations.error, 'Please try again in a moment.')}
        />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={ListChecksIcon}
          title="No allocations yet"
          description={
            showExhibitor
              ? 'How many badges of each category every exhibitor may register appears here once allocated.'
              : 'How many badges and add-ons of each category this exhibitor may register appears here once allocated.'
          }
        />
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Category</TableHead>
              <TableHead className={showExhibitor ? undefined : 'hidden sm:table-cell'}>Holder</TableHead>
              <TableHead>Used / allocated</TableHead>
              <TableHead className="hidden text-right md:table-cell">Available</TableHead>
              <TableHead>
                <span className="sr-only">History</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((allocation) => (
              <TableRow key={allocation.id}>
                <TableCell>
                  <div className="font-medium">{allocation.badgeCategory.name}</div>
                  <div className="text-xs text-muted-foreground">
                    {allocation.badgeCategory.type === 'addon'
                      ? 'Add-on'
                      : BADGE_TYPE_LABELS[allocation.badgeCategory.badgeType]}
                  </div>
                </TableCell>
                <TableCell className={showExhibitor ? undefined : 'hidden sm:table-cell'}>
                  {allocation.parentAllocationId !== null ? (
                    <span>Sub-account · {allocation.adminName}</span>
                  ) : showExhibitor ? (
                    <span>{allocation.companyName ?? allocation.adminName}</span>
                  ) : (
                    <span className="text-muted-foreground">Exhibitor</span>
                  )}
                </TableCell>
                <TableCell>
                  <AllocationBar {...allocation} />
                </TableCell>
                <TableCell className="hidden text-right tabular-nums md:table-cell">{allocation.available}</TableCell>
                <TableCell className="text-right">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`History of ${allocation.badgeCategory.name} for ${allocation.adminName}`}
                    onClick={() => setHistoryOf(allocation)}
                  >
                    <HistoryIcon aria-hidden />
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {allocations.data && rows.length > 0 && (
        <Pagination meta={allocations.data.meta} onPageChange={onPageChange} noun="allocations" />
      )}
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
    </Card>
  );
}
