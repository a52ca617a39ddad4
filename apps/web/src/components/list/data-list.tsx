import type { ListMeta } from '@portal/shared/common';
import { EXPORT_FORMATS, type ExportFormat } from '@portal/shared/exports';
import {
  columnVisibilityFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnVisibilityState,
  type RowData,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import type { LucideIcon } from 'lucide-react';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, CheckIcon, Columns3Icon, DownloadIcon } from 'lucide-react';
import { DropdownMenu as DropdownMenuPrimitive } from 'radix-ui';
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { fetchFile, saveFile } from '@/lib/save-file';
import { useColumnChoice } from './column-choice';
import { KeysetPager } from './keyset-pager';
import { Pagination } from './pagination';
import { SearchInput } from './search-input';
import { TableSkeleton } from './table-skeleton';
import type { KeysetPages } from './use-keyset-pages';

/** One column of a list: its header, how a row fills its cell, and how it sorts and shows. */
export type ListColumn<T> = {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The API's `sort` key: the header becomes a button that orders the list by it. */
  sortKey?: string;
  /** Whether the user may hide it (default: yes). The column that names the row usually may not. */
  hideable?: boolean;
  /** Hidden until the user shows it (a custom field, a rarely read detail). */
  hiddenByDefault?: boolean;
  /** A header read by screen readers only (a column of row actions). */
  headerHidden?: boolean;
  /** Classes of its header and cells: `hidden md:table-cell` keeps a phone's table narrow. */
  className?: string;
};

/**
 * A page the server sorted and filtered (numbered, or read by the last id as a long log is), or the
 * whole of a short list the API answers unpaged.
 */
type ListQuery<T> = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: { data: T[]; meta: ListMeta } | { data: T[]; meta: { nextBefore: number | null } } | T[];
};

/** What the Export menu downloads: the list's export route with the filters and sort on screen. */
export type ListExport = {
  url: string;
  params: Record<string, unknown>;
  /** The file's name when the server gives none. */
  fileName: string;
  onDone?: () => void;
};

/** Rows chosen by their checkboxes, by row id; owned by the page, which acts on them. */
export type ListSelection = { selected: RowSelectionState; onChange: (next: RowSelectionState) => void };

type DataListProps<T extends RowData> = {
  /** The list's name, under which the user's column choice is remembered. */
  name: string;
  noun: string;
  icon: LucideIcon;
  /** A page heading above the list, with its actions. */
  title?: string;
  description?: string;
  actions?: ReactNode;
  /** A section's heading inside the list's card (a list among others on a page), with its own actions. */
  heading?: string;
  headingActions?: ReactNode;
  search?: { value: string; onSearch: (value: string) => void; placeholder: string };
  filters?: ReactNode;
  query: ListQuery<T>;
  columns: ListColumn<T>[];
  getRowId: (row: T) => string | number;
  /** The `sort` the list is read with (`name`, `-createdAt`), and how to ask for another. */
  sort?: { value: string; onChange: (sort: string) => void; descendingFirst?: readonly string[] };
  selection?: ListSelection & { label: (row: T) => string };
  exportTo?: ListExport;
  /** How to turn the page; a list answered whole has no pager. */
  onPageChange?: (page: number) => void;
  /** How to turn a page read by its last id (`meta.nextBefore`): Newer and Older instead of page numbers. */
  keyset?: KeysetPages;
  /** What a row opens on, in a full-width row under it; nothing while it is closed. */
  rowDetail?: (row: T) => ReactNode;
  emptyTitle: string;
  emptyDescription: ReactNode;
};

const features = tableFeatures({ rowSortingFeature, columnVisibilityFeature, rowSelectionFeature });
const noRows: never[] = [];

const sortingOf = (sort: string | undefined): SortingState =>
  sort ? [{ id: `sort:${sort.replace(/^-/, '')}`, desc: sort.startsWith('-') }] : [];

/**
 * A list page's list: toolbar (search, filters, column choice, export), the table with sortable
 * headers and row selection, loading, error and empty states, and the pager. The rows are a page
 * the server sorted and filtered; the table only lays them out.
 */
export function DataList<T extends RowData>({
  name,
  noun,
  icon,
  title,
  description,
  actions,
  heading,
  headingActions,
  search,
  filters,
  query,
  columns,
  getRowId,
  sort,
  selection,
  exportTo,
  onPageChange,
  keyset,
  rowDetail,
  emptyTitle,
  emptyDescription,
}: DataListProps<T>) {
  const { choice, change } = useColumnChoice(name);
  const visibility = useMemo<ColumnVisibilityState>(
    () => Object.fromEntries(columns.map((column) => [column.id, choice[column.id] ?? !column.hiddenByDefault])),
    [columns, choice],
  );
  const definitions = useMemo<ColumnDef<typeof features, T>[]>(
    () => [
      ...(selection ? [{ id: 'select', enableHiding: false, enableSorting: false }] : []),
      ...columns.map((column) => ({
        // A sortable column's id carries its sort key, so that the sorting state maps to `sort`.
        id: column.sortKey ? `sort:${column.sortKey}` : column.id,
        header: column.header,
        // The server sorts; the table sorts only columns with an accessor, so each has one.
        accessorFn: () => null,
        enableHiding: column.hideable !== false,
        enableSorting: Boolean(column.sortKey),
        sortDescFirst: sort?.descendingFirst?.includes(column.sortKey ?? '') ?? false,
        meta: column,
      })),
    ],
    [columns, selection, sort?.descendingFirst],
  );
  const byTableId = useMemo(
    () => new Map(columns.map((column) => [column.sortKey ? `sort:${column.sortKey}` : column.id, column])),
    [columns],
  );
  const tableVisibility = useMemo(
    () => Object.fromEntries([...byTableId].map(([tableId, column]) => [tableId, visibility[column.id] ?? true])),
    [byTableId, visibility],
  );

  const rows = (Array.isArray(query.data) ? query.data : query.data?.data) ?? noRows;
  const meta = Array.isArray(query.data) ? undefined : query.data?.meta;
  const table = useTable({
    features,
    columns: definitions,
    data: rows,
    getRowId: (row) => String(getRowId(row)),
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    enableRowSelection: Boolean(selection),
    state: {
      sorting: sortingOf(sort?.value),
      columnVisibility: tableVisibility,
      rowSelection: selection?.selected ?? {},
    },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sortingOf(sort?.value)) : updater;
      const [first] = next;
      if (first && sort) sort.onChange(`${first.desc ? '-' : ''}${first.id.replace(/^sort:/, '')}`);
    },
    onColumnVisibilityChange: (updater) => {
      const next = typeof updater === 'function' ? updater(tableVisibility) : updater;
      change(
        Object.fromEntries(
          Object.entries(next).flatMap(([tableId, shown]) => {
            const column = byTableId.get(tableId);
            return column ? [[column.id, shown]] : [];
          }),
        ),
      );
    },
    onRowSelectionChange: (updater) => {
      if (!selection) return;
      selection.onChange(typeof updater === 'function' ? updater(selection.selected) : updater);
    },
  });

  const hideable = table.getAllLeafColumns().filter((column) => column.getCanHide());
  const visibleCount = table.getVisibleLeafColumns().length;
  const searched = search?.value;
  const toolbar = Boolean(heading || search || filters || headingActions || hideable.length > 0 || exportTo);

  return (
    <>
      {title && <PageHeader title={title} description={description} actions={actions} />}
      <Card className="overflow-hidden">
        {toolbar && (
          <div className="flex flex-col gap-3 border-b p-4 sm:flex-row sm:flex-wrap sm:items-center">
            {heading && <h2 className="text-base leading-tight font-semibold">{heading}</h2>}
            {search && (
              <SearchInput
                value={search.value}
                onSearch={search.onSearch}
                label={`Search ${noun}`}
                placeholder={search.placeholder}
              />
            )}
            {filters}
            <div className="flex flex-wrap gap-2 sm:ml-auto">
              {headingActions}
              {hideable.length > 0 && (
                <DropdownMenu>
                  <DropdownMenuTrigger asChild>
                    <Button variant="outline">
                      <Columns3Icon aria-hidden />
                      Columns
                    </Button>
                  </DropdownMenuTrigger>
                  <DropdownMenuContent align="end" className="max-h-96 overflow-y-auto">
                    <DropdownMenuLabel>Columns</DropdownMenuLabel>
                    {hideable.map((column) => (
                      <DropdownMenuPrimitive.CheckboxItem
                        key={column.id}
                        checked={column.getIsVisible()}
                        onCheckedChange={(checked) => column.toggleVisibility(checked)}
                        // The menu stays open while several columns are ticked.
                        onSelect={(event) => event.preventDefault()}
                        className="relative flex cursor-default items-center gap-2 rounded-md py-1.5 pr-2 pl-7 text-sm outline-none select-none focus:bg-accent focus:text-accent-foreground"
                      >
                        <span className="absolute left-2 flex size-3.5 items-center justify-center">
                          <DropdownMenuPrimitive.ItemIndicator>
                            <CheckIcon className="size-3.5" />
                          </DropdownMenuPrimitive.ItemIndicator>
                        </span>
                        {byTableId.get(column.id)?.header}
                      </DropdownMenuPrimitive.CheckboxItem>
                    ))}
                  </DropdownMenuContent>
                </DropdownMenu>
              )}
              {exportTo && <ExportMenu exportTo={exportTo} />}
            </div>
          </div>
        )}
        {query.isPending ? (
          <TableSkeleton columns={Math.min(visibleCount, 6)} />
        ) : query.isError ? (
          <EmptyState
            icon={icon}
            title={`The ${noun} could not be loaded`}
            description={errorMessage(query.error, 'Please try again in a moment.')}
          />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={icon}
            title={searched ? `No ${noun} match “${searched}”` : emptyTitle}
            description={searched ? 'Try another search.' : emptyDescription}
          />
        ) : (
          <Table>
            <TableHeader>
              {table.getHeaderGroups().map((group) => (
                <TableRow key={group.id}>
                  {group.headers.map((header) => {
                    if (header.column.id === 'select')
                      return (
                        <TableHead key={header.id} className="w-10">
                          <Checkbox
                            aria-label={`Select all ${noun} on this page`}
                            checked={
                              table.getIsAllPageRowsSelected()
                                ? true
                                : table.getIsSomePageRowsSelected()
                                  ? 'indeterminate'
                                  : false
                            }
                            onCheckedChange={() => table.toggleAllPageRowsSelected()}
                          />
                        </TableHead>
                      );
                    const column = byTableId.get(header.column.id)!;
                    const direction = header.column.getIsSorted();
                    if (!header.column.getCanSort())
                      return (
                        <TableHead key={header.id} className={column.className}>
                          {column.headerHidden ? <span className="sr-only">{column.header}</span> : column.header}
                        </TableHead>
                      );
                    const Icon =
                      direction === 'asc' ? ArrowUpIcon : direction === 'desc' ? ArrowDownIcon : ArrowUpDownIcon;
                    return (
                      <TableHead
                        key={header.id}
                        aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
                        className={column.className}
                      >
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className="-mx-1 inline-flex items-center gap-1 rounded-sm px-1 uppercase hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                        >
                          {column.header}
                          <Icon aria-hidden className={direction ? 'size-3.5' : 'size-3.5 opacity-50'} />
                        </button>
                      </TableHead>
                    );
                  })}
                </TableRow>
              ))}
            </TableHeader>
            <TableBody>
              {table.getRowModel().rows.map((row) => {
                const detail = rowDetail?.(row.original);
                return (
                  <Fragment key={row.id}>
                    <TableRow data-state={row.getIsSelected() ? 'selected' : undefined}>
                      {row.getVisibleCells().map((cell) => {
                        if (cell.column.id === 'select')
                          return (
                            <TableCell key={cell.id}>
                              <Checkbox
                                aria-label={`Select ${selection!.label(row.original)}`}
                                checked={row.getIsSelected()}
                                onCheckedChange={(checked) => row.toggleSelected(checked === true)}
                              />
                            </TableCell>
                          );
                        const column = byTableId.get(cell.column.id)!;
                        return (
                          <TableCell key={cell.id} className={column.className}>
                            {column.cell(row.original)}
                          </TableCell>
                        );
                      })}
                    </TableRow>
                    {detail != null && (
                      <TableRow className="hover:bg-transparent">
                        <TableCell colSpan={visibleCount} className="whitespace-normal">
                          {detail}
                        </TableCell>
                      </TableRow>
                    )}
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
        )}
        {meta && 'page' in meta && onPageChange && rows.length > 0 && (
          <Pagination meta={meta} onPageChange={onPageChange} noun={noun} />
        )}
        {meta && 'nextBefore' in meta && keyset && (
          <KeysetPager
            hasNewer={keyset.hasNewer}
            nextBefore={meta.nextBefore}
            onNewer={keyset.newer}
            onOlder={keyset.older}
          />
        )}
      </Card>
    </>
  );
}

/** The Export menu: the list as the server writes it, with the filters and sort on screen. */
function ExportMenu({ exportTo }: { exportTo: ListExport }) {
  const [pending, setPending] = useState<ExportFormat | null>(null);
  async function download(format: ExportFormat) {
    setPending(format);
    try {
      const file = await fetchFile(exportTo.url, { ...exportTo.params, format });
      saveFile(file.content, file.fileName ?? `${exportTo.fileName}.${format}`);
    } catch (error) {
      toast.error(errorMessage(error, 'The export could not be made. Please try again.'));
    } finally {
      setPending(null);
      exportTo.onDone?.();
    }
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" disabled={pending !== null}>
          {pending ? <Spinner size="sm" tone="current" label="Exporting" /> : <DownloadIcon aria-hidden />}
          Export
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {EXPORT_FORMATS.map((format) => (
          <DropdownMenuItem key={format} onSelect={() => void download(format)}>
            Export .{format}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
