import { CUSTOM_FIELD_SORTS, type CustomField } from '@portal/shared/custom-fields';
import { DownloadIcon, FormInputIcon, PlusIcon, UploadIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useListParams } from '@/hooks/use-list-params';
import { errorMessage } from '@/lib/api-client';
import { useCategoryOptions } from '../api/get-category-options';
import { useCustomFields } from '../api/get-custom-fields';
import { useReorderCustomFields } from '../api/reorder-custom-fields';
import { EventFilter, useChosenEvent } from '../components/chosen-event';
import { DeleteFieldDialog } from '../components/delete-field-dialog';
import { FieldTable, FORM_ORDER } from '../components/field-table';
import { groupFields, moveField, type FieldGroup } from '../components/field-groups';


/** /custom-fields: an event's fields grouped by badge category, each group in the order the forms ask them unless a header sorts them. */
export function CustomFieldsPage() {
  const chosen = useChosenEvent();
  const { eventId, eventQuery } = chosen;
  // `?category=` (from a badge category's link) narrows the page to the fields its form asks.
  const { filter, setFilter, sortBy } = useListParams();
  // One sort for every group: a header of any of them orders them all.
  const sorting = sortBy(CUSTOM_FIELD_SORTS, FORM_ORDER);
  const sort = sorting.value;
  const fields = useCustomFields(eventId, sort);
  const categories = useCategoryOptions(eventId);
  const onlyCategory = Number(filter('category')) || null;
  const onlyCategoryName = categories.data?.find((category) => category.id === onlyCategory)?.name;
  const groups = groupFields(fields.data?.data ?? [], categories.data ?? []).filter(
    (group) => onlyCategory == null || group.badgeCategoryId === onlyCategory,
  );
  const [deleting, setDeleting] = useState<CustomField | null>(null);

  return (
    <>
      <PageHeader
        title="Custom Fields"
        description="Extra questions asked when a badge is registered, per badge category or for the whole event."
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={paths.customFieldsExport.href() + eventQuery}>
                <DownloadIcon aria-hidden />
                Export
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.customFieldsImport.href() + eventQuery}>
                <UploadIcon aria-hidden />
                Import
              </Link>
            </Button>
            <Button asChild>
              <Link to={paths.customFieldsCreate.href() + eventQuery}>
                <PlusIcon aria-hidden />
                New field
              </Link>
            </Button>
          </>
        }
      />
      <EventFilter chosen={chosen} />
      {onlyCategory != null && (
        <p className="mb-4 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          Showing the fields of {onlyCategoryName ?? 'one badge category'} only.
          <Button variant="link" size="sm" className="h-auto p-0" onClick={() => setFilter('category', '')}>
            Show every category
          </Button>
        </p>
      )}
      {eventId == null ? (
        <Card>
          <EmptyState icon={FormInputIcon} title="Choose an event" description="Custom fields belong to an event." />
        </Card>
      ) : groups.length === 0 ? (
        // Loading, failed or empty: one list says which.
        <FieldTable
          name="custom-fields"
          icon={FormInputIcon}
          query={{ ...fields, data: [] }}
          sort={sorting}
          emptyTitle={onlyCategory != null ? 'No custom fields for this category yet' : 'No custom fields yet'}
          emptyDescription="Add a question to ask on the badge forms of this event."
        />
      ) : (
        <div className="grid gap-6">
          {groups.map((group) => (
            <FieldGroupCard
              key={group.badgeCategoryId ?? 'event'}
              eventId={eventId}
              group={group}
              sort={sorting}
              onDelete={setDeleting}
            />
          ))}
        </div>
      )}
      <DeleteFieldDialog field={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

type FieldGroupCardProps = {
  eventId: number;
  group: FieldGroup;
  sort: { value: string; onChange: (sort: string) => void };
  onDelete: (field: CustomField) => void;
};

function FieldGroupCard({ eventId, group, sort, onDelete }: FieldGroupCardProps) {
  const reorder = useReorderCustomFields();

  function move(field: CustomField, by: -1 | 1) {
    reorder.mutate(
      { eventId, badgeCategoryId: group.badgeCategoryId, ids: moveField(group.fields, field.id, by) },
      { onError: (error) => toast.error(errorMessage(error, 'The order could not be changed')) },
    );
  }

  return (
    <FieldTable
      name="custom-fields"
      heading={group.title}
      icon={FormInputIcon}
      query={{ isPending: false, isError: false, error: null, data: group.fields }}
      sort={sort}
      emptyTitle="No custom fields yet"
      emptyDescription="Add a question to ask on the badge forms of this event."
      actions={{
        editHref: (field) => paths.customFieldEdit.href({ id: field.id }),
        onMove: move,
        moving: reorder.isPending,
        onDelete,
      }}
    />
  );
}
