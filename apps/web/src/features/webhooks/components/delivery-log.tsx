import type { WebhookDelivery, WebhookDeliveryStatus, WebhookEndpoint } from '@portal/shared/webhooks';
import { HistoryIcon, RotateCwIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { RowActionButton } from '@/components/list/row-actions';
import { Badge } from '@/components/ui/badge';
import { errorMessage } from '@/lib/api-client';
import { timeAgo } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useDeliveries, useRedeliver } from '../api/deliveries';

const STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};
const STATUS_VARIANTS = { pending: 'secondary', delivered: 'success', failed: 'destructive' } as const;

/** The receiver's last answer: its HTTP status, how long it took, and the error if there was one. */
function DeliveryAnswer({ delivery, className }: { delivery: WebhookDelivery; className?: string }) {
  const { lastStatusCode, lastDurationMs, lastError } = delivery;
  if (lastStatusCode === null && lastDurationMs === null && !lastError) return null;
  return (
    <span className={cn('block text-sm', className)}>
      {lastStatusCode !== null && <span className="tabular-nums">{lastStatusCode}</span>}
      {lastDurationMs !== null && (
        <span className={cn('text-muted-foreground tabular-nums', lastStatusCode !== null && 'ml-2')}>
          {lastDurationMs} ms
        </span>
      )}
      {lastError && (
        // Cut short to keep a phone's table, Redeliver included, within the dialog.
        <span className="block max-w-28 truncate text-xs text-destructive sm:max-w-64" title={lastError}>
          {lastError}
        </span>
      )}
    </span>
  );
}

/** An endpoint's messages, newest first: each one's state, its receiver's last answer and time, and Redeliver. */
export function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries(endpoint.id, { page, per_page: 20 });
  const redeliver = useRedeliver(endpoint.id);

  function send(id: number) {
    redeliver.mutate(id, {
      onSuccess: () => toast.success('Queued: it goes out within a few seconds'),
      onError: (error) => toast.error(errorMessage(error, 'The message could not be queued. Please try again.')),
    });
  }

  const columns: ListColumn<WebhookDelivery>[] = [
    {
      id: 'eventType',
      header: 'Event type',
      hideable: false,
      cell: (delivery) => (
        <>
          <code className="text-xs">{delivery.eventType}</code>
          <span className="block text-xs text-muted-foreground">
            {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
          </span>
        </>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      hideable: false,
      // A phone has no room for the Answer column: the answer sits under the status instead.
      cell: (delivery) => (
        <>
          <Badge variant={STATUS_VARIANTS[delivery.status]}>{STATUS_LABELS[delivery.status]}</Badge>
          <DeliveryAnswer delivery={delivery} className="mt-1 sm:hidden" />
        </>
      ),
    },
    {
      id: 'answer',
      header: 'Answer',
      className: 'hidden sm:table-cell',
      cell: (delivery) => <DeliveryAnswer delivery={delivery} />,
    },
    {
      id: 'when',
      header: 'When',
      className: 'hidden text-muted-foreground md:table-cell',
      cell: (delivery) => (
        <time dateTime={delivery.createdAt} title={new Date(delivery.createdAt).toLocaleString()}>
          {timeAgo(delivery.createdAt)}
        </time>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      hideable: false,
      className: 'text-right',
      cell: (delivery) => (
        <RowActionButton
          tooltip="Redeliver"
          label={`Redeliver ${delivery.eventType} message ${delivery.messageId}`}
          icon={RotateCwIcon}
          disabled={redeliver.isPending}
          onClick={() => send(delivery.id)}
        />
      ),
    },
  ];

  return (
    <DataList
      name="webhook-deliveries"
      noun="messages"
      icon={HistoryIcon}
      query={deliveries}
      columns={columns}
      getRowId={(delivery) => delivery.id}
      onPageChange={setPage}
      emptyTitle="No messages yet"
      emptyDescription="Send a test message, or wait for a change of the kinds it hears of."
    />
  );
}
