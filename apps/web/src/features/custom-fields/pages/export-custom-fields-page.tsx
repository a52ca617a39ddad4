import { DownloadIcon, FileJsonIcon, FormInputIcon, PlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { TableSkeleton } from '@/components/list/table-skeleton';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useExportCustomFields } from '../api/export-custom-fields';
import { useCategoryOptions } from '../api/get-category-options';
import { useCustomFields } from '../api/get-custom-fields';
import { EventFilter, useChosenEvent } from '../components/chosen-event';
import { groupFields } from '../components/field-groups';

/** /custom-fields/export: what an event's export file holds, and its download. */
export function ExportCustomFieldsPage() {
  const chosen = useChosenEvent();
  const { eventId, eventQuery } = chosen;
  const fields = useCustomFields(eventId);
  const categories = useCategoryOptions(eventId);
  const download = useExportCustomFields();
  const groups = groupFields(fields.data?.data ?? [], categories.data ?? []);
  const total = fields.data?.data.length ?? 0;
  const { eventName } = chosen;

  function save() {
    if (eventId == null) return;
    download.mutate(eventId, {
      onSuccess: (fileName) => toast.success(`Saved ${fileName}`),
      onError: (error) => toast.error(errorMessage(error, 'The export could not be downloaded')),
    });
  }

  return (
    <>
      <PageHeader
        title="Export Custom Fields"
        description="Save an event’s custom fields as a JSON file, to import them into another event."
        back={{ to: paths.customFields.href() + eventQuery, label: 'Custom Fields' }}
      />
      <EventFilter chosen={chosen} />
      {eventId == null ? (
        <Card>
          <EmptyState icon={FileJsonIcon} title="Choose an event" description="The export holds one event’s fields." />
        </Card>
      ) : fields.isPending || categories.isPending ? (
        <Card>
          <TableSkeleton rows={3} columns={3} />
        </Card>
      ) : fields.isError ? (
        <Card>
          <EmptyState
            icon={FormInputIcon}
            title="The custom fields could not be loaded"
            description={errorMessage(fields.error, 'Please try again in a moment.')}
          />
        </Card>
      ) : total === 0 ? (
        <Card>
          <EmptyState
            icon={FormInputIcon}
            title="This event has no custom fields yet"
            description="There is nothing to export. Add a field, or import fields exported from another event."
            action={
              <div className="flex flex-wrap justify-center gap-2">
                <Button asChild variant="outline">
                  <Link to={paths.customFieldsImport.href() + eventQuery}>Import fields</Link>
                </Button>
                <Button asChild>
                  <Link to={paths.customFieldsCreate.href() + eventQuery}>
                    <PlusIcon aria-hidden />
                    New field
                  </Link>
                </Button>
              </div>
            }
          />
        </Card>
      ) : (
        <Card className="max-w-3xl overflow-hidden">
          <CardHeader>
            <CardTitle>What the file holds</CardTitle>
            <CardDescription>
              {formatCount(total)} {total === 1 ? 'field' : 'fields'}
              {eventName && ` of ${eventName}`}, active and inactive, with their options and rules. Categories are named
              in the file, so that an import can match them to another event’s.
            </CardDescription>
          </CardHeader>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Category</TableHead>
                <TableHead className="text-right">Fields</TableHead>
                <TableHead className="hidden text-right sm:table-cell">Inactive</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {groups.map((group) => (
                <TableRow key={group.badgeCategoryId ?? 'event'}>
                  <TableCell className="font-medium">{group.title}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatCount(group.fields.length)}</TableCell>
                  <TableCell className="hidden text-right tabular-nums sm:table-cell">
                    {formatCount(group.fields.filter((field) => !field.isActive).length)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <CardContent className="flex justify-end border-t pt-5">
            <Button onClick={save} disabled={download.isPending}>
              {download.isPending ? (
                <Spinner size="sm" tone="current" label="Preparing the file" />
              ) : (
                <DownloadIcon aria-hidden />
              )}
              Download JSON
            </Button>
          </CardContent>
        </Card>
      )}
    </>
  );
}
