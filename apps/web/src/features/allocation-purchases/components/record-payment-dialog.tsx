import { zodResolver } from '@hookform/resolvers/zod';
import { createPaymentBodySchema, invoiceFigures, type AllocationPurchase } from '@portal/shared/allocation-purchases';
import { formatMoney } from '@portal/shared/money';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { RecordFormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { applyServerErrors } from '@/lib/form-errors';
import { useRecordPayment } from '../api/record-payment';

function formSchema(purchaseId: number) {
  return z
    .object({ reference: z.string(), paidOn: z.string() })
    .transform((values): z.input<typeof createPaymentBodySchema> => ({
      allocationPurchaseId: purchaseId,
      reference: values.reference,
      // A day the money arrived, at noon UTC so that no time zone moves it to another day.
      paidAt: values.paidOn ? `${values.paidOn}T12:00:00.000Z` : undefined,
    }))
    .pipe(createPaymentBodySchema);
}

type Schema = ReturnType<typeof formSchema>;

/** Record bank transfer: the organiser marks an approved purchase paid (the manual provider). */
export function RecordPaymentDialog({
  purchase,
  onClose,
}: {
  purchase: AllocationPurchase | null;
  onClose: () => void;
}) {
  return (
    <RecordFormDialog
      record={purchase}
      onClose={onClose}
      title="Record bank transfer"
      description={(purchase) =>
        `${formatMoney(invoiceFigures(purchase).totalAmount, purchase.currency)} from ${purchase.admin.companyName ?? purchase.admin.email}. The places are added to the allocation at once.`
      }
    >
      {(purchase) => <RecordPaymentForm purchaseId={purchase.id} onDone={onClose} />}
    </RecordFormDialog>
  );
}

function RecordPaymentForm({ purchaseId, onDone }: { purchaseId: number; onDone: () => void }) {
  const record = useRecordPayment();
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(formSchema(purchaseId)),
    defaultValues: { reference: '', paidOn: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      await record.mutateAsync(body);
      toast.success('Payment recorded');
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['reference', ['paidAt', 'paidOn']]);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormAlert message={errors.root?.server?.message} />
      <FormField
        id="payment-reference"
        label="Transfer reference"
        required
        error={errors.reference?.message}
        hint="As on the bank statement."
      >
        {(control) => <Input {...control} {...form.register('reference')} maxLength={200} autoComplete="off" />}
      </FormField>
      <FormField id="payment-date" label="Received on" error={errors.paidOn?.message} hint="Leave empty for today.">
        {(control) => <Input {...control} {...form.register('paidOn')} type="date" className="sm:w-48" />}
      </FormField>
      <FormActions pending={record.isPending} submitLabel="Record payment" />
    </form>
  );
}
