import type { CheckInList, Device, Pairing } from '@portal/shared/check-in';
import { BanIcon, PencilIcon, PlusIcon, QrCodeIcon, SmartphoneIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { FormDialog } from '@/components/form/form-dialog';
import { TableSkeleton } from '@/components/list/table-skeleton';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tooltip } from '@/components/ui/tooltip';
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

  return (
    <>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          Phones and tablets that scan at the doors. Each pairs once with a code and can be revoked at any time.
        </p>
        <Button size="sm" onClick={() => setDialog({ kind: 'edit', device: null })}>
          <PlusIcon aria-hidden />
          New device
        </Button>
      </div>
      <Card className="overflow-hidden">
        {devices.isPending ? (
          <TableSkeleton columns={5} />
        ) : devices.isError ? (
          <EmptyState
            icon={SmartphoneIcon}
            title="The devices could not be loaded"
            description={errorMessage(devices.error, 'Please try again in a moment.')}
          />
        ) : devices.data.length === 0 ? (
          <EmptyState
            icon={SmartphoneIcon}
            title="No devices yet"
            description="Add a device, then scan its QR code with the phone that will work at the door."
          />
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead className="hidden sm:table-cell">Role</TableHead>
                <TableHead className="hidden md:table-cell">Lists</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="hidden lg:table-cell">Last seen</TableHead>
                <TableHead className="w-32 text-right">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {devices.data.map((device) => {
                const revoked = device.status === 'revoked';
                return (
                  <TableRow key={device.id}>
                    <TableCell className="font-medium">{device.name}</TableCell>
                    <TableCell className="hidden sm:table-cell">{DEVICE_ROLE_LABELS[device.role]}</TableCell>
                    <TableCell className="hidden md:table-cell">{device.listIds.map(listName).join(', ')}</TableCell>
                    <TableCell>
                      <Badge variant={STATUS_VARIANTS[device.status]}>{DEVICE_STATUS_LABELS[device.status]}</Badge>
                    </TableCell>
                    <TableCell className="hidden text-muted-foreground lg:table-cell">
                      {device.lastSeenAt ? (
                        <time dateTime={device.lastSeenAt} title={new Date(device.lastSeenAt).toLocaleString()}>
                          {timeAgo(device.lastSeenAt)}
                        </time>
                      ) : (
                        'Never'
                      )}
                    </TableCell>
                    <TableCell>
                      <div className="flex justify-end gap-1">
                        <Tooltip content="Edit">
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            aria-label={`Edit ${device.name}`}
                            onClick={() => setDialog({ kind: 'edit', device })}
                          >
                            <PencilIcon aria-hidden />
                          </Button>
                        </Tooltip>
                        {!revoked && (
                          <>
                            <Tooltip content="New pairing code">
                              <Button
                                variant="ghost"
                                size="icon-sm"
                                aria-label={`New pairing code for ${device.name}`}
                                disabled={renew.isPending}
                                onClick={() => newCode(device)}
                              >
                                <QrCodeIcon aria-hidden />
                              </Button>
                            </Tooltip>
                            <Tooltip content="Revoke">
                              <Button
                                variant="ghost"
                                size="icon-sm"
                                aria-label={`Revoke ${device.name}`}
                                className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                                onClick={() => setDialog({ kind: 'revoke', device })}
                              >
                                <BanIcon aria-hidden />
                              </Button>
                            </Tooltip>
                          </>
                        )}
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
