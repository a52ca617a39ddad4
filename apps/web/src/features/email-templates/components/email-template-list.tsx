import {
  EMAIL_TEMPLATE_PURPOSE_LABELS,
  EMAIL_TEMPLATE_PURPOSES,
  EMAIL_TEMPLATE_SORTS,
  type EmailTemplate,
  type EmailTemplatePurpose,
} from '@portal/shared/email-templates';
import { CopyIcon, MailIcon, PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EventOptions } from '@/components/event-options';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { DeleteRowButton } from '@/components/list/row-actions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { Tooltip } from '@/components/ui/tooltip';
import { paths } from '@/config/paths';
import { useCan } from '@/hooks/use-can';
import { useListParams } from '@/hooks/use-list-params';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useDeleteEmailTemplate } from '../api/delete-email-template';
import { useCategoryOptions } from '../api/get-category-options';
import { useEmailTemplates } from '../api/get-email-templates';
import { useEventOptions } from '../api/get-event-options';
import { CloneTemplateDialog } from './clone-template-dialog';

const DEFAULT_SORT = 'name' as const;
const isPurpose = (value: string): value is EmailTemplatePurpose =>
  (EMAIL_TEMPLATE_PURPOSES as readonly string[]).includes(value);

/**
 * The templates a user manages, filtered by purpose and searched by name; `eventId` fixes the list to
 * one event (the event view), and a user of one event sees that event's alone anyway.
 */
export function EmailTemplateList({ eventId: fixedEvent }: { eventId?: number }) {
  const { page, search, setPage, setSearch, filter, setFilter, sortBy } = useListParams();
  const can = useCan();
  const session = useSession();
  const ownEvent = session?.user.eventId ?? null;
  const choosesEvent = fixedEvent == null && ownEvent == null;
  const eventId = fixedEvent ?? ownEvent ?? (Number(filter('eventId')) || undefined);
  const purposeFilter = filter('purpose');
  const purpose = isPurpose(purposeFilter) ? purposeFilter : undefined;
  // On the page the sort goes in the URL; on an event's tab, beside lists that keep theirs there, it stays here.
  const [tabSort, setTabSort] = useState<string>(DEFAULT_SORT);
  const pageSort = sortBy(EMAIL_TEMPLATE_SORTS, DEFAULT_SORT);
  const sort = fixedEvent != null ? tabSort : pageSort.value;
  function changeSort(next: string) {
    if (fixedEvent == null) pageSort.onChange(next);
    else {
      setTabSort(next);
      setPage(1);
    }
  }
  const templates = useEmailTemplates({ page, search, eventId, purpose, sort });
  const events = useEventOptions({ enabled: ownEvent == null });
  const categories = useCategoryOptions(eventId ?? null);
  const remove = useDeleteEmailTemplate();
  const [deleting, setDeleting] = useState<EmailTemplate | null>(null);
  const [cloning, setCloning] = useState<EmailTemplate | null>(null);
  const cloneTargets =
    ownEvent == null ? (events.data ?? []) : [{ id: ownEvent, name: session?.user.event?.name ?? 'Your event' }];

  const editHref = (template: EmailTemplate) =>
    fixedEvent != null && template.eventId != null
      ? paths.eventTemplateEdit.href({ eventId: template.eventId, id: template.id })
      : paths.emailTemplateEdit.href({ id: template.id });

  function scopeOf(template: EmailTemplate) {
    if (template.eventId == null) return 'Global';
    if (template.badgeCategoryId == null) return template.eventName ?? 'Event';
    const category = categories.data?.find((option) => option.id === template.badgeCategoryId);
    return `${template.eventName ?? 'Event'} · ${category ? (category.displayName ?? category.name) : 'one badge category'}`;
  }

  function confirmDelete() {
    if (!deleting) return;
    const template = deleting;
    remove.mutate(template.id, {
      onSuccess: () => toast.success(`${template.name} deleted`),
      onError: (error) => toast.error(errorMessage(error, 'The email template could not be deleted')),
      onSettled: () => setDeleting(null),
    });
  }

  const columns: ListColumn<EmailTemplate>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      hideable: false,
      cell: (template) => (
        <>
          <div className="font-medium">
            {template.name}
            {!template.isActive && (
              <Badge variant="outline" className="ml-2 lg:hidden">
                Inactive
              </Badge>
            )}
          </div>
          <div className="text-xs text-muted-foreground sm:hidden">
            {EMAIL_TEMPLATE_PURPOSE_LABELS[template.purpose]} · {scopeOf(template)}
          </div>
        </>
      ),
    },
    {
      id: 'purpose',
      header: 'Purpose',
      sortKey: 'purpose',
      className: 'hidden sm:table-cell',
      cell: (template) => EMAIL_TEMPLATE_PURPOSE_LABELS[template.purpose],
    },
    { id: 'scope', header: 'Scope', className: 'hidden md:table-cell', cell: scopeOf },
    {
      id: 'active',
      header: 'Active',
      className: 'hidden lg:table-cell',
      cell: (template) => (template.isActive ? 'Yes' : <Badge variant="outline">Inactive</Badge>),
    },
    {
      id: 'updatedAt',
      header: 'Updated',
      sortKey: 'updatedAt',
      className: 'hidden whitespace-nowrap lg:table-cell',
      cell: (template) => formatDate(template.updatedAt),
    },
    {
      id: 'createdAt',
      header: 'Created',
      sortKey: 'createdAt',
      hiddenByDefault: true,
      className: 'hidden whitespace-nowrap lg:table-cell',
      cell: (template) => formatDate(template.createdAt),
    },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      hideable: false,
      className: 'w-32 text-right',
      cell: (template) => (
        <div className="flex justify-end gap-1">
          {can('update_email_template') && (
            <Tooltip content="Edit">
              <Button asChild variant="ghost" size="icon-sm">
                <Link to={editHref(template)} aria-label={`Edit ${template.name}`}>
                  <PencilIcon aria-hidden />
                </Link>
              </Button>
            </Tooltip>
          )}
          {can('create_email_template') && (
            <Tooltip content="Clone">
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Clone ${template.name}`}
                onClick={() => setCloning(template)}
              >
                <CopyIcon aria-hidden />
              </Button>
            </Tooltip>
          )}
          {can('delete_email_template') && (
            <DeleteRowButton name={template.name} onDelete={() => setDeleting(template)} />
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <DataList
        name="email-templates"
        noun="email templates"
        icon={MailIcon}
        search={{ value: search, onSearch: setSearch, placeholder: 'Search by name' }}
        filters={
          <>
            {choosesEvent && (
              <NativeSelect
                aria-label="Event"
                value={eventId ?? ''}
                onChange={(event) => setFilter('eventId', event.target.value)}
                className="sm:w-56"
              >
                <EventOptions events={events.data} empty="All events and global" />
              </NativeSelect>
            )}
            <NativeSelect
              aria-label="Purpose"
              value={purpose ?? ''}
              onChange={(event) => setFilter('purpose', event.target.value)}
              className="sm:w-56"
            >
              <option value="">Every purpose</option>
              {EMAIL_TEMPLATE_PURPOSES.map((value) => (
                <option key={value} value={value}>
                  {EMAIL_TEMPLATE_PURPOSE_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          </>
        }
        query={templates}
        columns={columns}
        getRowId={(template) => template.id}
        sort={{ value: sort, onChange: changeSort, descendingFirst: ['updatedAt', 'createdAt'] }}
        onPageChange={setPage}
        emptyTitle="No email templates yet"
        emptyDescription="Without one, the portal sends its built-in wording."
      />
      <CloneTemplateDialog template={cloning} events={cloneTargets} onClose={() => setCloning(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this email template?"
        description={`${deleting?.name ?? 'The template'} will be deleted permanently. Its mails then go out with the next template that fits, or the built-in wording.`}
        confirmLabel="Delete template"
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
