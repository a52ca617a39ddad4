import { ALLOCATION_SORTS, type Allocation } from '@portal/shared/allocations';
import { BADGE_TYPE_LABELS, type CategoryType } from '@portal/shared/badge-categories';
import { ListChecksIcon, PencilIcon, PlusIcon, Rows3Icon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CategoryOptions } from '@/components/category-options';
import { FormDialog } from '@/components/form/form-dialog';
import { PageHeader } from '@/components/layout/page-header';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { Tooltip } from '@/components/ui/tooltip';
import { paths } from '@/config/paths';
import { useCan } from '@/hooks/use-can';
import { useListParams } from '@/hooks/use-list-params';
import { useSession } from '@/lib/session';
import { HistorySection } from '@/features/audit/components/record-history';
import { useAllocations } from '../api/get-allocations';
import { useCategoryOptions } from '../api/get-category-options';
import { useEventOptions } from '../api/get-event-options';
import { useHolderOptions } from '../api/get-holder-options';
import { AllocationForm } from '../components/allocation-form';
import { BulkAllocationForm } from '../components/bulk-allocation-form';
import { EventOptions } from '@/components/event-options';
import { allocationFigureColumns } from '../components/allocation-columns';

const COPY: Record<CategoryType, { title: string; description: string; noun: string }> = {
  badge: {
    title: 'Badge Allocations',
    description: 'How many badges of each category every exhibitor may register.',
    noun: 'allocations',
  },
  addon: {
    title: 'Addons Allocations',
    description: 'Add-ons such as parking and catering, per exhibitor.',
    noun: 'add-on allocations',
  },
};


/**
 * /badge-allocations and /addons-allocations: exhibitor × category with used and allocated. An
 * exhibitor sees its own, and the child allocations it hands to its sub-accounts.
 */
export function AllocationsPage({ type }: { type: CategoryType }) {
  const { page, search, setPage, setSearch, filter, setFilter, update, sortBy } = useListParams();
  const session = useSession();
  const can = useCan();
  const isExhibitor = session?.type === 'exhibitor';
  const ownEvent = session?.user.eventId ?? null;
  const eventId = ownEvent ?? (Number(filter('eventId')) || null);
  const badgeCategoryId = Number(filter('badgeCategoryId')) || null;
  const sorting = sortBy(ALLOCATION_SORTS, 'createdAt');
  const sort = sorting.value;
  const allocations = useAllocations({ page, search, type, eventId, badgeCategoryId, sort });
  const events = useEventOptions({ enabled: ownEvent == null });
  const categories = useCategoryOptions(eventId, type);
  const holders = useHolderOptions(eventId, isExhibitor ? 'sub-accounts' : 'exhibitors', can('update_allocation'));
  const [editing, setEditing] = useState<{ row: Allocation | null } | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const copy = COPY[type];
  const holderLabel = isExhibitor ? 'Sub-account' : 'Exhibitor';
  // A sub-account's own row is edited by its exhibitor; an exhibitor's own rows by the organiser.
  const editable = (row: Allocation) =>
    can('update_allocation') && (isExhibitor ? row.parentAllocationId !== null : true);

  const columns: ListColumn<Allocation>[] = [
    {
      id: 'holder',
      header: 'Exhibitor',
      hideable: false,
      cell: (allocation) => (
        <>
          <div className="font-medium">{allocation.companyName ?? allocation.adminName}</div>
          <div className="text-xs text-muted-foreground">
            {allocation.parentAllocationId !== null ? `Sub-account · ${allocation.adminName}` : allocation.adminName}
          </div>
          <div className="text-xs text-muted-foreground sm:hidden">{allocation.badgeCategory.name}</div>
        </>
      ),
    },
    {
      id: 'category',
      header: 'Category',
      className: 'hidden sm:table-cell',
      cell: (allocation) => (
        <>
          <div>{allocation.badgeCategory.name}</div>
          <div className="text-xs text-muted-foreground">{BADGE_TYPE_LABELS[allocation.badgeCategory.badgeType]}</div>
        </>
      ),
    },
    ...allocationFigureColumns,
    {
      id: 'actions',
      header: 'Actions',
      hideable: false,
      headerHidden: true,
      className: 'w-14 text-right',
      cell: (allocation) =>
        editable(allocation) && (
          <div className="flex justify-end">
            <Tooltip content="Edit">
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Edit the allocation of ${allocation.adminName} in ${allocation.badgeCategory.name}`}
                onClick={() => setEditing({ row: allocation })}
              >
                <PencilIcon aria-hidden />
              </Button>
            </Tooltip>
          </div>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={copy.title}
        description={copy.description}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={type === 'badge' ? paths.addonsAllocations.href() : paths.badgeAllocations.href()}>
                {type === 'badge' ? 'Add-on allocations' : 'Badge allocations'}
              </Link>
            </Button>
            {can('update_allocation') && (
              <>
                {!isExhibitor && eventId != null && (
                  <Button variant="outline" onClick={() => setBulkOpen(true)} disabled={!holders.data?.length}>
                    <Rows3Icon aria-hidden />
                    Set for all exhibitors
                  </Button>
                )}
                <Button onClick={() => setEditing({ row: null })} disabled={eventId == null}>
                  <PlusIcon aria-hidden />
                  {isExhibitor ? 'Hand to a sub-account' : 'New allocation'}
                </Button>
              </>
            )}
          </>
        }
      />
      <DataList
        name={`allocations-${type}`}
        noun={copy.noun}
        icon={ListChecksIcon}
        search={{ value: search, onSearch: setSearch, placeholder: 'Search by exhibitor or company' }}
        filters={
          <div className="flex flex-col gap-3 sm:ml-auto sm:flex-row">
            {ownEvent == null && (
              <NativeSelect
                aria-label="Filter by event"
                value={eventId ?? ''}
                onChange={(event) => update({ badgeCategoryId: null, eventId: event.target.value, page: null })}
                className="sm:w-auto sm:min-w-56"
              >
                <EventOptions events={events.data} empty="All events" />
              </NativeSelect>
            )}
            <NativeSelect
              aria-label="Filter by category"
              value={badgeCategoryId ?? ''}
              onChange={(event) => setFilter('badgeCategoryId', event.target.value)}
              disabled={eventId == null}
              className="sm:w-auto sm:min-w-52"
            >
              <CategoryOptions categories={categories.data} empty="All categories" />
            </NativeSelect>
          </div>
        }
        query={allocations}
        columns={columns}
        getRowId={(allocation) => allocation.id}
        sort={{
          ...sorting,
          descendingFirst: ['quantity'],
        }}
        exportTo={
          can('export_data')
            ? {
                url: '/admin/allocations/export',
                params: {
                  search: search || undefined,
                  type,
                  eventId: eventId ?? undefined,
                  badgeCategoryId: badgeCategoryId ?? undefined,
                  includeChildAllocations: true,
                  sort,
                },
                fileName: `${type}-allocations`,
              }
            : undefined
        }
        onPageChange={setPage}
        emptyTitle={`No ${copy.noun} yet`}
        emptyDescription={
          isExhibitor ? 'The organiser has not allocated any to you yet.' : 'Allocate to an exhibitor to start.'
        }
      />

      <FormDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.row ? 'Edit allocation' : isExhibitor ? 'Hand to a sub-account' : 'New allocation'}
        description={
          editing?.row
            ? `${editing.row.companyName ?? editing.row.adminName} · ${editing.row.badgeCategory.name}`
            : isExhibitor
              ? 'Part of your allocation that a sub-account may register; it stays reserved from yours.'
              : 'How many of a category an exhibitor may register.'
        }
      >
        {editing && (
          <AllocationForm
            key={editing.row?.id ?? 'new'}
            allocation={editing.row}
            holders={holders.data ?? []}
            holderLabel={holderLabel}
            categories={categories.data ?? []}
            onSaved={() => setEditing(null)}
          />
        )}
      </FormDialog>

      {eventId != null && (
        <FormDialog
          open={bulkOpen}
          onClose={() => setBulkOpen(false)}
          title="Set for all exhibitors"
          description="Give every exhibitor of the event the same allocation of one category."
        >
          {bulkOpen && (
            <BulkAllocationForm
              eventId={eventId}
              exhibitors={holders.data ?? []}
              categories={categories.data ?? []}
              onSaved={() => setBulkOpen(false)}
            />
          )}
        </FormDialog>
      )}

      {/* Where an exhibitor's places went: the organiser's allocations, purchases, its sub-accounts' shares, its badges. */}
      {isExhibitor && session && type === 'badge' && (
        <HistorySection
          kind="exhibitor"
          id={session.user.id}
          showRecord
          className="mt-6"
          emptyDescription="Allocations, purchases, places handed to sub-accounts and badges registered appear here."
        />
      )}
    </>
  );
}
