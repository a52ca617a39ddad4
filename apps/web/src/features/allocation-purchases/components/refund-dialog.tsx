import { zodResolver } from '@hookform/resolvers/zod';
import {
  invoiceFigures,
  refundBodySchema,
  type AllocationPurchase,
  type RefundBody,
} from '@portal/shared/allocation-purchases';
import { exampleAmount, formatMoney, minorUnitsFromMoney, moneyFromMinorUnits } from '@portal/shared/money';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { RecordFormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { applyServerErrors } from '@/lib/form-errors';
import { useRefundPurchase } from '../api/refund-purchase';

/** What is paid and not yet given back, in minor units of the purchase's currency. */
export function refundableAmount(purchase: AllocationPurchase): number {
  return Math.max(0, invoiceFigures(purchase).totalAmount - purchase.refunded_amount);
}

function formSchema(refundable: number, currency: string) {
  return z
    .object({
      amount: z
        .string()
        .refine(
          (text) => (minorUnitsFromMoney(text, currency) ?? 0) >= 1,
          `An amount such as ${exampleAmount(currency)}`,
        )
        .refine(
          (text) => (minorUnitsFromMoney(text, currency) ?? 0) <= refundable,
          `At most ${formatMoney(refundable, currency)}, what is paid and not yet refunded`,
        ),
      reason: z.string().trim().min(1, 'Say why the payment is refunded'),
    })
    .transform((values) => ({ amount: minorUnitsFromMoney(values.amount, currency) ?? 0, reason: values.reason }))
    .pipe(refundBodySchema);
}

type Schema = ReturnType<typeof formSchema>;

/** Refund: part or all of a payment goes back; the allocation shrinks and a credit note is issued. */
export function RefundDialog({ purchase, onClose }: { purchase: AllocationPurchase | null; onClose: () => void }) {
  return (
    <RecordFormDialog
      record={purchase}
      onClose={onClose}
      title="Refund payment"
      description={(purchase) =>
        `Up to ${formatMoney(refundableAmount(purchase), purchase.currency)} can be given back. A full refund takes back every place; a partial one as many whole places as the money returned paid for. A credit note is issued.`
      }
    >
      {(purchase) => <RefundForm purchase={purchase} onDone={onClose} />}
    </RecordFormDialog>
  );
}

function RefundForm({ purchase, onDone }: { purchase: AllocationPurchase; onDone: () => void }) {
  const refund = useRefundPurchase();
  const refundable = refundableAmount(purchase);
  const [schema] = useState(() => formSchema(refundable, purchase.currency));
  const [confirming, setConfirming] = useState<RefundBody | null>(null);
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues: { amount: moneyFromMinorUnits(refundable, purchase.currency), reason: '' },
  });
  const { errors } = form.formState;

  async function send(body: RefundBody) {
    try {
      await refund.mutateAsync({ id: purchase.id, body });
      toast.success(`Refunded ${formatMoney(body.amount, purchase.currency)}`);
      onDone();
    } catch (error) {
      setConfirming(null);
      // A 422 says how many badges must go before the allocation can shrink: shown as it comes.
      applyServerErrors(error, form.setError, ['amount', 'reason'], 'The refund could not be made');
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(setConfirming)} className="grid gap-4">
      <FormAlert message={errors.root?.server?.message} />
      <FormField
        id="refund-amount"
        label={`Amount (${purchase.currency})`}
        required
        error={errors.amount?.message}
        hint={`Paid ${formatMoney(invoiceFigures(purchase).totalAmount, purchase.currency)}, refunded so far ${formatMoney(purchase.refunded_amount, purchase.currency)}.`}
      >
        {(control) => <Input {...control} {...form.register('amount')} inputMode="decimal" className="sm:w-40" />}
      </FormField>
      <FormField id="refund-reason" label="Reason" required error={errors.reason?.message}>
        {(control) => <Textarea {...control} {...form.register('reason')} rows={3} maxLength={500} />}
      </FormField>
      <FormActions pending={refund.isPending} submitLabel="Refund" />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Refund this payment?"
        description={
          confirming
            ? `${formatMoney(confirming.amount, purchase.currency)} goes back to ${purchase.admin.companyName ?? purchase.admin.email}. This cannot be undone.`
            : ''
        }
        confirmLabel="Refund"
        pending={refund.isPending}
        onConfirm={() => confirming && void send(confirming)}
      />
    </form>
  );
}
