import {
  WEBHOOK_EVENT_LABELS,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@portal/shared/webhooks';
import {
  HistoryIcon,
  KeyRoundIcon,
  PencilIcon,
  PlusIcon,
  PowerIcon,
  RefreshCwIcon,
  SendIcon,
  WebhookIcon,
} from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { FormDialog } from '@/components/form/form-dialog';
import { DeleteRowButton } from '@/components/list/row-actions';
import { TableSkeleton } from '@/components/list/table-skeleton';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tooltip } from '@/components/ui/tooltip';
import { errorMessage } from '@/lib/api-client';
import {
  getEndpoint,
  useDeleteEndpoint,
  useEndpoints,
  useRotateSecret,
  useSendTest,
  useUpdateEndpoint,
} from '../api/endpoints';
import { DeliveryLog } from './delivery-log';
import { EndpointForm } from './endpoint-form';
import { SecretField } from './secret-field';

type Dialog =
  | { kind: 'edit'; endpoint: WebhookEndpoint | null }
  | { kind: 'secret'; endpoint: WebhookEndpointWithSecret; fresh: boolean }
  | { kind: 'rotate' | 'delete' | 'log'; endpoint: WebhookEndpoint };

const typeLabel = (type: string) => WEBHOOK_EVENT_LABELS[type as WebhookEventType] ?? type;

/** The caller's webhook endpoints of one event: add, edit, see the secret, rotate it, test, the log, turn off, delete. */
export function EndpointsSection({ eventId }: { eventId: number }) {
  const endpoints = useEndpoints(eventId);
  const update = useUpdateEndpoint();
  const rotate = useRotateSecret();
  const test = useSendTest();
  const remove = useDeleteEndpoint();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const failed = (fallback: string) => (error: unknown) => toast.error(errorMessage(error, fallback));

  async function showSecret(endpoint: WebhookEndpoint) {
    try {
      setDialog({ kind: 'secret', endpoint: await getEndpoint(endpoint.id), fresh: false });
    } catch (error) {
      failed('The secret could not be loaded. Please try again.')(error);
    }
  }

  function toggle(endpoint: WebhookEndpoint) {
    const { url, description, eventTypes } = endpoint;
    update.mutate(
      {
        id: endpoint.id,
        body: { url, description, eventTypes: eventTypes as WebhookEventType[], enabled: !endpoint.enabled },
      },
      {
        onSuccess: (saved) => toast.success(saved.enabled ? 'Endpoint on' : 'Endpoint off'),
        onError: failed('The endpoint could not be changed.'),
      },
    );
  }

  function confirmRotate(endpoint: WebhookEndpoint) {
    rotate.mutate(endpoint.id, {
      onSuccess: (saved) => setDialog({ kind: 'secret', endpoint: saved, fresh: true }),
      onError: (error) => {
        failed('No new secret could be made. Please try again.')(error);
        setDialog(null);
      },
    });
  }

  function sendTest(endpoint: WebhookEndpoint) {
    test.mutate(endpoint.id, {
      onSuccess: () => toast.success('Test message queued: see the delivery log'),
      onError: failed('The test message could not be queued.'),
    });
  }

  function confirmDelete(endpoint: WebhookEndpoint) {
    remove.mutate(endpoint.id, {
      onSuccess: () => toast.success('Endpoint deleted'),
      onError: failed('The endpoint could not be deleted. Please try again.'),
      onSettled: () => setDialog(null),
    });
  }

  const editing = dialog?.kind === 'edit' ? dialog : null;
  const target = dialog && dialog.kind !== 'edit' ? dialog.endpoint : null;

  return (
    <>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          Your systems hear of changes as they happen: each message is signed and retried until it is received.
        </p>
        <Button size="sm" onClick={() => setDialog({ kind: 'edit', endpoint: null })}>
          <PlusIcon aria-hidden />
          New endpoint
        </Button>
      </div>
      <Card className="overflow-hidden">
        {endpoints.isPending ? (
          <TableSkeleton columns={4} />
        ) : endpoints.isError ? (
          <EmptyState
            icon={WebhookIcon}
            title="The endpoints could not be loaded"
            description={errorMessage(endpoints.error, 'Please try again in a moment.')}
          />
        ) : endpoints.data.length === 0 ? (
          <EmptyState
            icon={WebhookIcon}
            title="No endpoints yet"
            description="Add the address of a system that should hear of badges, purchases and invoices."
          />
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Endpoint</TableHead>
                <TableHead className="hidden md:table-cell">Event types</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {endpoints.data.map((endpoint) => {
                const name = endpoint.description || endpoint.url;
                return (
                  <TableRow key={endpoint.id}>
                    {/* The status sits under the address: a column of its own left the address a few letters on a phone. */}
                    <TableCell className="max-w-40 sm:max-w-80">
                      <span className="block truncate font-medium" title={endpoint.url}>
                        {endpoint.url}
                      </span>
                      <span className="mt-1 flex min-w-0 items-center gap-2">
                        <Badge
                          variant={endpoint.enabled ? 'success' : endpoint.disabledReason ? 'destructive' : 'secondary'}
                        >
                          {endpoint.enabled ? 'On' : 'Off'}
                        </Badge>
                        {endpoint.description && (
                          <span className="truncate text-xs text-muted-foreground">{endpoint.description}</span>
                        )}
                      </span>
                      {endpoint.disabledReason && (
                        <span className="mt-1 block text-xs text-destructive">
                          {endpoint.disabledReason}
                        </span>
                      )}
                    </TableCell>
                    <TableCell className="hidden text-sm md:table-cell">
                      {endpoint.eventTypes.map(typeLabel).join(', ')}
                    </TableCell>
                    <TableCell>
                      {/* Four to a row on a phone, one row from a laptop's width. */}
                      <div className="ml-auto flex w-35 flex-wrap justify-end gap-1 sm:w-auto lg:flex-nowrap">
                        <Tooltip content="Delivery log">
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            aria-label={`Delivery log of ${name}`}
                            onClick={() => setDialog({ kind: 'log', endpoint })}
                          >
                            <HistoryIcon aria-hidden />
                          </Button>
                        </Tooltip>
                        <Tooltip content="Send a test message">
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            aria-label={`Send a test message to ${name}`}
                            disabled={test.isPending}
                            onClick={() => sendTest(endpoint)}
                          >
                            <SendIcon aria-hidden />
                          </Button>
                        </Tooltip>
                        <Tooltip content="Signing secret">
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            aria-label={`Signing secret of ${name}`}
                            onClick={() => showSecret(endpoint)}
                          >
                            <KeyRoundIcon aria-hidden />
                          </Button>
                        </Tooltip>
                        <Tooltip content="New secret">
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            aria-label={`New secret for ${name}`}
                            onClick={() => setDialog({ kind: 'rotate', endpoint })}
                          >
                            <RefreshCwIcon aria-hidden />
                          </Button>
                        </Tooltip>
                        <Tooltip content={endpoint.enabled ? 'Turn off' : 'Turn on'}>
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            aria-label={`${endpoint.enabled ? 'Turn off' : 'Turn on'} ${name}`}
                            aria-pressed={endpoint.enabled}
                            disabled={update.isPending}
                            onClick={() => toggle(endpoint)}
                          >
                            <PowerIcon aria-hidden />
                          </Button>
                        </Tooltip>
                        <Tooltip content="Edit">
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            aria-label={`Edit ${name}`}
                            onClick={() => setDialog({ kind: 'edit', endpoint })}
                          >
                            <PencilIcon aria-hidden />
                          </Button>
                        </Tooltip>
                        <DeleteRowButton name={name} onDelete={() => setDialog({ kind: 'delete', endpoint })} />
                      </div>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </Card>

      <FormDialog
        open={editing !== null}
        onClose={() => setDialog(null)}
        title={editing?.endpoint ? 'Edit endpoint' : 'New endpoint'}
        description={
          editing?.endpoint
            ? 'Change its address, description, event types or switch.'
            : 'Its signing secret is shown once it is added.'
        }
      >
        {editing && (
          <EndpointForm
            key={editing.endpoint?.id ?? 'new'}
            eventId={eventId}
            endpoint={editing.endpoint}
            onSaved={(created) => setDialog(created ? { kind: 'secret', endpoint: created, fresh: true } : null)}
          />
        )}
      </FormDialog>

      <FormDialog
        open={dialog?.kind === 'secret'}
        onClose={() => setDialog(null)}
        title="Verify messages with this secret"
        description={
          dialog?.kind === 'secret' && dialog.fresh && dialog.endpoint.previousSecretExpiresAt
            ? `The previous secret keeps signing beside this one until ${new Date(dialog.endpoint.previousSecretExpiresAt).toLocaleString()}: switch your receiver over before then.`
            : `Messages to ${target?.url ?? 'the endpoint'} are signed with it.`
        }
      >
        {dialog?.kind === 'secret' && <SecretField id="webhook-secret" secret={dialog.endpoint.secret} />}
      </FormDialog>

      <FormDialog
        open={dialog?.kind === 'log'}
        onClose={() => setDialog(null)}
        wide
        title="Delivery log"
        description={target?.url ?? ''}
      >
        {dialog?.kind === 'log' && <DeliveryLog endpoint={dialog.endpoint} />}
      </FormDialog>

      <ConfirmDialog
        open={dialog?.kind === 'rotate'}
        onOpenChange={(open) => !open && setDialog(null)}
        title="Make a new secret?"
        description="Messages are signed with the new secret and, for 24 hours, with the current one too, so your receiver can switch over without missing one."
        confirmLabel="Make new secret"
        destructive={false}
        pending={rotate.isPending}
        onConfirm={() => dialog?.kind === 'rotate' && confirmRotate(dialog.endpoint)}
      />

      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        onOpenChange={(open) => !open && setDialog(null)}
        title="Delete this endpoint?"
        description={`${target?.url ?? 'The endpoint'} hears of nothing more, and its delivery log goes with it.`}
        confirmLabel="Delete endpoint"
        pending={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && confirmDelete(dialog.endpoint)}
      />
    </>
  );
}
