import type { Exhibitor } from '@portal/shared/exhibitors';
import { StoreIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { DeleteAccountDialog } from '@/components/delete-account-dialog';
import { ListPanel } from '@/components/list/list-panel';
import { RowActions } from '@/components/list/row-actions';
import { NativeSelect } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { useCan } from '@/hooks/use-can';
import { useListParams } from '@/hooks/use-list-params';
import { useRowDialogs } from '@/hooks/use-row-dialogs';
import { useSession } from '@/lib/session';
import { useAnonymiseExhibitor } from '../api/anonymise-exhibitor';
import { useDeleteExhibitor } from '../api/delete-exhibitor';
import { useEventOptions } from '../api/get-event-options';
import { useExhibitors } from '../api/get-exhibitors';
import {
  EXHIBITOR_ANONYMISED,
  exhibitorDeleteDescription,
  exhibitorDisplayName,
  ExhibitorStatusBadge,
} from './exhibitor-status';
import { EventOptions } from '@/components/event-options';

const SORTS = [
  { value: 'companyName', label: 'Company A–Z' },
  { value: '-companyName', label: 'Company Z–A' },
  { value: 'name', label: 'Contact A–Z' },
  { value: 'booth', label: 'Booth' },
  { value: '-createdAt', label: 'Newest first' },
  { value: 'createdAt', label: 'Oldest first' },
] as const;
const DEFAULT_SORT = 'companyName';

/**
 * The exhibitors of every event the caller reaches, or of one event when `eventId` is given;
 * search, event filter, sort and page live in the URL.
 */
export function ExhibitorList({ eventId }: { eventId?: number }) {
  const { page, search, setPage, setSearch, filter, setFilter } = useListParams();
  const session = useSession();
  const can = useCan();
  const navigate = useNavigate();
  // Event-scoped users only ever see their own event: no filter to offer.
  const filtersByEvent = eventId == null && session?.user.eventId == null;
  const eventFilter = filtersByEvent ? filter('eventId') : '';
  const sortParam = filter('sort');
  const sort = SORTS.some((option) => option.value === sortParam) ? sortParam : DEFAULT_SORT;
  const events = useEventOptions({ enabled: filtersByEvent });
  const exhibitors = useExhibitors({
    page,
    search,
    sort,
    eventId: eventId ?? (eventFilter ? Number(eventFilter) : null),
  });
  const remove = useDeleteExhibitor();
  const anonymise = useAnonymiseExhibitor();
  const dialogs = useRowDialogs<Exhibitor>(remove, 'exhibitor');
  const showEvent = eventId == null && session?.user.eventId == null;

  return (
    <>
      <ListPanel
        noun="exhibitors"
        icon={StoreIcon}
        search={search}
        onSearch={setSearch}
        searchPlaceholder="Search company, contact or booth"
        filters={
          <div className="flex flex-col gap-3 sm:ml-auto sm:flex-row">
            {filtersByEvent && (
              <NativeSelect
                aria-label="Filter by event"
                value={eventFilter}
                onChange={(event) => setFilter('eventId', event.target.value)}
                className="sm:w-auto sm:min-w-56"
              >
                <EventOptions events={events.data} empty="All events" />
              </NativeSelect>
            )}
            <NativeSelect
              aria-label="Sort by"
              value={sort}
              onChange={(event) => setFilter('sort', event.target.value === DEFAULT_SORT ? '' : event.target.value)}
              className="sm:w-auto sm:min-w-44"
            >
              {SORTS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </div>
        }
        query={exhibitors}
        onPageChange={setPage}
        emptyTitle={eventFilter || eventId ? 'No exhibitors at this event yet' : 'No exhibitors yet'}
        emptyDescription={
          can('create_exhibitor')
            ? 'Add an exhibitor, or share a registration link so that companies register themselves.'
            : 'Exhibitors appear here once they are added.'
        }
        columns={6}
      >
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Company</TableHead>
              <TableHead className="hidden md:table-cell">Contact</TableHead>
              <TableHead className="hidden lg:table-cell">Booth</TableHead>
              {showEvent && <TableHead className="hidden xl:table-cell">Event</TableHead>}
              <TableHead className="hidden text-right lg:table-cell">Sub-accounts</TableHead>
              <TableHead className="hidden sm:table-cell">Status</TableHead>
              <TableHead className="w-24 text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {exhibitors.data?.data.map((exhibitor) => {
              const href = paths.eventExhibitor.href({ eventId: exhibitor.eventId, exhibitorId: exhibitor.id });
              const name = exhibitorDisplayName(exhibitor);
              return (
                <TableRow key={exhibitor.id}>
                  <TableCell>
                    <Link
                      to={href}
                      className="rounded-sm font-medium hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    >
                      {name}
                    </Link>
                    <div className="text-xs text-muted-foreground md:hidden">{exhibitor.email}</div>
                  </TableCell>
                  <TableCell className="hidden md:table-cell">
                    <div>{exhibitor.name}</div>
                    <div className="text-xs break-all text-muted-foreground">{exhibitor.email}</div>
                  </TableCell>
                  <TableCell className="hidden lg:table-cell">
                    {[exhibitor.booth, exhibitor.hall].filter(Boolean).join(' · ') || '—'}
                  </TableCell>
                  {showEvent && <TableCell className="hidden xl:table-cell">{exhibitor.eventName}</TableCell>}
                  <TableCell className="hidden text-right tabular-nums lg:table-cell">
                    {exhibitor.subAccountCount}
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">
                    <ExhibitorStatusBadge exhibitor={exhibitor} />
                  </TableCell>
                  <TableCell>
                    {can('update_exhibitor') && (
                      <RowActions
                        name={name}
                        onEdit={() => navigate(`${href}?edit=1`)}
                        onDelete={() => dialogs.askDelete(exhibitor)}
                        deleteBlockedReason={can('delete_exhibitor') ? undefined : 'You cannot delete exhibitors'}
                      />
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </ListPanel>

      <DeleteAccountDialog
        account={dialogs.deleting && { id: dialogs.deleting.id, name: exhibitorDisplayName(dialogs.deleting) }}
        noun="exhibitor"
        description={exhibitorDeleteDescription(dialogs.deleting)}
        anonymiseDescription={EXHIBITOR_ANONYMISED}
        remove={remove}
        anonymise={anonymise}
        onClose={dialogs.cancelDelete}
      />
    </>
  );
}
