import { zodResolver } from '@hookform/resolvers/zod';
import {
  deviceBodySchema,
  DEVICE_ROLES,
  type CheckInList,
  type Device,
  type DeviceBody,
  type Pairing,
} from '@portal/shared/check-in';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ChoiceGroup } from '@/components/form/choice-group';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { applyServerErrors } from '@/lib/form-errors';
import { useCreateDevice, useUpdateDevice } from '../api/devices';
import { DEVICE_ROLE_DESCRIPTIONS, DEVICE_ROLE_LABELS } from '../lib/device-labels';

type DeviceFormProps = {
  eventId: number;
  device: Device | null;
  lists: readonly CheckInList[];
  /** A new device answers its pairing; an edit answers null. */
  onSaved: (pairing: Pairing | null) => void;
};

/** Create or edit a door device: its name, what it may do, and the lists it scans against. */
export function DeviceForm({ eventId, device, lists, onSaved }: DeviceFormProps) {
  const form = useForm<z.input<typeof deviceBodySchema>, unknown, DeviceBody>({
    resolver: zodResolver(deviceBodySchema),
    defaultValues: {
      name: device?.name ?? '',
      role: device?.role ?? 'steward',
      // A first device of an event with one list scans against it.
      listIds: device?.listIds ?? (lists.length === 1 ? [lists[0]!.id] : []),
    },
  });
  const create = useCreateDevice(eventId);
  const update = useUpdateDevice(eventId);
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      if (device) {
        await update.mutateAsync({ id: device.id, body });
        toast.success(`${body.name} saved`);
        onSaved(null);
      } else {
        onSaved(await create.mutateAsync(body));
      }
    } catch (error) {
      applyServerErrors(error, form.setError, ['name', 'role', 'listIds']);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <FormAlert message={errors.root?.server?.message} />
      <FormField
        id="check-in-device-name"
        label="Name"
        required
        error={errors.name?.message}
        hint="Such as Hall A, phone 1: the door and the log show it."
      >
        {(control) => <Input {...control} {...form.register('name')} placeholder="Hall A, phone 1" />}
      </FormField>
      <ChoiceGroup
        legend="Role"
        name="check-in-device-role"
        register={form.register('role')}
        choices={DEVICE_ROLES.map((role) => ({
          value: role,
          label: DEVICE_ROLE_LABELS[role],
          description: DEVICE_ROLE_DESCRIPTIONS[role],
        }))}
      />
      <fieldset className="grid gap-2" aria-describedby={errors.listIds ? 'check-in-device-lists-error' : undefined}>
        <legend className="mb-1 text-sm font-medium">
          Lists
          <span aria-hidden className="ml-0.5 text-destructive">
            *
          </span>
        </legend>
        {lists.length === 0 ? (
          <p className="text-sm text-muted-foreground">Create a check-in list first: a device scans against one.</p>
        ) : (
          <Controller
            control={form.control}
            name="listIds"
            render={({ field }) => (
              <div className="grid max-h-48 gap-1 overflow-y-auto rounded-lg border p-2 sm:grid-cols-2">
                {lists.map((list) => {
                  const id = `check-in-device-list-${list.id}`;
                  return (
                    <div key={list.id} className="flex items-center gap-2 rounded-md p-1.5 hover:bg-muted/50">
                      <Checkbox
                        id={id}
                        checked={field.value.includes(list.id)}
                        onCheckedChange={(checked) =>
                          field.onChange(
                            checked === true
                              ? [...field.value, list.id]
                              : field.value.filter((value) => value !== list.id),
                          )
                        }
                      />
                      <Label htmlFor={id} className="font-normal">
                        {list.name}
                      </Label>
                    </div>
                  );
                })}
              </div>
            )}
          />
        )}
        {errors.listIds && (
          <p id="check-in-device-lists-error" className="text-xs font-medium text-destructive">
            {errors.listIds.message}
          </p>
        )}
      </fieldset>
      <FormActions
        pending={create.isPending || update.isPending}
        submitLabel={device ? 'Save device' : 'Create and pair'}
      />
    </form>
  );
}
