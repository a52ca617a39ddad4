import { zodResolver } from '@hookform/resolvers/zod';
import { allocationBodySchema, MAX_ALLOCATION_QUANTITY, type Allocation } from '@portal/shared/allocations';
import { boundedIntText } from '@portal/shared/common';
import type { BadgeCategory } from '@portal/shared/badge-categories';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { applyServerErrors } from '@/lib/form-errors';
import type { Holder } from '../api/get-holder-options';
import { useSetAllocation } from '../api/set-allocation';

const FIELDS = ['adminId', 'badgeCategoryId', 'quantity'] as const;

const formSchema = z
  .object({
    adminId: z.string().min(1, 'Choose who receives it'),
    badgeCategoryId: z.string().min(1, 'Choose a category'),
    quantity: boundedIntText(0, MAX_ALLOCATION_QUANTITY),
  })
  .transform((values): z.input<typeof allocationBodySchema> => ({
    adminId: Number(values.adminId),
    badgeCategoryId: Number(values.badgeCategoryId),
    quantity: Number(values.quantity),
  }))
  .pipe(allocationBodySchema);

type AllocationFormProps = {
  allocation: Allocation | null;
  holders: readonly Holder[];
  holderLabel: string;
  categories: readonly BadgeCategory[];
  onSaved: () => void;
};

/**
 * What the quantity may not go below, in the figures the allocation bar shows: the sub-accounts'
 * own registrations are within what they were handed, so they are not counted again.
 */
export function quantityHint({ used, reserved, heldByLinks }: Pick<Allocation, 'used' | 'reserved' | 'heldByLinks'>) {
  const floor = `${used} registered here and ${reserved} handed to sub-accounts: it cannot go below ${used + reserved}.`;
  return heldByLinks > 0
    ? `${floor} Open registration links hold ${heldByLinks} more: below ${used + reserved + heldByLinks}, some of them find no place.`
    : floor;
}

/** Sets how many of a category one exhibitor (or sub-account) may register. */
export function AllocationForm({ allocation, holders, holderLabel, categories, onSaved }: AllocationFormProps) {
  const set = useSetAllocation();
  const form = useForm<z.input<typeof formSchema>, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      adminId: allocation ? String(allocation.adminId) : '',
      badgeCategoryId: allocation ? String(allocation.badgeCategoryId) : '',
      quantity: String(allocation?.quantity ?? 0),
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      await set.mutateAsync(body);
      toast.success('Allocation saved');
      onSaved();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormAlert message={errors.root?.server?.message} />
      {!allocation && (
        <>
          <FormField id="allocation-holder" label={holderLabel} required error={errors.adminId?.message}>
            {(control) => (
              <NativeSelect {...control} {...form.register('adminId')}>
                <option value="">Choose…</option>
                {holders.map((holder) => (
                  <option key={holder.id} value={holder.id}>
                    {holder.companyName ? `${holder.companyName} · ${holder.name}` : holder.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField id="allocation-category" label="Category" required error={errors.badgeCategoryId?.message}>
            {(control) => (
              <NativeSelect {...control} {...form.register('badgeCategoryId')}>
                <option value="">Choose a category</option>
                {categories.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.displayName ?? category.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </>
      )}
      <FormField
        id="allocation-quantity"
        label="Quantity"
        required
        hint={
          allocation ? quantityHint(allocation) : 'How many may be registered.'
        }
        error={errors.quantity?.message}
      >
        {(control) => <Input {...control} {...form.register('quantity')} inputMode="numeric" className="sm:w-40" />}
      </FormField>
      <FormActions pending={set.isPending} submitLabel="Save allocation" />
    </form>
  );
}
