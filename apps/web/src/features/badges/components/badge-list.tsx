import {
  BADGE_SORTS,
  BADGE_STATUS_LABELS,
  BADGE_STATUSES,
  type BadgeListItem,
  type BadgeStatus,
} from '@portal/shared/badges';
import type { CustomField } from '@portal/shared/custom-fields';
import type { RowSelectionState } from '@tanstack/react-table';
import { IdCardIcon } from 'lucide-react';
import { useState } from 'react';
import { ExhibitorOptions } from '@/components/exhibitor-options';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { Input, NativeSelect } from '@/components/ui/input';
import { useCan } from '@/hooks/use-can';
import { useListParams } from '@/hooks/use-list-params';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { answerText } from '@/components/custom-fields/custom-field-rules';
import { useBadges } from '../api/get-badges';
import { useExhibitorOptions } from '../api/get-exhibitor-options';
import { badgeColumns, companyOf, DEFAULT_COLUMNS, type BadgeColumn } from './badge-columns';
import { BadgeStatusBadge } from './badge-status-badge';
import { BulkAddonBar } from './bulk-addon-bar';
import { PrintedCell } from './printed-cell';
import { badgeNameColumn } from './badge-name-column';


const isStatus = (value: string): value is BadgeStatus => (BADGE_STATUSES as readonly string[]).includes(value);
const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const printedOf = (value: string) => (value === 'true' ? true : value === 'false' ? false : null);

type BadgeListProps = {
  /** One category's badges, or all badges of the caller's scope. */
  badgeCategoryId: number | null;
  /** The event whose add-ons and exhibitors the filters and bulk actions offer. */
  eventId: number | null;
  fields: readonly CustomField[];
};

/** Badges with their filters, sort and page in the URL, chosen columns, and bulk add-on assignment. */
export function BadgeList({ badgeCategoryId, eventId, fields }: BadgeListProps) {
  const { page, search, setPage, setSearch, filter, setFilter, sortBy } = useListParams();
  const session = useSession();
  const can = useCan();
  const statusParam = filter('status');
  const printed = printedOf(filter('printed'));
  const exhibitorParam = Number(filter('exhibitorId')) || null;
  const createdFrom = isDate(filter('createdFrom')) ? filter('createdFrom') : '';
  const createdTo = isDate(filter('createdTo')) ? filter('createdTo') : '';
  const sorting = sortBy(BADGE_SORTS, '-createdAt');
  const sort = sorting.value;
  const badges = useBadges({
    page,
    search,
    badgeCategoryId,
    status: isStatus(statusParam) ? statusParam : null,
    exhibitorId: exhibitorParam,
    createdFrom,
    createdTo,
    sort,
    printed,
  });
  // Exhibitors and their sub-accounts only ever see their own badges: no exhibitor filter to offer.
  const filtersByExhibitor = session?.user.exhibitorId == null && session?.type !== 'exhibitor';
  const exhibitors = useExhibitorOptions(eventId, { enabled: filtersByExhibitor && can('view_exhibitors') });

  const canBulk = can('update_exhibitor_user') || can('update_user');
  const [selected, setSelected] = useState<RowSelectionState>({});
  const listFilters = {
    search: search || undefined,
    badgeCategoryId: badgeCategoryId ?? undefined,
    status: isStatus(statusParam) ? statusParam : undefined,
    exhibitorId: exhibitorParam ?? undefined,
    createdFrom: createdFrom || undefined,
    createdTo: createdTo || undefined,
    printed: printed ?? undefined,
    sort,
  };

  const columns: ListColumn<BadgeListItem>[] = [
    badgeNameColumn,
    ...badgeColumns(fields, badgeCategoryId == null).map((column): ListColumn<BadgeListItem> => ({
      id: column.id,
      header: column.label,
      sortKey: column.sortKey,
      hiddenByDefault: !DEFAULT_COLUMNS.includes(column.id) && !(badgeCategoryId == null && column.id === 'category'),
      className: column.id === 'email' ? 'hidden sm:table-cell' : 'hidden md:table-cell',
      cell: (badge) => <BadgeCell badge={badge} column={column} />,
    })),
  ];

  return (
    <>
      {canBulk && Object.keys(selected).length > 0 && (
        <BulkAddonBar eventId={eventId} badgeIds={Object.keys(selected).map(Number)} onDone={() => setSelected({})} />
      )}
      <DataList
        name={badgeCategoryId == null ? 'badges' : `badges:category:${badgeCategoryId}`}
        noun="badges"
        icon={IdCardIcon}
        search={{ value: search, onSearch: setSearch, placeholder: 'Search by name, email or company' }}
        query={badges}
        columns={columns}
        getRowId={(badge) => badge.id}
        sort={{
          ...sorting,
          descendingFirst: ['createdAt'],
        }}
        selection={canBulk ? { selected, onChange: setSelected, label: (badge) => badge.name } : undefined}
        exportTo={
          can('export_data')
            ? { url: '/admin/exhibitor-users/export', params: listFilters, fileName: 'badges' }
            : undefined
        }
        onPageChange={setPage}
        emptyTitle="No badges yet"
        emptyDescription="Badges appear here once they are registered."
        filters={
          <div className="flex flex-col gap-3 sm:ml-auto sm:flex-row sm:flex-wrap sm:justify-end">
            <NativeSelect
              aria-label="Filter by status"
              value={isStatus(statusParam) ? statusParam : ''}
              onChange={(event) => setFilter('status', event.target.value)}
              className="sm:w-auto sm:min-w-36"
            >
              <option value="">All statuses</option>
              {BADGE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {BADGE_STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect
              aria-label="Filter by printing"
              value={printed == null ? '' : String(printed)}
              onChange={(event) => setFilter('printed', event.target.value)}
              className="sm:w-auto sm:min-w-36"
            >
              <option value="">Printed or not</option>
              <option value="false">Not printed</option>
              <option value="true">Printed</option>
            </NativeSelect>
            {filtersByExhibitor && (exhibitors.data?.length ?? 0) > 0 && (
              <NativeSelect
                aria-label="Filter by exhibitor"
                value={exhibitorParam ?? ''}
                onChange={(event) => setFilter('exhibitorId', event.target.value)}
                className="sm:w-auto sm:max-w-64 sm:min-w-48"
              >
                <ExhibitorOptions exhibitors={exhibitors.data} empty="All exhibitors" />
              </NativeSelect>
            )}
            <div className="flex items-center gap-2">
              <Input
                type="date"
                aria-label="Created from"
                value={createdFrom}
                max={createdTo || undefined}
                onChange={(event) => setFilter('createdFrom', event.target.value)}
                className="sm:w-38"
              />
              <span aria-hidden className="text-muted-foreground">
                –
              </span>
              <Input
                type="date"
                aria-label="Created to"
                value={createdTo}
                min={createdFrom || undefined}
                onChange={(event) => setFilter('createdTo', event.target.value)}
                className="sm:w-38"
              />
            </div>
          </div>
        }
      />
    </>
  );
}

/** A badge's cell under one of the columns beside its name. */
function BadgeCell({ badge, column }: { badge: BadgeListItem; column: BadgeColumn }) {
  if (column.field)
    return answerText(
      badge.customFieldValues.find((answer) => answer.customFieldId === column.field!.id),
      column.field,
    );
  switch (column.id) {
    case 'email':
      return badge.email;
    case 'company':
      return companyOf(badge);
    case 'category':
      return badge.badgeCategory.name;
    case 'phone':
      return badge.phone ?? '—';
    case 'createdBy':
      return badge.createdByName ?? '—';
    case 'status':
      return <BadgeStatusBadge status={badge.status} />;
    case 'printed':
      return <PrintedCell badge={badge} />;
    default:
      return <span className="whitespace-nowrap text-muted-foreground">{formatDate(badge.createdAt)}</span>;
  }
}
