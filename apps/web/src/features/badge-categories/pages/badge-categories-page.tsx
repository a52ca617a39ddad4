import {
  BADGE_CATEGORY_SORTS,
  BADGE_TYPE_LABELS,
  CATEGORY_TYPES,
  visibleBadgeTypes,
  type BadgeCategory,
  type CategoryType,
} from '@portal/shared/badge-categories';
import { EyeIcon, FormInputIcon, PlusIcon, TagsIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Detail, DetailList } from '@/components/detail-list';
import { FormDialog } from '@/components/form/form-dialog';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { RowActions } from '@/components/list/row-actions';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { Tooltip } from '@/components/ui/tooltip';
import { paths } from '@/config/paths';
import { useCan } from '@/hooks/use-can';
import { useListParams } from '@/hooks/use-list-params';
import { useRowDialogs } from '@/hooks/use-row-dialogs';
import { formatCount, formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useDeleteBadgeCategory } from '../api/delete-badge-category';
import { useBadgeCategories } from '../api/get-badge-categories';
import { useEventOptions } from '../api/get-event-options';
import { BadgeCategoryForm } from '../components/badge-category-form';
import { categoryFigureColumns } from '../components/category-columns';
import { formatPrice } from '@portal/shared/money';
import { formatVatRate } from '@portal/shared/vat';
import { EventOptions } from '@/components/event-options';

const KIND_LABELS: Record<CategoryType, string> = { badge: 'Badge', addon: 'Add-on' };
const isKind = (value: string): value is CategoryType => (CATEGORY_TYPES as readonly string[]).includes(value);

/** /badge-categories: the kinds of badge and add-on each event offers. */
export function BadgeCategoriesPage() {
  const { page, search, setPage, setSearch, filter, setFilter, sortBy } = useListParams();
  const session = useSession();
  const can = useCan();
  const ownEvent = session?.user.eventId ?? null;
  const eventId = ownEvent ?? (Number(filter('eventId')) || null);
  const kindParam = filter('type');
  const kind = isKind(kindParam) ? kindParam : null;
  // By default the server's own order: the one the forms and menus offer the categories in.
  const sorting = sortBy(BADGE_CATEGORY_SORTS, 'sortOrder');
  const sort = sorting.value;
  const categories = useBadgeCategories({ page, search, eventId, type: kind, sort });
  // Exhibitors, sub-accounts and VIP admins may not list events: their own event names the rows.
  const events = useEventOptions({ enabled: can('view_events') });
  const dialogs = useRowDialogs<BadgeCategory>(useDeleteBadgeCategory(), 'badge category');
  const [viewing, setViewing] = useState<BadgeCategory | null>(null);
  const badgeTypes = session ? visibleBadgeTypes(session.user.permissions, session.type) : [];
  const eventName = (id: number) =>
    events.data?.find((event) => event.id === id)?.name ??
    (id === ownEvent ? session?.user.event?.name : undefined) ??
    '—';
  const fieldsHref = (category: BadgeCategory) =>
    `${paths.customFields.href()}?${new URLSearchParams({ eventId: String(category.eventId), category: String(category.id) })}`;

  const columns: ListColumn<BadgeCategory>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      hideable: false,
      cell: (category) => (
        <>
          <div className="font-medium">{category.displayName ?? category.name}</div>
          <div className="text-xs text-muted-foreground">
            {KIND_LABELS[category.type]}
            {category.displayName && ` · ${category.name}`}
          </div>
        </>
      ),
    },
    ...(ownEvent == null
      ? [
          {
            id: 'event',
            header: 'Event',
            className: 'hidden lg:table-cell',
            cell: (category: BadgeCategory) => eventName(category.eventId),
          },
        ]
      : []),
    ...categoryFigureColumns,
    {
      id: 'createdAt',
      header: 'Created',
      sortKey: 'createdAt',
      hiddenByDefault: true,
      className: 'hidden whitespace-nowrap text-muted-foreground md:table-cell',
      cell: (category) => formatDate(category.createdAt),
    },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      hideable: false,
      className: 'w-32 text-right',
      cell: (category) => (
        <div className="flex justify-end gap-1">
          {can('manage_custom_fields') && (
            <Tooltip content="Custom fields">
              <Button asChild variant="ghost" size="icon-sm">
                <Link to={fieldsHref(category)} aria-label={`Custom fields of ${category.name}`}>
                  <FormInputIcon aria-hidden />
                </Link>
              </Button>
            </Tooltip>
          )}
          <Tooltip content="Details">
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Details of ${category.name}`}
              onClick={() => setViewing(category)}
            >
              <EyeIcon aria-hidden />
            </Button>
          </Tooltip>
          {can('update_badge_category') && (
            <RowActions
              name={category.name}
              onEdit={() => dialogs.openEdit(category)}
              onDelete={() => dialogs.askDelete(category)}
              deleteBlockedReason={can('delete_badge_category') ? undefined : 'You cannot delete badge categories'}
            />
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <DataList
        name="badge-categories"
        noun="badge categories"
        icon={TagsIcon}
        title="Badge Categories"
        description="The kinds of badge and add-on each event offers, with the price of an extra one."
        actions={
          can('create_badge_category') && (
            <Button onClick={() => dialogs.openCreate()}>
              <PlusIcon aria-hidden />
              New category
            </Button>
          )
        }
        search={{ value: search, onSearch: setSearch, placeholder: 'Search by name' }}
        filters={
          <>
            {ownEvent == null && (
              <NativeSelect
                aria-label="Filter by event"
                value={eventId ?? ''}
                onChange={(event) => setFilter('eventId', event.target.value)}
                className="sm:w-auto sm:min-w-56"
              >
                <EventOptions events={events.data} empty="All events" />
              </NativeSelect>
            )}
            <NativeSelect
              aria-label="Filter by kind"
              value={kind ?? ''}
              onChange={(event) => setFilter('type', event.target.value)}
              className="sm:w-auto sm:min-w-44"
            >
              <option value="">Badges and add-ons</option>
              <option value="badge">Badges</option>
              <option value="addon">Add-ons</option>
            </NativeSelect>
          </>
        }
        query={categories}
        columns={columns}
        getRowId={(category) => category.id}
        sort={{
          ...sorting,
          descendingFirst: ['createdAt'],
        }}
        onPageChange={setPage}
        emptyTitle="No badge categories yet"
        emptyDescription="Create the kinds of badge the event offers, such as exhibitor staff or day visitors."
      />

      <FormDialog
        open={dialogs.editing !== null}
        onClose={dialogs.closeEditor}
        title={dialogs.editing?.row ? 'Edit badge category' : 'New badge category'}
        description={
          dialogs.editing?.row
            ? `Change the details of ${dialogs.editing.row.name}.`
            : 'Add a kind of badge or add-on to an event.'
        }
      >
        {dialogs.editing && (
          <BadgeCategoryForm
            key={dialogs.editing.row?.id ?? 'new'}
            category={dialogs.editing.row}
            events={events.data ?? []}
            eventId={eventId}
            badgeTypes={badgeTypes}
            onSaved={dialogs.closeEditor}
          />
        )}
      </FormDialog>

      <FormDialog
        open={viewing !== null}
        onClose={() => setViewing(null)}
        title={viewing?.displayName ?? viewing?.name ?? ''}
        description={viewing ? `${KIND_LABELS[viewing.type]} of ${eventName(viewing.eventId)}` : ''}
      >
        {viewing && (
          <DetailList>
            <Detail label="Name">{viewing.name}</Detail>
            <Detail label="Display name">{viewing.displayName ?? '—'}</Detail>
            <Detail label="Badge type">{BADGE_TYPE_LABELS[viewing.badgeType]}</Detail>
            <Detail label="Price of an extra badge">{formatPrice(viewing.unitPrice, viewing.currency)}</Detail>
            <Detail label="VAT rate">
              {viewing.vatRate === null ? 'Event default' : formatVatRate(viewing.vatRate)}
            </Detail>
            <Detail label="Badges">{formatCount(viewing.badgeCount)}</Detail>
            <Detail label="Status">{viewing.isActive ? 'Active' : 'Inactive'}</Detail>
            <Detail label="Order">{viewing.sortOrder}</Detail>
            <Detail label="Created">{formatDate(viewing.createdAt)}</Detail>
            <Detail label="Description" wide>
              {viewing.description ?? '—'}
            </Detail>
            {can('manage_custom_fields') && (
              <Detail label="Custom fields" wide>
                <Link to={fieldsHref(viewing)} className="font-medium text-primary underline-offset-4 hover:underline">
                  The questions this category’s badge form asks
                </Link>
              </Detail>
            )}
          </DetailList>
        )}
      </FormDialog>

      <ConfirmDialog
        open={dialogs.deleting !== null}
        onOpenChange={(open) => !open && dialogs.cancelDelete()}
        title="Delete this badge category?"
        description={`${dialogs.deleting?.name ?? 'The category'} will be deleted permanently. A category that badges, allocations or add-ons use cannot be deleted: switch it off instead.`}
        confirmLabel="Delete category"
        pending={dialogs.deletePending}
        onConfirm={dialogs.confirmDelete}
      />
    </>
  );
}
