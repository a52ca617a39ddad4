import { EXHIBITOR_SORTS, type Exhibitor } from '@portal/shared/exhibitors';
import { StoreIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { DeleteAccountDialog } from '@/components/delete-account-dialog';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { RowActions } from '@/components/list/row-actions';
import { NativeSelect } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useCan } from '@/hooks/use-can';
import { useListParams } from '@/hooks/use-list-params';
import { formatDate } from '@/lib/format';
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


/**
 * The exhibitors of every event the caller reaches, or of one event when `eventId` is given;
 * search, event filter, sort and page live in the URL.
 */
export function ExhibitorList({ eventId }: { eventId?: number }) {
  const { page, search, setPage, setSearch, filter, setFilter, sortBy } = useListParams();
  const session = useSession();
  const can = useCan();
  const navigate = useNavigate();
  // Event-scoped users only ever see their own event: no filter to offer.
  const filtersByEvent = eventId == null && session?.user.eventId == null;
  const eventFilter = filtersByEvent ? filter('eventId') : '';
  const sorting = sortBy(EXHIBITOR_SORTS, 'companyName');
  const sort = sorting.value;
  const events = useEventOptions({ enabled: filtersByEvent });
  const listEvent = eventId ?? (eventFilter ? Number(eventFilter) : null);
  const exhibitors = useExhibitors({ page, search, sort, eventId: listEvent });
  const remove = useDeleteExhibitor();
  const anonymise = useAnonymiseExhibitor();
  const dialogs = useRowDialogs<Exhibitor>(remove, 'exhibitor');
  const showEvent = eventId == null && session?.user.eventId == null;

  const columns: ListColumn<Exhibitor>[] = [
    {
      id: 'company',
      header: 'Company',
      sortKey: 'companyName',
      hideable: false,
      cell: (exhibitor) => (
        <>
          <Link
            to={paths.eventExhibitor.href({ eventId: exhibitor.eventId, exhibitorId: exhibitor.id })}
            className="rounded-sm font-medium hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {exhibitorDisplayName(exhibitor)}
          </Link>
          <div className="text-xs text-muted-foreground md:hidden">{exhibitor.email}</div>
        </>
      ),
    },
    {
      id: 'contact',
      header: 'Contact',
      sortKey: 'name',
      className: 'hidden md:table-cell',
      cell: (exhibitor) => (
        <>
          <div>{exhibitor.name}</div>
          <div className="text-xs break-all text-muted-foreground">{exhibitor.email}</div>
        </>
      ),
    },
    {
      id: 'booth',
      header: 'Booth',
      sortKey: 'booth',
      className: 'hidden lg:table-cell',
      cell: (exhibitor) => [exhibitor.booth, exhibitor.hall].filter(Boolean).join(' · ') || '—',
    },
    ...(showEvent
      ? [
          {
            id: 'event',
            header: 'Event',
            className: 'hidden xl:table-cell',
            cell: (exhibitor: Exhibitor) => exhibitor.eventName,
          },
        ]
      : []),
    {
      id: 'subAccounts',
      header: 'Sub-accounts',
      className: 'hidden text-right tabular-nums lg:table-cell',
      cell: (exhibitor) => exhibitor.subAccountCount,
    },
    {
      id: 'status',
      header: 'Status',
      className: 'hidden sm:table-cell',
      cell: (exhibitor) => <ExhibitorStatusBadge exhibitor={exhibitor} />,
    },
    {
      id: 'createdAt',
      header: 'Added',
      sortKey: 'createdAt',
      hiddenByDefault: true,
      className: 'hidden whitespace-nowrap text-muted-foreground md:table-cell',
      cell: (exhibitor) => formatDate(exhibitor.createdAt),
    },
    {
      id: 'actions',
      header: 'Actions',
      hideable: false,
      headerHidden: true,
      className: 'w-24 text-right',
      cell: (exhibitor) =>
        can('update_exhibitor') && (
          <RowActions
            name={exhibitorDisplayName(exhibitor)}
            onEdit={() =>
              navigate(`${paths.eventExhibitor.href({ eventId: exhibitor.eventId, exhibitorId: exhibitor.id })}?edit=1`)
            }
            onDelete={() => dialogs.askDelete(exhibitor)}
            deleteBlockedReason={can('delete_exhibitor') ? undefined : 'You cannot delete exhibitors'}
          />
        ),
    },
  ];

  return (
    <>
      <DataList
        name="exhibitors"
        noun="exhibitors"
        icon={StoreIcon}
        search={{ value: search, onSearch: setSearch, placeholder: 'Search company, contact or booth' }}
        filters={
          filtersByEvent && (
            <NativeSelect
              aria-label="Filter by event"
              value={eventFilter}
              onChange={(event) => setFilter('eventId', event.target.value)}
              className="sm:w-auto sm:min-w-56"
            >
              <EventOptions events={events.data} empty="All events" />
            </NativeSelect>
          )
        }
        query={exhibitors}
        columns={columns}
        getRowId={(exhibitor) => exhibitor.id}
        sort={{
          ...sorting,
          descendingFirst: ['createdAt'],
        }}
        exportTo={
          can('export_data')
            ? {
                url: '/admin/exhibitors/export',
                params: { search: search || undefined, sort, eventId: listEvent ?? undefined },
                fileName: 'exhibitors',
              }
            : undefined
        }
        onPageChange={setPage}
        emptyTitle={eventFilter || eventId ? 'No exhibitors at this event yet' : 'No exhibitors yet'}
        emptyDescription={
          can('create_exhibitor')
            ? 'Add an exhibitor, or share a registration link so that companies register themselves.'
            : 'Exhibitors appear here once they are added.'
        }
      />

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
