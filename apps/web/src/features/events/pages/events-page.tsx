import {
  EVENT_SORTS,
  EVENT_STATUS_LABELS,
  EVENT_STATUSES,
  type EventStatus,
  type PortalEvent,
} from '@portal/shared/events';
import { CalendarDaysIcon, PlusIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { RowActions } from '@/components/list/row-actions';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useCan } from '@/hooks/use-can';
import { useListParams } from '@/hooks/use-list-params';
import { useRowDialogs } from '@/hooks/use-row-dialogs';
import { formatDate, formatDateRange } from '@/lib/format';
import { useDeleteEvent } from '../api/delete-event';
import { useEvents } from '../api/get-events';
import { eventDeleteBlockedReason, eventDeleteDescription } from '../components/event-delete';
import { EventStatusBadge } from '../components/event-status-badge';

const isStatus = (value: string): value is EventStatus => (EVENT_STATUSES as readonly string[]).includes(value);

export function EventsPage() {
  const { page, search, setPage, setSearch, filter, setFilter, sortBy } = useListParams();
  const statusFilter = filter('status');
  const status = isStatus(statusFilter) ? statusFilter : null;
  const sorting = sortBy(EVENT_SORTS, '-startDate');
  const sort = sorting.value;
  const events = useEvents({ page, search, status, sort });
  const dialogs = useRowDialogs<PortalEvent>(useDeleteEvent(), 'event');
  const navigate = useNavigate();
  const can = useCan();

  const columns: ListColumn<PortalEvent>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      hideable: false,
      cell: (event) => (
        <>
          <Link
            to={paths.event.href({ id: event.id })}
            className="rounded-sm font-medium hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {event.name}
          </Link>
          <div className="text-xs text-muted-foreground md:hidden">
            {formatDateRange(event.startDate, event.endDate) ?? 'Dates to be announced'}
          </div>
        </>
      ),
    },
    {
      id: 'dates',
      header: 'Dates',
      sortKey: 'startDate',
      className: 'hidden whitespace-nowrap md:table-cell',
      cell: (event) => formatDateRange(event.startDate, event.endDate) ?? '—',
    },
    {
      id: 'venue',
      header: 'Venue',
      className: 'hidden lg:table-cell',
      cell: (event) => (
        <>
          <div>{event.venue ?? '—'}</div>
          {(event.city || event.country) && (
            <div className="text-xs text-muted-foreground">{[event.city, event.country].filter(Boolean).join(', ')}</div>
          )}
        </>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      className: 'hidden sm:table-cell',
      cell: (event) => <EventStatusBadge status={event.status} />,
    },
    {
      id: 'exhibitors',
      header: 'Exhibitors',
      className: 'hidden text-right tabular-nums sm:table-cell',
      cell: (event) => event.exhibitorCount,
    },
    {
      id: 'createdAt',
      header: 'Created',
      sortKey: 'createdAt',
      hiddenByDefault: true,
      className: 'hidden whitespace-nowrap text-muted-foreground md:table-cell',
      cell: (event) => formatDate(event.createdAt),
    },
    {
      id: 'actions',
      header: 'Actions',
      hideable: false,
      headerHidden: true,
      className: 'w-24 text-right',
      cell: (event) =>
        can('update_event') && (
          <RowActions
            name={event.name}
            onEdit={() => navigate(paths.eventEdit.href({ id: event.id }))}
            onDelete={() => dialogs.askDelete(event)}
            deleteBlockedReason={can('delete_event') ? eventDeleteBlockedReason(event) : 'You cannot delete events'}
          />
        ),
    },
  ];

  return (
    <>
      <DataList
        name="events"
        noun="events"
        icon={CalendarDaysIcon}
        title="Events"
        description="The trade shows run in the portal, with their dates, venues and exhibitors."
        actions={
          can('create_event') && (
            <Button asChild>
              <Link to={paths.eventsCreate.href()}>
                <PlusIcon aria-hidden />
                New event
              </Link>
            </Button>
          )
        }
        search={{ value: search, onSearch: setSearch, placeholder: 'Search by name' }}
        filters={
          <NativeSelect
            aria-label="Filter by status"
            value={status ?? ''}
            onChange={(event) => setFilter('status', event.target.value)}
            className="sm:w-auto sm:min-w-44"
          >
            <option value="">All statuses</option>
            {EVENT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {EVENT_STATUS_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        }
        query={events}
        columns={columns}
        getRowId={(event) => event.id}
        sort={{
          ...sorting,
          descendingFirst: ['startDate', 'createdAt'],
        }}
        onPageChange={setPage}
        emptyTitle={status ? `No ${EVENT_STATUS_LABELS[status].toLowerCase()} events` : 'No events yet'}
        emptyDescription={status ? 'Choose another status, or all statuses.' : 'Create the first event.'}
      />

      <ConfirmDialog
        open={dialogs.deleting !== null}
        onOpenChange={(open) => !open && dialogs.cancelDelete()}
        title="Delete this event?"
        description={eventDeleteDescription(dialogs.deleting)}
        confirmLabel="Delete event"
        pending={dialogs.deletePending}
        onConfirm={dialogs.confirmDelete}
      />
    </>
  );
}
