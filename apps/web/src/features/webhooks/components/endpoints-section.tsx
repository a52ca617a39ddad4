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
  Trash2Icon,
  WebhookIcon,
} from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog } from '@/components/form/form-dialog';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { RowActionButtons, type RowAction } from '@/components/list/row-actions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
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
  const actionsOf = (endpoint: WebhookEndpoint): RowAction[] => {
    const name = endpoint.description || endpoint.url;
    const power = endpoint.enabled ? 'Turn off' : 'Turn on';
    return [
      {
        tooltip: 'Delivery log',
        label: `Delivery log of ${name}`,
        icon: HistoryIcon,
        onClick: () => setDialog({ kind: 'log', endpoint }),
      },
      {
        tooltip: 'Send a test message',
        label: `Send a test message to ${name}`,
        icon: SendIcon,
        disabled: test.isPending,
        onClick: () => sendTest(endpoint),
      },
      {
        tooltip: 'Signing secret',
        label: `Signing secret of ${name}`,
        icon: KeyRoundIcon,
        onClick: () => void showSecret(endpoint),
      },
      {
        tooltip: 'New secret',
        label: `New secret for ${name}`,
        icon: RefreshCwIcon,
        onClick: () => setDialog({ kind: 'rotate', endpoint }),
      },
      {
        tooltip: power,
        label: `${power} ${name}`,
        icon: PowerIcon,
        pressed: endpoint.enabled,
        disabled: update.isPending,
        onClick: () => toggle(endpoint),
      },
      {
        tooltip: 'Edit',
        label: `Edit ${name}`,
        icon: PencilIcon,
        onClick: () => setDialog({ kind: 'edit', endpoint }),
      },
      {
        tooltip: 'Delete',
        label: `Delete ${name}`,
        icon: Trash2Icon,
        destructive: true,
        onClick: () => setDialog({ kind: 'delete', endpoint }),
      },
    ];
  };
  const columns: ListColumn<WebhookEndpoint>[] = [
    {
      id: 'endpoint',
      header: 'Endpoint',
      hideable: false,
      className: 'max-w-40 sm:max-w-80',
      // The status sits under the address: a column of its own left the address a few letters on a phone.
      cell: (endpoint) => (
        <>
          <span className="block truncate font-medium" title={endpoint.url}>
            {endpoint.url}
          </span>
          <span className="mt-1 flex min-w-0 items-center gap-2">
            <Badge variant={endpoint.enabled ? 'success' : endpoint.disabledReason ? 'destructive' : 'secondary'}>
              {endpoint.enabled ? 'On' : 'Off'}
            </Badge>
            {endpoint.description && (
              <span className="truncate text-xs text-muted-foreground">{endpoint.description}</span>
            )}
          </span>
          {endpoint.disabledReason && (
            <span className="mt-1 block text-xs text-destructive">{endpoint.disabledReason}</span>
          )}
        </>
      ),
    },
    {
      id: 'eventTypes',
      header: 'Event types',
      className: 'hidden text-sm md:table-cell',
      cell: (endpoint) => endpoint.eventTypes.map(typeLabel).join(', '),
    },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      hideable: false,
      // Four to a row on a phone, one row from a laptop's width.
      cell: (endpoint) => (
        <RowActionButtons actions={actionsOf(endpoint)} className="ml-auto w-35 flex-wrap sm:w-auto lg:flex-nowrap" />
      ),
    },
  ];

  return (
    <>
      <p className="mb-3 text-sm text-muted-foreground">
        Your systems hear of changes as they happen: each message is signed and retried until it is received.
      </p>
      <DataList
        name="webhook-endpoints"
        noun="endpoints"
        icon={WebhookIcon}
        heading="Endpoints"
        headingActions={
          <Button onClick={() => setDialog({ kind: 'edit', endpoint: null })}>
            <PlusIcon aria-hidden />
            New endpoint
          </Button>
        }
        query={endpoints}
        columns={columns}
        getRowId={(endpoint) => endpoint.id}
        emptyTitle="No endpoints yet"
        emptyDescription="Add the address of a system that should hear of badges, purchases and invoices."
      />

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
