import { BADGE_STATUS_LABELS, BADGE_STATUSES, type BadgeStatus } from '@portal/shared/badges';
import type { CustomField } from '@portal/shared/custom-fields';
import { IdCardIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ExhibitorOptions } from '@/components/exhibitor-options';
import { ListPanel } from '@/components/list/list-panel';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, NativeSelect } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { useCan } from '@/hooks/use-can';
import { useListParams } from '@/hooks/use-list-params';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { answerText } from '@/components/custom-fields/custom-field-rules';
import { useBadges } from '../api/get-badges';
import { useExhibitorOptions } from '../api/get-exhibitor-options';
import { badgeColumns, companyOf, useColumnChoice } from './badge-columns';
import { BadgeStatusBadge } from './badge-status-badge';
import { BulkAddonBar } from './bulk-addon-bar';
import { ColumnChooser } from './column-chooser';
import { PrintedCell } from './printed-cell';

const SORTS = [
  { value: '-createdAt', label: 'Newest first' },
  { value: 'createdAt', label: 'Oldest first' },
  { value: 'name', label: 'Name A–Z' },
  { value: '-name', label: 'Name Z–A' },
  { value: 'email', label: 'Email A–Z' },
  { value: 'company', label: 'Company A–Z' },
] as const;
const DEFAULT_SORT = '-createdAt';

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
  const { page, search, setPage, setSearch, filter, setFilter } = useListParams();
  const session = useSession();
  const can = useCan();
  const statusParam = filter('status');
  const sortParam = filter('sort');
  const printed = printedOf(filter('printed'));
  const exhibitorParam = Number(filter('exhibitorId')) || null;
  const createdFrom = isDate(filter('createdFrom')) ? filter('createdFrom') : '';
  const createdTo = isDate(filter('createdTo')) ? filter('createdTo') : '';
  const sort = SORTS.some((option) => option.value === sortParam) ? sortParam : DEFAULT_SORT;
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

  const columns = badgeColumns(fields, badgeCategoryId == null);
  const { chosen, toggle } = useColumnChoice(
    badgeCategoryId == null ? 'all' : String(badgeCategoryId),
    badgeCategoryId == null,
  );
  const shown = columns.filter((column) => chosen.includes(column.id));

  const rows = badges.data?.data ?? [];

  const [selected, setSelected] = useState<Set<number>>(new Set());
  const pageIds = rows.map((row) => row.id);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const someSelected = pageIds.some((id) => selected.has(id));
  const canBulk = can('update_exhibitor_user') || can('update_user');

  function toggleRow(id: number) {
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <>
      {canBulk && selected.size > 0 && (
        <BulkAddonBar eventId={eventId} badgeIds={[...selected]} onDone={() => setSelected(new Set())} />
      )}
      <ListPanel
        noun="badges"
        icon={IdCardIcon}
        search={search}
        onSearch={setSearch}
        searchPlaceholder="Search by name, email or company"
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
            <NativeSelect
              aria-label="Sort by"
              value={sort}
              onChange={(event) => setFilter('sort', event.target.value === DEFAULT_SORT ? '' : event.target.value)}
              className="sm:w-auto sm:min-w-40"
            >
              {SORTS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
            <ColumnChooser columns={columns} chosen={chosen} onToggle={toggle} />
          </div>
        }
        query={badges}
        onPageChange={setPage}
        emptyTitle="No badges yet"
        emptyDescription="Badges appear here once they are registered."
        columns={shown.length + 1}
      >
        <Table>
          <TableHeader>
            <TableRow>
              {canBulk && (
                <TableHead className="w-10">
                  <Checkbox
                    aria-label="Select all badges on this page"
                    checked={allSelected ? true : someSelected ? 'indeterminate' : false}
                    onCheckedChange={() =>
                      setSelected((previous) => {
                        const next = new Set(previous);
                        pageIds.forEach((id) => (allSelected ? next.delete(id) : next.add(id)));
                        return next;
                      })
                    }
                  />
                </TableHead>
              )}
              <TableHead>Name</TableHead>
              {shown.map((column) => (
                <TableHead
                  key={column.id}
                  className={column.id === 'email' ? 'hidden sm:table-cell' : 'hidden md:table-cell'}
                >
                  {column.label}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((badge) => (
              <TableRow key={badge.id} data-state={selected.has(badge.id) ? 'selected' : undefined}>
                {canBulk && (
                  <TableCell>
                    <Checkbox
                      aria-label={`Select ${badge.name}`}
                      checked={selected.has(badge.id)}
                      onCheckedChange={() => toggleRow(badge.id)}
                    />
                  </TableCell>
                )}
                <TableCell>
                  <Link
                    to={paths.viewUser.href({ id: badge.id })}
                    className="rounded-sm font-medium hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    {badge.name}
                  </Link>
                  <div className="text-xs text-muted-foreground sm:hidden">{badge.email}</div>
                </TableCell>
                {shown.map((column) => (
                  <TableCell
                    key={column.id}
                    className={column.id === 'email' ? 'hidden sm:table-cell' : 'hidden md:table-cell'}
                  >
                    {column.field ? (
                      answerText(
                        badge.customFieldValues.find((answer) => answer.customFieldId === column.field!.id),
                        column.field,
                      )
                    ) : column.id === 'email' ? (
                      badge.email
                    ) : column.id === 'company' ? (
                      companyOf(badge)
                    ) : column.id === 'category' ? (
                      badge.badgeCategory.name
                    ) : column.id === 'phone' ? (
                      (badge.phone ?? '—')
                    ) : column.id === 'createdBy' ? (
                      (badge.createdByName ?? '—')
                    ) : column.id === 'status' ? (
                      <BadgeStatusBadge status={badge.status} />
                    ) : column.id === 'printed' ? (
                      <PrintedCell badge={badge} />
                    ) : (
                      <span className="whitespace-nowrap text-muted-foreground">{formatDate(badge.createdAt)}</span>
                    )}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListPanel>
    </>
  );
}
