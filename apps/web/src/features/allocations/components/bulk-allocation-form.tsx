import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_ALLOCATION_QUANTITY } from '@portal/shared/allocations';
import type { BadgeCategory } from '@portal/shared/badge-categories';
import { boundedIntText } from '@portal/shared/common';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { ChoiceGroup } from '@/components/form/choice-group';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { applyServerErrors } from '@/lib/form-errors';
import { useBulkSetAllocations } from '../api/bulk-set-allocations';
import type { Holder } from '../api/get-holder-options';

const formSchema = z.object({
  badgeCategoryId: z.string().min(1, 'Choose a category'),
  mode: z.enum(['set', 'add']),
  quantity: boundedIntText(-MAX_ALLOCATION_QUANTITY, MAX_ALLOCATION_QUANTITY),
});

/** One quantity for every exhibitor of the event in one category: set to it, or added to what each has. */
export function BulkAllocationForm({
  eventId,
  exhibitors,
  categories,
  onSaved,
}: {
  eventId: number;
  exhibitors: readonly Holder[];
  categories: readonly BadgeCategory[];
  onSaved: () => void;
}) {
  const bulk = useBulkSetAllocations();
  const form = useForm({
    resolver: zodResolver(formSchema),
    defaultValues: { badgeCategoryId: '', mode: 'set' as const, quantity: '0' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ badgeCategoryId, mode, quantity }) => {
    try {
      await bulk.mutateAsync({
        eventId,
        mode,
        items: exhibitors.map((exhibitor) => ({
          adminId: exhibitor.id,
          badgeCategoryId: Number(badgeCategoryId),
          quantity: Number(quantity),
        })),
      });
      toast.success(`Allocations of ${exhibitors.length} exhibitors saved`);
      onSaved();
    } catch (error) {
      applyServerErrors(error, form.setError, ['badgeCategoryId', 'quantity']);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormAlert message={errors.root?.server?.message} />
      <FormField id="bulk-category" label="Category" required error={errors.badgeCategoryId?.message}>
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
      <ChoiceGroup
        legend="How"
        name="bulk-mode"
        register={form.register('mode')}
        choices={[
          { value: 'set', label: 'Set to', description: 'Each exhibitor gets exactly this many.' },
          { value: 'add', label: 'Add', description: 'Added to what each has; a negative number takes away.' },
        ]}
      />
      <FormField
        id="bulk-quantity"
        label="Quantity"
        required
        hint={`For all ${exhibitors.length} exhibitors of the event; nothing changes if one of them cannot take it.`}
        error={errors.quantity?.message}
      >
        {(control) => <Input {...control} {...form.register('quantity')} inputMode="numeric" className="sm:w-40" />}
      </FormField>
      <FormActions pending={bulk.isPending} submitLabel="Save allocations" />
    </form>
  );
}
