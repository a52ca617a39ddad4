import type { WebhookDeliveryStatus, WebhookEndpoint } from '@portal/shared/webhooks';
import { HistoryIcon, RotateCwIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { EmptyState } from '@/components/empty-state';
import { Pagination } from '@/components/list/pagination';
import { TableSkeleton } from '@/components/list/table-skeleton';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
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

  if (deliveries.isPending) return <TableSkeleton columns={5} />;
  if (deliveries.isError)
    return (
      <EmptyState
        icon={HistoryIcon}
        title="The delivery log could not be loaded"
        description={errorMessage(deliveries.error, 'Please try again in a moment.')}
      />
    );
  if (deliveries.data.data.length === 0)
    return (
      <EmptyState
        icon={HistoryIcon}
        title="No messages yet"
        description="Send a test message, or wait for a change of the kinds it hears of."
      />
    );

  return (
    <div className="overflow-hidden rounded-lg border">
      <div className="max-h-[60vh] overflow-auto">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Event type</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="hidden sm:table-cell">Answer</TableHead>
              <TableHead className="hidden md:table-cell">When</TableHead>
              <TableHead className="w-12 text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {deliveries.data.data.map((delivery) => (
              <TableRow key={delivery.id}>
                <TableCell>
                  <code className="text-xs">{delivery.eventType}</code>
                  <span className="block text-xs text-muted-foreground">
                    {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
                  </span>
                </TableCell>
                <TableCell>
                  <Badge variant={STATUS_VARIANTS[delivery.status]}>{STATUS_LABELS[delivery.status]}</Badge>
                </TableCell>
                <TableCell className="hidden text-sm sm:table-cell">
                  {delivery.lastStatusCode !== null ? (
                    <span className="tabular-nums">{delivery.lastStatusCode}</span>
                  ) : null}
                  {delivery.lastDurationMs !== null && (
                    <span
                      className={cn(
                        'text-muted-foreground tabular-nums',
                        delivery.lastStatusCode !== null && 'ml-2',
                      )}
                    >
                      {delivery.lastDurationMs} ms
                    </span>
                  )}
                  {delivery.lastError && (
                    <span className="block max-w-64 truncate text-xs text-destructive" title={delivery.lastError}>
                      {delivery.lastError}
                    </span>
                  )}
                </TableCell>
                <TableCell className="hidden text-muted-foreground md:table-cell">
                  <time dateTime={delivery.createdAt} title={new Date(delivery.createdAt).toLocaleString()}>
                    {timeAgo(delivery.createdAt)}
                  </time>
                </TableCell>
                <TableCell className="text-right">
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Redeliver ${delivery.eventType} message ${delivery.messageId}`}
                    title="Redeliver"
                    disabled={redeliver.isPending}
                    onClick={() => send(delivery.id)}
                  >
                    <RotateCwIcon aria-hidden />
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <Pagination meta={deliveries.data.meta} onPageChange={setPage} noun="messages" />
    </div>
  );
}
