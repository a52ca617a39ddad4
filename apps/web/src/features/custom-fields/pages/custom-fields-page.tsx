import { CUSTOM_FIELD_TYPE_LABELS, type CustomField } from '@portal/shared/custom-fields';
import { isAxiosError } from 'axios';
import {
  ArrowDownIcon,
  ArrowUpIcon,
  DownloadIcon,
  FormInputIcon,
  PencilIcon,
  PlusIcon,
  Trash2Icon,
  UploadIcon,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { TableSkeleton } from '@/components/list/table-skeleton';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tooltip } from '@/components/ui/tooltip';
import { paths } from '@/config/paths';
import { useListParams } from '@/hooks/use-list-params';
import { errorMessage } from '@/lib/api-client';
import { useDeleteCustomField } from '../api/delete-custom-field';
import { useCategoryOptions } from '../api/get-category-options';
import { useCustomFields } from '../api/get-custom-fields';
import { useReorderCustomFields } from '../api/reorder-custom-fields';
import { useUpdateCustomField } from '../api/update-custom-field';
import { EventFilter, useChosenEvent } from '../components/chosen-event';
import { groupFields, moveField, type FieldGroup } from '../components/field-groups';

/** /custom-fields: an event's fields grouped by badge category, each group in the order the forms ask them. */
export function CustomFieldsPage() {
  const chosen = useChosenEvent();
  const { eventId, eventQuery } = chosen;
  const fields = useCustomFields(eventId);
  const categories = useCategoryOptions(eventId);
  // `?category=` (from a badge category's link) narrows the page to the fields its form asks.
  const { filter, setFilter } = useListParams();
  const onlyCategory = Number(filter('category')) || null;
  const onlyCategoryName = categories.data?.find((category) => category.id === onlyCategory)?.name;
  const groups = groupFields(fields.data?.data ?? [], categories.data ?? []).filter(
    (group) => onlyCategory == null || group.badgeCategoryId === onlyCategory,
  );
  const remove = useDeleteCustomField();
  const update = useUpdateCustomField();
  const [deleting, setDeleting] = useState<CustomField | null>(null);

  function confirmDelete() {
    if (!deleting) return;
    const field = deleting;
    remove.mutate(field.id, {
      onSuccess: () => toast.success(`${field.label} deleted`),
      onError: (error) => {
        const message = errorMessage(error, 'The custom field could not be deleted');
        // Answers keep a field: the server says so (409), and switching it off is the way out.
        if (isAxiosError(error) && error.response?.status === 409 && field.isActive) {
          toast.error(message, {
            action: { label: 'Switch it off', onClick: () => switchOff(field) },
          });
        } else {
          toast.error(message);
        }
      },
      onSettled: () => setDeleting(null),
    });
  }

  function switchOff(field: CustomField) {
    update.mutate(
      { id: field.id, body: { isActive: false } },
      {
        onSuccess: () => toast.success(`${field.label} is switched off: the badge forms no longer ask it`),
        onError: (error) => toast.error(errorMessage(error, 'The field could not be switched off')),
      },
    );
  }

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
      ) : fields.isPending ? (
        <Card>
          <TableSkeleton columns={4} />
        </Card>
      ) : fields.isError ? (
        <Card>
          <EmptyState
            icon={FormInputIcon}
            title="The custom fields could not be loaded"
            description={errorMessage(fields.error, 'Please try again in a moment.')}
          />
        </Card>
      ) : groups.length === 0 ? (
        <Card>
          <EmptyState
            icon={FormInputIcon}
            title={onlyCategory != null ? 'No custom fields for this category yet' : 'No custom fields yet'}
            description="Add a question to ask on the badge forms of this event."
          />
        </Card>
      ) : (
        <div className="grid gap-6">
          {groups.map((group) => (
            <FieldGroupCard
              key={group.badgeCategoryId ?? 'event'}
              eventId={eventId}
              group={group}
              onDelete={setDeleting}
            />
          ))}
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this custom field?"
        description={`${deleting?.label ?? 'The field'} will be removed from the badge forms permanently. A field that badges have answered cannot be deleted: switch it off instead.`}
        confirmLabel="Delete field"
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}

type FieldGroupCardProps = { eventId: number; group: FieldGroup; onDelete: (field: CustomField) => void };

function FieldGroupCard({ eventId, group, onDelete }: FieldGroupCardProps) {
  const reorder = useReorderCustomFields();

  function move(field: CustomField, by: -1 | 1) {
    reorder.mutate(
      { eventId, badgeCategoryId: group.badgeCategoryId, ids: moveField(group.fields, field.id, by) },
      { onError: (error) => toast.error(errorMessage(error, 'The order could not be changed')) },
    );
  }

  return (
    <Card className="overflow-hidden">
      <CardHeader className="border-b">
        <CardTitle>{group.title}</CardTitle>
      </CardHeader>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Label</TableHead>
            <TableHead className="hidden sm:table-cell">Type</TableHead>
            <TableHead className="hidden md:table-cell">Answers</TableHead>
            <TableHead className="w-40 text-right">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {group.fields.map((field, index) => (
            <TableRow key={field.id}>
              <TableCell>
                <div className="font-medium">
                  {field.label}
                  {field.required && <span className="ml-1 text-destructive">*</span>}
                  {!field.isActive && (
                    <Badge variant="outline" className="ml-2">
                      Inactive
                    </Badge>
                  )}
                </div>
                <code className="text-xs text-muted-foreground">{field.key}</code>
              </TableCell>
              <TableCell className="hidden sm:table-cell">{CUSTOM_FIELD_TYPE_LABELS[field.type]}</TableCell>
              <TableCell className="hidden tabular-nums md:table-cell">{field.answerCount}</TableCell>
              <TableCell>
                <div className="flex justify-end gap-1">
                  <Tooltip content="Move up">
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`Move ${field.label} up`}
                      disabled={index === 0 || reorder.isPending}
                      onClick={() => move(field, -1)}
                    >
                      <ArrowUpIcon aria-hidden />
                    </Button>
                  </Tooltip>
                  <Tooltip content="Move down">
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`Move ${field.label} down`}
                      disabled={index === group.fields.length - 1 || reorder.isPending}
                      onClick={() => move(field, 1)}
                    >
                      <ArrowDownIcon aria-hidden />
                    </Button>
                  </Tooltip>
                  <Tooltip content="Edit">
                    <Button asChild variant="ghost" size="icon-sm">
                      <Link to={paths.customFieldEdit.href({ id: field.id })} aria-label={`Edit ${field.label}`}>
                        <PencilIcon aria-hidden />
                      </Link>
                    </Button>
                  </Tooltip>
                  <Tooltip content="Delete">
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`Delete ${field.label}`}
                      className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                      onClick={() => onDelete(field)}
                    >
                      <Trash2Icon aria-hidden />
                    </Button>
                  </Tooltip>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}
