import { BADGE_ORIENTATION_LABELS, BADGE_PAGE_SIZES, type BadgeLayout } from '@portal/shared/badge-layouts';
import { CopyIcon, IdCardIcon, PencilIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form/form-alert';
import { FormDialog } from '@/components/form/form-dialog';
import { PageHeader } from '@/components/layout/page-header';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { DeleteRowButton } from '@/components/list/row-actions';
import { RecordError, RecordSkeleton } from '@/components/record-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Tooltip } from '@/components/ui/tooltip';
import { paths } from '@/config/paths';
import { useEvent } from '@/features/events/api/get-event';
import { errorMessage } from '@/lib/api-client';
import { useCreateBadgeLayout } from '../api/create-badge-layout';
import { useDeleteBadgeLayout } from '../api/delete-badge-layout';
import { useBadgeLayouts } from '../api/get-badge-layouts';
import { useLayoutCategories } from '../api/get-layout-categories';
import { LayoutAssignments } from '../components/layout-assignments';
import { CreateLayoutForm } from '../components/create-layout-form';
import { draftOf } from '../lib/layout-draft';

/** The event's badge layouts: the list (create, duplicate, delete) and which badges use which. */
export function BadgeLayoutsPage() {
  const eventId = Number(useParams().eventId);
  const event = useEvent(eventId);
  const list = useBadgeLayouts(eventId);
  const categories = useLayoutCategories(eventId);
  const remove = useDeleteBadgeLayout(eventId);
  const create = useCreateBadgeLayout();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<BadgeLayout | null>(null);
  // Kept on the page rather than in a toast: a refusal says what to change first (an assignment).
  const [refusal, setRefusal] = useState<string>();
  const [duplicating, setDuplicating] = useState<number | null>(null);
  const eventHref = paths.event.href({ id: eventId });

  if (event.isPending || categories.isPending) return <RecordSkeleton />;
  if (event.isError)
    return <RecordError error={event.error} noun="event" backTo={paths.events.href()} backLabel="Back to events" />;

  const layouts = list.data?.data ?? [];
  const assignments = list.data?.assignments ?? [];
  const uses = (layout: BadgeLayout) => assignments.filter((assignment) => assignment.layoutId === layout.id).length;

  function confirmDelete() {
    if (!deleting) return;
    setRefusal(undefined);
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(`${deleting.name} deleted`),
      onError: (error) => setRefusal(errorMessage(error, 'The layout could not be deleted. Please try again.')),
      onSettled: () => setDeleting(null),
    });
  }

  function duplicate(layout: BadgeLayout) {
    setDuplicating(layout.id);
    create.mutate(
      { eventId, body: { ...draftOf(layout), name: `${layout.name} (copy)`.slice(0, 100) } },
      {
        onSuccess: (copy) => toast.success(`${copy.name} created`),
        onError: (error) => toast.error(errorMessage(error, 'The layout could not be copied')),
        onSettled: () => setDuplicating(null),
      },
    );
  }

  const columns: ListColumn<BadgeLayout>[] = [
    {
      id: 'name',
      header: 'Name',
      hideable: false,
      cell: (layout) => (
        <>
          <Link
            to={paths.eventBadgeLayout.href({ eventId, layoutId: layout.id })}
            className="rounded-sm font-medium hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {layout.name}
          </Link>
          {layout.builtIn && (
            <Badge variant="secondary" className="ml-2">
              Built-in
            </Badge>
          )}
        </>
      ),
    },
    {
      id: 'size',
      header: 'Size',
      className: 'hidden sm:table-cell',
      cell: (layout) =>
        `${BADGE_PAGE_SIZES[layout.pageSize].label}, ${BADGE_ORIENTATION_LABELS[layout.orientation].toLowerCase()}`,
    },
    {
      id: 'elements',
      header: 'Elements',
      className: 'hidden text-right tabular-nums md:table-cell',
      cell: (layout) => layout.elements.length,
    },
    {
      id: 'usedBy',
      header: 'Used by',
      className: 'text-right tabular-nums',
      cell: (layout) => {
        const used = uses(layout);
        return used === 0 ? '—' : used === 1 ? '1 assignment' : `${used} assignments`;
      },
    },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      hideable: false,
      className: 'w-32 text-right',
      cell: (layout) => (
        <div className="flex justify-end gap-1">
          <Tooltip content="Edit">
            <Button asChild variant="ghost" size="icon-sm">
              <Link to={paths.eventBadgeLayout.href({ eventId, layoutId: layout.id })} aria-label={`Edit ${layout.name}`}>
                <PencilIcon aria-hidden />
              </Link>
            </Button>
          </Tooltip>
          <Tooltip content="Duplicate">
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Duplicate ${layout.name}`}
              disabled={duplicating !== null}
              onClick={() => duplicate(layout)}
            >
              <CopyIcon aria-hidden />
            </Button>
          </Tooltip>
          <DeleteRowButton name={layout.name} onDelete={() => setDeleting(layout)} />
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Badge layouts"
        description={`How the badges of ${event.data.name} are printed, and which badges use which layout. The built-in ones let a new event print at once; change them or start your own from them.`}
        back={{ to: eventHref, label: event.data.name }}
        actions={
          <Button onClick={() => setCreating(true)} disabled={layouts.length === 0}>
            <PlusIcon aria-hidden />
            New layout
          </Button>
        }
      />

      <div className="mb-6 grid gap-4">
        <FormAlert message={refusal} />
        <DataList
          name="badge-layouts"
          noun="badge layouts"
          icon={IdCardIcon}
          heading="Layouts"
          query={{ ...list, data: list.data?.data }}
          columns={columns}
          getRowId={(layout) => layout.id}
          emptyTitle="No layouts"
          emptyDescription="This event has no badge layout yet."
        />
      </div>

      {list.data && (
        <Card>
          <CardHeader>
            <CardTitle>Which badges use which layout</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            {categories.isError && (
              <FormAlert message="The event’s badge categories could not be loaded: layouts can be assigned per badge type only now." />
            )}
            <LayoutAssignments
              eventId={eventId}
              layouts={layouts}
              assignments={assignments}
              categories={categories.data ?? []}
            />
          </CardContent>
        </Card>
      )}

      <FormDialog
        open={creating}
        onClose={() => setCreating(false)}
        title="New layout"
        description="Start from a copy of an existing layout, then place its elements in the editor."
      >
        {creating && <CreateLayoutForm eventId={eventId} layouts={layouts} />}
      </FormDialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this layout?"
        description={`${deleting?.name ?? 'The layout'} will be deleted permanently. A layout still assigned to badges cannot be deleted.`}
        confirmLabel="Delete layout"
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
