import { zodResolver } from '@hookform/resolvers/zod';
import {
  updateAllocationPurchaseBodySchema,
  type AllocationPurchase,
  type UpdateAllocationPurchaseBody,
} from '@portal/shared/allocation-purchases';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ChoiceGroup } from '@/components/form/choice-group';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { RecordFormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { applyServerErrors } from '@/lib/form-errors';
import { useUpdatePurchase } from '../api/update-purchase';
import { amountToPayText } from '../lib/purchase-tax';

/** The places granted: a whole number from 1 to what was asked for. */
export function acceptedAmountSchema(quantity: number) {
  return z
    .string()
    .trim()
    .regex(/^\d+$/, 'A whole number of places')
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, 'Approve at least 1 place')
        .max(quantity, `At most the ${quantity} ${quantity === 1 ? 'place' : 'places'} asked for`),
    );
}

function formSchema(quantity: number) {
  return z
    .discriminatedUnion('decision', [
      z.object({ decision: z.literal('approve'), acceptedAmount: acceptedAmountSchema(quantity), comment: z.string() }),
      z.object({
        decision: z.literal('reject'),
        acceptedAmount: z.string(),
        comment: z.string().trim().min(1, 'Say why the request is rejected'),
      }),
    ])
    .transform((values): UpdateAllocationPurchaseBody =>
      values.decision === 'approve'
        ? { action: 'approve', accepted_amount: values.acceptedAmount, comment: values.comment.trim() || undefined }
        : { action: 'reject', comment: values.comment.trim() },
    )
    .pipe(updateAllocationPurchaseBodySchema);
}

type Schema = ReturnType<typeof formSchema>;

/** EditAllocationModal: the organiser approves a request (all or part of it) or rejects it with a reason. */
export function EditAllocationModal({
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
      title="Review the request"
      description={(purchase) =>
        `${purchase.admin.companyName ?? `${purchase.admin.firstName} ${purchase.admin.lastName}`} asks for ${purchase.quantity} × ${purchase.badgeCategory.display_name ?? purchase.badgeCategory.name}.`
      }
    >
      {(purchase) => <ReviewForm purchase={purchase} onDone={onClose} />}
    </RecordFormDialog>
  );
}

function ReviewForm({ purchase, onDone }: { purchase: AllocationPurchase; onDone: () => void }) {
  const update = useUpdatePurchase();
  const [confirmReject, setConfirmReject] = useState<UpdateAllocationPurchaseBody | null>(null);
  const [schema] = useState(() => formSchema(purchase.quantity));
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues: { decision: 'approve', acceptedAmount: String(purchase.quantity), comment: '' },
  });
  const { errors } = form.formState;
  const [decision, acceptedAmount] = useWatch({ control: form.control, name: ['decision', 'acceptedAmount'] });
  const places = Number(acceptedAmount);
  const validPlaces = Number.isInteger(places) && places >= 1 && places <= purchase.quantity;

  async function send(body: UpdateAllocationPurchaseBody) {
    try {
      await update.mutateAsync({ id: purchase.id, body });
      toast.success(body.action === 'approve' ? `Approved ${body.accepted_amount} places` : 'Request rejected');
      onDone();
    } catch (error) {
      setConfirmReject(null);
      applyServerErrors(error, form.setError, [['accepted_amount', 'acceptedAmount'], 'comment']);
    }
  }

  const submit = form.handleSubmit((body) => {
    if (body.action === 'reject') setConfirmReject(body);
    else void send(body);
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormAlert message={errors.root?.server?.message} />
      {purchase.comment && (
        <blockquote className="rounded-md border-l-4 bg-muted/50 px-3 py-2 text-sm">
          <span className="block text-xs font-medium text-muted-foreground">The exhibitor’s note</span>
          {purchase.comment}
        </blockquote>
      )}
      <ChoiceGroup
        legend="Decision"
        name="purchase-decision"
        register={form.register('decision')}
        choices={[
          {
            value: 'approve',
            label: 'Approve',
            description: 'Grant all or part of the places; the exhibitor then pays.',
          },
          { value: 'reject', label: 'Reject', description: 'Decline the request, saying why.' },
        ]}
      />
      {decision === 'approve' && (
        <FormField
          id="purchase-accepted-amount"
          label="Places to approve"
          required
          error={errors.acceptedAmount?.message}
          hint={
            validPlaces
              ? `From 1 to ${purchase.quantity}. To pay: ${amountToPayText(purchase, places)}.`
              : `From 1 to ${purchase.quantity}.`
          }
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('acceptedAmount')}
              type="number"
              inputMode="numeric"
              min={1}
              max={purchase.quantity}
              step={1}
              className="sm:w-40"
            />
          )}
        </FormField>
      )}
      <FormField
        id="purchase-decision-comment"
        label={decision === 'reject' ? 'Reason' : 'Comment'}
        required={decision === 'reject'}
        error={errors.comment?.message}
        hint="The exhibitor reads it in the email and on the purchase."
      >
        {(control) => <Textarea {...control} {...form.register('comment')} rows={3} maxLength={2000} />}
      </FormField>
      <FormActions pending={update.isPending} submitLabel={decision === 'reject' ? 'Reject request' : 'Approve'} />
      <ConfirmDialog
        open={confirmReject !== null}
        onOpenChange={(open) => !open && setConfirmReject(null)}
        title="Reject this request?"
        description="The exhibitor is told at once, with your reason. A rejected request cannot be approved later."
        confirmLabel="Reject request"
        pending={update.isPending}
        onConfirm={() => confirmReject && void send(confirmReject)}
      />
    </form>
  );
}
