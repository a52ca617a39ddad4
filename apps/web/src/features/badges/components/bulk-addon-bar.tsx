import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAssignAddons } from '../api/assign-addons';
import { useAddons } from '../api/get-addons';

type BulkAddonBarProps = { eventId: number | null; badgeIds: number[]; onDone: () => void };

/** Assigns or removes one add-on on the selected badges. */
export function BulkAddonBar({ eventId, badgeIds, onDone }: BulkAddonBarProps) {
  const addons = useAddons(eventId);
  const assign = useAssignAddons();
  const [addonId, setAddonId] = useState('');
  const count = badgeIds.length;

  function run(action: 'assign' | 'remove') {
    assign.mutate(
      { badgeIds, addonCategoryId: Number(addonId), action },
      {
        onSuccess: () => {
          toast.success(
            action === 'assign' ? `Add-on assigned to ${count} badges` : `Add-on removed from ${count} badges`,
          );
          onDone();
        },
        onError: (error) => toast.error(errorMessage(error, 'The add-on could not be changed')),
      },
    );
  }

  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="mb-4 flex flex-col gap-3 rounded-xl border bg-card p-3 sm:flex-row sm:items-center"
    >
      <p className="text-sm font-medium" aria-live="polite">
        {count === 1 ? '1 badge selected' : `${count} badges selected`}
      </p>
      <div className="flex flex-col gap-2 sm:ml-auto sm:flex-row sm:items-center">
        <NativeSelect
          aria-label="Add-on"
          value={addonId}
          onChange={(event) => setAddonId(event.target.value)}
          className="sm:w-auto sm:min-w-48"
          disabled={!addons.data?.length}
        >
          <option value="">{addons.data?.length === 0 ? 'No add-ons for this event' : 'Choose an add-on'}</option>
          {addons.data?.map((addon) => (
            <option key={addon.id} value={addon.id}>
              {addon.displayName ?? addon.name}
            </option>
          ))}
        </NativeSelect>
        <Button disabled={!addonId || assign.isPending} onClick={() => run('assign')}>
          {assign.isPending && <Spinner size="sm" tone="current" label="Working" />}
          Assign add-on
        </Button>
        <Button variant="outline" disabled={!addonId || assign.isPending} onClick={() => run('remove')}>
          Remove add-on
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={assign.isPending}>
          Clear selection
        </Button>
      </div>
    </div>
  );
}
