import { EVENT_STATUS_LABELS, EVENT_STATUSES, type EventStatus, type PortalEvent } from '@portal/shared/events';
import { CalendarDaysIcon, PlusIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/layout/page-header';
import { ListPanel } from '@/components/list/list-panel';
import { RowActions } from '@/components/list/row-actions';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { useCan } from '@/hooks/use-can';
import { useListParams } from '@/hooks/use-list-params';
import { useRowDialogs } from '@/hooks/use-row-dialogs';
import { formatDateRange } from '@/lib/format';
import { useDeleteEvent } from '../api/delete-event';
import { useEvents } from '../api/get-events';
import { eventDeleteBlockedReason, eventDeleteDescription } from '../components/event-delete';
import { EventStatusBadge } from '../components/event-status-badge';

const isStatus = (value: string): value is EventStatus => (EVENT_STATUSES as readonly string[]).includes(value);

export function EventsPage() {
  const { page, search, setPage, setSearch, filter, setFilter } = useListParams();
  const statusFilter = filter('status');
  const status = isStatus(statusFilter) ? statusFilter : null;
  const events = useEvents({ page, search, status });
  const dialogs = useRowDialogs<PortalEvent>(useDeleteEvent(), 'event');
  const navigate = useNavigate();
  const can = useCan();

  return (
    <>
      <PageHeader
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
      />
      <ListPanel
        noun="events"
        icon={CalendarDaysIcon}
        search={search}
        onSearch={setSearch}
        searchPlaceholder="Search by name"
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
        onPageChange={setPage}
        emptyTitle={status ? `No ${EVENT_STATUS_LABELS[status].toLowerCase()} events` : 'No events yet'}
        emptyDescription={status ? 'Choose another status, or all statuses.' : 'Create the first event.'}
        columns={5}
      >
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead className="hidden md:table-cell">Dates</TableHead>
              <TableHead className="hidden lg:table-cell">Venue</TableHead>
              <TableHead className="hidden sm:table-cell">Status</TableHead>
              <TableHead className="hidden text-right sm:table-cell">Exhibitors</TableHead>
              <TableHead className="w-24 text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {events.data?.data.map((event) => (
              <TableRow key={event.id}>
                <TableCell>
                  <Link
                    to={paths.event.href({ id: event.id })}
                    className="rounded-sm font-medium hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    {event.name}
                  </Link>
                  <div className="text-xs text-muted-foreground md:hidden">
                    {formatDateRange(event.startDate, event.endDate) ?? 'Dates to be announced'}
                  </div>
                </TableCell>
                <TableCell className="hidden whitespace-nowrap md:table-cell">
                  {formatDateRange(event.startDate, event.endDate) ?? '—'}
                </TableCell>
                <TableCell className="hidden lg:table-cell">
                  <div>{event.venue ?? '—'}</div>
                  {(event.city || event.country) && (
                    <div className="text-xs text-muted-foreground">
                      {[event.city, event.country].filter(Boolean).join(', ')}
                    </div>
                  )}
                </TableCell>
                <TableCell className="hidden sm:table-cell">
                  <EventStatusBadge status={event.status} />
                </TableCell>
                <TableCell className="hidden text-right tabular-nums sm:table-cell">{event.exhibitorCount}</TableCell>
                <TableCell>
                  {can('update_event') && (
                    <RowActions
                      name={event.name}
                      onEdit={() => navigate(paths.eventEdit.href({ id: event.id }))}
                      onDelete={() => dialogs.askDelete(event)}
                      deleteBlockedReason={
                        can('delete_event') ? eventDeleteBlockedReason(event) : 'You cannot delete events'
                      }
                    />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListPanel>

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
