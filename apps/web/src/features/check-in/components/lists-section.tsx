import { BADGE_TYPE_LABELS, type BadgeCategorySummary } from '@portal/shared/badge-categories';
import type { CheckInList } from '@portal/shared/check-in';
import type { PortalEvent } from '@portal/shared/events';
import { ListChecksIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form/form-alert';
import { FormDialog } from '@/components/form/form-dialog';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { RowActions } from '@/components/list/row-actions';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { formatEventTime } from '@/lib/event-time';
import { useCheckInLists, useDeleteCheckInList } from '../api/lists';
import { ListForm } from './list-form';

type ListsSectionProps = {
  event: Pick<PortalEvent, 'id' | 'timezone' | 'startDate' | 'endDate'>;
  categories: readonly BadgeCategorySummary[];
  canManage: boolean;
};

/** Who each rule admits and when, in a few words. */
function ruleSummary(list: CheckInList, timeZone: string): string[] {
  return list.rules.map((rule) => {
    const type = BADGE_TYPE_LABELS[rule.badgeType];
    if (rule.windows.length === 0) return `${type}: any time`;
    const windows = rule.windows.map(
      (w) => `${formatEventTime(w.from, timeZone)} – ${formatEventTime(w.to, timeZone)}`,
    );
    return `${type}: ${windows.join('; ')}`;
  });
}

/** The event's check-in lists: a table, the create/edit dialog and the delete confirmation. */
export function ListsSection({ event, categories, canManage }: ListsSectionProps) {
  const lists = useCheckInLists(event.id);
  const remove = useDeleteCheckInList(event.id);
  const [editing, setEditing] = useState<{ list: CheckInList | null } | null>(null);
  const [deleting, setDeleting] = useState<CheckInList | null>(null);
  // Kept on the page rather than in a toast: a list with scans cannot go, and the message says so.
  const [refusal, setRefusal] = useState<string>();
  const categoryName = (id: number) => {
    const category = categories.find((c) => c.id === id);
    return category ? (category.displayName ?? category.name) : `Category ${id}`;
  };

  const columns: ListColumn<CheckInList>[] = [
    { id: 'name', header: 'Name', hideable: false, className: 'font-medium', cell: (list) => list.name },
    {
      id: 'admits',
      header: 'Admits',
      className: 'hidden md:table-cell',
      cell: (list) => (
        <ul className="grid gap-0.5 text-sm">
          {ruleSummary(list, event.timezone).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ),
    },
    {
      id: 'categories',
      header: 'Categories',
      className: 'hidden lg:table-cell',
      cell: (list) =>
        list.categoryIds.length === 0 ? (
          <span className="text-muted-foreground">All</span>
        ) : (
          list.categoryIds.map(categoryName).join(', ')
        ),
    },
    {
      id: 'exits',
      header: 'Exits and re-entry',
      className: 'hidden sm:table-cell',
      cell: (list) => (
        <>
          {list.scansExits ? 'Scans exits' : 'Entries only'}
          {list.allowsReentry && <span className="text-muted-foreground"> · second entry allowed</span>}
        </>
      ),
    },
    ...(canManage
      ? [
          {
            id: 'actions',
            header: 'Actions',
            headerHidden: true,
            hideable: false,
            cell: (list: CheckInList) => (
              <RowActions name={list.name} onEdit={() => setEditing({ list })} onDelete={() => setDeleting(list)} />
            ),
          },
        ]
      : []),
  ];

  function confirmDelete() {
    if (!deleting) return;
    setRefusal(undefined);
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(`${deleting.name} deleted`),
      onError: (error) => setRefusal(errorMessage(error, 'The list could not be deleted. Please try again.')),
      onSettled: () => setDeleting(null),
    });
  }

  return (
    <>
      <div className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          Each door or area scans against a list: who it admits, and when.
        </p>
        <FormAlert message={refusal} />
        <DataList
          name="check-in-lists"
          noun="lists"
          icon={ListChecksIcon}
          heading="Lists"
          headingActions={
            canManage && (
              <Button onClick={() => setEditing({ list: null })}>
                <PlusIcon aria-hidden />
                New list
              </Button>
            )
          }
          query={lists}
          columns={columns}
          getRowId={(list) => list.id}
          emptyTitle="No check-in lists yet"
          emptyDescription={
            canManage
              ? 'Create a list for each door or area, then pair the devices that scan at it.'
              : 'Lists appear here once an organiser creates them.'
          }
        />
      </div>

      <FormDialog
        wide
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.list ? `Edit ${editing.list.name}` : 'New check-in list'}
        description="Choose the badges this door admits and when."
      >
        {editing && (
          <ListForm
            key={editing.list?.id ?? 'new'}
            event={event}
            list={editing.list}
            categories={categories}
            onSaved={() => setEditing(null)}
          />
        )}
      </FormDialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this list?"
        description={`${deleting?.name ?? 'The list'} will be deleted permanently. A list that has recorded scans cannot be deleted.`}
        confirmLabel="Delete list"
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
