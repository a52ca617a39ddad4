import {
  OUTBOX_PURPOSE_LABELS,
  OUTBOX_STATUS_LABELS,
  OUTBOX_SORTS,
  OUTBOX_STATUSES,
  outboxPurposeLabel,
  type OutboxMessage,
  type OutboxStatus,
} from '@portal/shared/email-outbox';
import { InboxIcon, RotateCwIcon } from 'lucide-react';
import { toast } from 'sonner';
import { EventOptions } from '@/components/event-options';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { useCan } from '@/hooks/use-can';
import { useListParams } from '@/hooks/use-list-params';
import { errorMessage } from '@/lib/api-client';
import { timeAgo } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useEventOptions } from '../api/get-event-options';
import { useOutboxMessages } from '../api/get-outbox-messages';
import { useRetryOutboxMessage } from '../api/retry-outbox-message';

const STATUS_VARIANT = { pending: 'secondary', sent: 'success', failed: 'destructive' } as const;

const isStatus = (value: string): value is OutboxStatus => (OUTBOX_STATUSES as readonly string[]).includes(value);

function StatusBadge({ message }: { message: OutboxMessage }) {
  return <Badge variant={STATUS_VARIANT[message.status]}>{OUTBOX_STATUS_LABELS[message.status]}</Badge>;
}

/** When it went, or when the next attempt is due. */
function deliveryLine(message: OutboxMessage): string {
  if (message.sentAt) return `Sent ${timeAgo(message.sentAt)}`;
  const tries = `${message.attempts} attempt${message.attempts === 1 ? '' : 's'}`;
  if (message.status === 'failed') return `${tries}, given up`;
  return message.attempts === 0 ? 'Not tried yet' : `${tries}, next ${timeAgo(message.nextAttemptAt)}`;
}

/** The messages the portal queued that the user may see, newest first, with their delivery state. */
export function OutboxList() {
  const { page, search, setPage, setSearch, filter, setFilter, sortBy } = useListParams();
  const session = useSession();
  const can = useCan();
  const choosesEvent = session?.user.eventId == null;
  const statusFilter = filter('status');
  const status = isStatus(statusFilter) ? statusFilter : undefined;
  const purpose = filter('purpose') || undefined;
  const eventId = Number(filter('eventId')) || undefined;
  const sorting = sortBy(OUTBOX_SORTS, '-createdAt');
  const sort = sorting.value;
  const messages = useOutboxMessages({ page, search, status, purpose, eventId, sort });
  const events = useEventOptions({ enabled: choosesEvent });
  const retry = useRetryOutboxMessage();

  function retryNow(message: OutboxMessage) {
    retry.mutate(message.id, {
      onSuccess: () => toast.success(`The message to ${message.toAddress} goes out at the next round`),
      onError: (error) => toast.error(errorMessage(error, 'The message could not be retried')),
    });
  }

  const columns: ListColumn<OutboxMessage>[] = [
    {
      id: 'message',
      header: 'Message',
      sortKey: 'toAddress',
      hideable: false,
      className: 'align-top',
      cell: (message) => (
        <>
          <div className="font-medium break-words">{message.subject}</div>
          <div className="text-xs break-all text-muted-foreground">
            To {message.toAddress}
            {message.eventName && choosesEvent ? ` · ${message.eventName}` : ''}
          </div>
          <div className="text-xs text-muted-foreground md:hidden">{outboxPurposeLabel(message.purpose)}</div>
          {message.attachments.length > 0 && (
            <div className="text-xs break-words text-muted-foreground">
              Attachments: {message.attachments.join(', ')}
            </div>
          )}
          {message.textBody && (
            <details className="mt-1 text-xs">
              <summary className="cursor-pointer text-muted-foreground">Show text</summary>
              <pre className="mt-1 max-h-48 overflow-auto font-sans whitespace-pre-wrap">{message.textBody}</pre>
            </details>
          )}
        </>
      ),
    },
    {
      id: 'purpose',
      header: 'Purpose',
      className: 'hidden md:table-cell',
      cell: (message) => outboxPurposeLabel(message.purpose),
    },
    {
      id: 'status',
      header: 'Status',
      sortKey: 'status',
      hideable: false,
      cell: (message) => (
        <>
          <StatusBadge message={message} />
          <div className="mt-1 text-xs text-muted-foreground">{deliveryLine(message)}</div>
          {message.lastError && (
            <div className="mt-1 text-xs break-words text-destructive lg:hidden">{message.lastError}</div>
          )}
        </>
      ),
    },
    {
      id: 'lastError',
      header: 'Last error',
      className: 'hidden max-w-72 text-xs break-words text-destructive lg:table-cell',
      cell: (message) => message.lastError ?? <span className="text-muted-foreground">—</span>,
    },
    {
      id: 'createdAt',
      header: 'Queued',
      sortKey: 'createdAt',
      className: 'hidden whitespace-nowrap text-muted-foreground md:table-cell',
      cell: (message) => timeAgo(message.createdAt),
    },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      hideable: false,
      className: 'w-28 text-right',
      cell: (message) =>
        message.status !== 'sent' && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => retryNow(message)}
            disabled={retry.isPending && retry.variables === message.id}
            // The name starts with the visible text (WCAG 2.5.3), then says which message.
            aria-label={`Retry now: the message to ${message.toAddress}`}
          >
            <RotateCwIcon aria-hidden />
            <span className="hidden sm:inline">Retry now</span>
          </Button>
        ),
    },
  ];

  return (
    <DataList
      name="email-outbox"
      noun="messages"
      icon={InboxIcon}
      search={{ value: search, onSearch: setSearch, placeholder: 'Search by address' }}
      filters={
        <>
          <NativeSelect
            aria-label="Status"
            value={status ?? ''}
            onChange={(event) => setFilter('status', event.target.value)}
            className="sm:w-40"
          >
            <option value="">Every status</option>
            {OUTBOX_STATUSES.map((value) => (
              <option key={value} value={value}>
                {OUTBOX_STATUS_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect
            aria-label="Purpose"
            value={purpose ?? ''}
            onChange={(event) => setFilter('purpose', event.target.value)}
            className="sm:w-52"
          >
            <option value="">Every purpose</option>
            {Object.entries(OUTBOX_PURPOSE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
          {choosesEvent && (
            <NativeSelect
              aria-label="Event"
              value={eventId ?? ''}
              onChange={(event) => setFilter('eventId', event.target.value)}
              className="sm:w-52"
            >
              <EventOptions events={events.data} empty="Every event" />
            </NativeSelect>
          )}
        </>
      }
      query={messages}
      columns={columns}
      getRowId={(message) => message.id}
      sort={{
        ...sorting,
        descendingFirst: ['createdAt', 'attempts'],
      }}
      exportTo={
        can('export_data')
          ? {
              url: '/admin/email-outbox/export',
              params: { search: search || undefined, status, purpose, eventId, sort },
              fileName: 'email-outbox',
            }
          : undefined
      }
      onPageChange={setPage}
      emptyTitle="No messages"
      emptyDescription="Mails the portal sends (invitations, purchase updates, registration links) appear here."
    />
  );
}
