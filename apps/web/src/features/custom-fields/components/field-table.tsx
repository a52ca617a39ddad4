import { CUSTOM_FIELD_TYPE_LABELS, type CustomField } from '@portal/shared/custom-fields';
import type { LucideIcon } from 'lucide-react';
import { ArrowDownIcon, ArrowUpIcon, PencilIcon } from 'lucide-react';
import { Link } from 'react-router';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { DeleteRowButton } from '@/components/list/row-actions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { formatDate } from '@/lib/format';

/** The order the forms ask the fields in: the only one in which moving a field up or down means anything. */
export const FORM_ORDER = 'sortOrder';

/** What a writer may do with the fields of a table; a reader gets the table without them. */
export type FieldTableActions = {
  editHref: (field: CustomField) => string;
  onMove: (field: CustomField, by: -1 | 1) => void;
  moving: boolean;
  onDelete: (field: CustomField) => void;
};

type FieldTableProps = {
  /** The list's name, under which the user's column choice is remembered. */
  name: string;
  heading?: string;
  icon: LucideIcon;
  /** The fields of one group, or the state of the request that brings them. */
  query: { isPending: boolean; isError: boolean; error: unknown; data?: CustomField[] };
  sort?: { value: string; onChange: (sort: string) => void };
  actions?: FieldTableActions;
  emptyTitle: string;
  emptyDescription: string;
};

/** One group of fields with their answers counted, in the order they are asked unless sorted otherwise. */
export function FieldTable({ name, heading, icon, query, sort, actions, emptyTitle, emptyDescription }: FieldTableProps) {
  const fields = query.data ?? [];
  const inFormOrder = !sort || sort.value === FORM_ORDER;
  const columns: ListColumn<CustomField>[] = [
    {
      id: 'label',
      header: 'Label',
      sortKey: sort && 'label',
      hideable: false,
      cell: (field) => (
        <>
          <div className="font-medium">
            {field.label}
            {field.required && <span className="ml-1 text-destructive">*</span>}
            {!field.isActive && (
              <Badge variant="outline" className="ml-2">
                Inactive
              </Badge>
            )}
            {field.isPrivate && (
              <Badge variant="outline" className="ml-2">
                Private
              </Badge>
            )}
          </div>
          <code className="text-xs text-muted-foreground">{field.key}</code>
        </>
      ),
    },
    {
      id: 'type',
      header: 'Type',
      sortKey: sort && 'type',
      className: 'hidden sm:table-cell',
      cell: (field) => CUSTOM_FIELD_TYPE_LABELS[field.type],
    },
    {
      id: 'answers',
      header: 'Answers',
      className: 'hidden tabular-nums md:table-cell',
      cell: (field) => field.answerCount,
    },
    ...(sort
      ? [
          {
            id: 'sortOrder',
            header: 'Order',
            sortKey: FORM_ORDER,
            className: 'hidden text-right tabular-nums lg:table-cell',
            cell: (field: CustomField) => field.sortOrder,
          },
          {
            id: 'createdAt',
            header: 'Created',
            sortKey: 'createdAt',
            hiddenByDefault: true,
            className: 'hidden whitespace-nowrap text-muted-foreground md:table-cell',
            cell: (field: CustomField) => formatDate(field.createdAt),
          },
        ]
      : []),
    ...(actions
      ? [
          {
            id: 'actions',
            header: 'Actions',
            headerHidden: true,
            hideable: false,
            className: 'w-40 text-right',
            cell: (field: CustomField) => {
              const index = fields.indexOf(field);
              // Moving swaps neighbours in the form's order; in another order it would swap strangers.
              const cannotMove = !inFormOrder || actions.moving;
              return (
                <div className="flex justify-end gap-1">
                  <Tooltip content="Move up">
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`Move ${field.label} up`}
                      disabled={index === 0 || cannotMove}
                      onClick={() => actions.onMove(field, -1)}
                    >
                      <ArrowUpIcon aria-hidden />
                    </Button>
                  </Tooltip>
                  <Tooltip content="Move down">
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`Move ${field.label} down`}
                      disabled={index === fields.length - 1 || cannotMove}
                      onClick={() => actions.onMove(field, 1)}
                    >
                      <ArrowDownIcon aria-hidden />
                    </Button>
                  </Tooltip>
                  <Tooltip content="Edit">
                    <Button asChild variant="ghost" size="icon-sm">
                      <Link to={actions.editHref(field)} aria-label={`Edit ${field.label}`}>
                        <PencilIcon aria-hidden />
                      </Link>
                    </Button>
                  </Tooltip>
                  <DeleteRowButton name={field.label} onDelete={() => actions.onDelete(field)} />
                </div>
              );
            },
          },
        ]
      : []),
  ];

  return (
    <DataList
      name={name}
      noun="custom fields"
      icon={icon}
      heading={heading}
      query={query}
      columns={columns}
      getRowId={(field) => field.id}
      sort={sort}
      emptyTitle={emptyTitle}
      emptyDescription={emptyDescription}
    />
  );
}
