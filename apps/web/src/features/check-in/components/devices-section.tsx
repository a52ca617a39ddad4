import type { CheckInList, Device, Pairing } from '@portal/shared/check-in';
import { BanIcon, PencilIcon, PlusIcon, QrCodeIcon, SmartphoneIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog } from '@/components/form/form-dialog';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { RowActionButtons } from '@/components/list/row-actions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { timeAgo } from '@/lib/format';
import { useDevices, useRenewPairingCode, useRevokeDevice } from '../api/devices';
import { DEVICE_ROLE_LABELS, DEVICE_STATUS_LABELS } from '../lib/device-labels';
import { DeviceForm } from './device-form';
import { PairingPanel } from './pairing-panel';

const STATUS_VARIANTS = { waiting: 'secondary', paired: 'success', revoked: 'destructive' } as const;

type Dialog =
  { kind: 'edit'; device: Device | null } | { kind: 'pairing'; pairing: Pairing } | { kind: 'revoke'; device: Device };

/** The event's door devices: create and pair, give a new code, edit, revoke. */
export function DevicesSection({ eventId, lists }: { eventId: number; lists: readonly CheckInList[] }) {
  const devices = useDevices(eventId);
  const renew = useRenewPairingCode(eventId);
  const revoke = useRevokeDevice(eventId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const listName = (id: number) => lists.find((list) => list.id === id)?.name ?? `List ${id}`;

  function newCode(device: Device) {
    renew.mutate(device.id, {
      onSuccess: (pairing) => setDialog({ kind: 'pairing', pairing }),
      onError: (error) => toast.error(errorMessage(error, 'No new code could be made. Please try again.')),
    });
  }

  function confirmRevoke(device: Device) {
    revoke.mutate(device.id, {
      onSuccess: () => toast.success(`${device.name} can no longer scan`),
      onError: (error) => toast.error(errorMessage(error, 'The device could not be revoked. Please try again.')),
      onSettled: () => setDialog(null),
    });
  }

  const editing = dialog?.kind === 'edit' ? dialog : null;
  const columns: ListColumn<Device>[] = [
    { id: 'name', header: 'Name', hideable: false, className: 'font-medium', cell: (device) => device.name },
    {
      id: 'role',
      header: 'Role',
      className: 'hidden sm:table-cell',
      cell: (device) => DEVICE_ROLE_LABELS[device.role],
    },
    {
      id: 'lists',
      header: 'Lists',
      className: 'hidden md:table-cell',
      cell: (device) => device.listIds.map(listName).join(', '),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (device) => <Badge variant={STATUS_VARIANTS[device.status]}>{DEVICE_STATUS_LABELS[device.status]}</Badge>,
    },
    {
      id: 'lastSeen',
      header: 'Last seen',
      className: 'hidden text-muted-foreground lg:table-cell',
      cell: (device) =>
        device.lastSeenAt ? (
          <time dateTime={device.lastSeenAt} title={new Date(device.lastSeenAt).toLocaleString()}>
            {timeAgo(device.lastSeenAt)}
          </time>
        ) : (
          'Never'
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      hideable: false,
      cell: (device) => (
        <RowActionButtons
          actions={[
            {
              tooltip: 'Edit',
              label: `Edit ${device.name}`,
              icon: PencilIcon,
              onClick: () => setDialog({ kind: 'edit', device }),
            },
            // A revoked device pairs no more and has nothing left to revoke.
            ...(device.status === 'revoked'
              ? []
              : [
                  {
                    tooltip: 'New pairing code',
                    label: `New pairing code for ${device.name}`,
                    icon: QrCodeIcon,
                    disabled: renew.isPending,
                    onClick: () => newCode(device),
                  },
                  {
                    tooltip: 'Revoke',
                    label: `Revoke ${device.name}`,
                    icon: BanIcon,
                    destructive: true,
                    onClick: () => setDialog({ kind: 'revoke', device }),
                  },
                ]),
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <p className="mb-3 text-sm text-muted-foreground">
        Phones and tablets that scan at the doors. Each pairs once with a code and can be revoked at any time.
      </p>
      <DataList
        name="check-in-devices"
        noun="devices"
        icon={SmartphoneIcon}
        heading="Devices"
        headingActions={
          <Button onClick={() => setDialog({ kind: 'edit', device: null })}>
            <PlusIcon aria-hidden />
            New device
          </Button>
        }
        query={devices}
        columns={columns}
        getRowId={(device) => device.id}
        emptyTitle="No devices yet"
        emptyDescription="Add a device, then scan its QR code with the phone that will work at the door."
      />

      <FormDialog
        open={editing !== null}
        onClose={() => setDialog(null)}
        title={editing?.device ? `Edit ${editing.device.name}` : 'New device'}
        description={
          editing?.device ? 'Change its name, role or lists.' : 'Name it after where it works; a pairing code follows.'
        }
      >
        {editing && (
          <DeviceForm
            key={editing.device?.id ?? 'new'}
            eventId={eventId}
            device={editing.device}
            lists={lists}
            onSaved={(pairing) => setDialog(pairing ? { kind: 'pairing', pairing } : null)}
          />
        )}
      </FormDialog>

      <FormDialog
        open={dialog?.kind === 'pairing'}
        onClose={() => setDialog(null)}
        title={dialog?.kind === 'pairing' ? `Pair ${dialog.pairing.device.name}` : 'Pair the device'}
        description="This code is shown only now. If it runs out, make a new one from the list."
      >
        {dialog?.kind === 'pairing' && <PairingPanel pairing={dialog.pairing} />}
      </FormDialog>

      <ConfirmDialog
        open={dialog?.kind === 'revoke'}
        onOpenChange={(open) => !open && setDialog(null)}
        title="Revoke this device?"
        description={`${dialog?.kind === 'revoke' ? dialog.device.name : 'The device'} stops scanning at once, and its scans not yet sent are refused. Its past scans stay in the log.`}
        confirmLabel="Revoke device"
        pending={revoke.isPending}
        onConfirm={() => dialog?.kind === 'revoke' && confirmRevoke(dialog.device)}
      />
    </>
  );
}
