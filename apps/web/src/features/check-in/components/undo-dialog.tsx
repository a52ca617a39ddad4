import { zodResolver } from '@hookform/resolvers/zod';
import { undoBodySchema, type CheckInLogEntry } from '@portal/shared/check-in';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { RecordFormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { Textarea } from '@/components/ui/input';
import { applyServerErrors } from '@/lib/form-errors';
import { useUndoCheckIn } from '../api/log';

const undoFormSchema = undoBodySchema.pick({ reason: true });

/** Undo an admission, with the reason the log keeps beside it. */
export function UndoDialog({
  eventId,
  entry,
  onClose,
}: {
  eventId: number;
  entry: CheckInLogEntry | null;
  onClose: () => void;
}) {
  return (
    <RecordFormDialog
      record={entry}
      onClose={onClose}
      title="Undo this check-in?"
      description={(scan) =>
        `${scan.holderName ?? scan.code} will count as not checked in at ${scan.listName}. The scan stays in the log, marked as undone.`
      }
    >
      {(scan) => <UndoForm eventId={eventId} entry={scan} onDone={onClose} />}
    </RecordFormDialog>
  );
}

function UndoForm({ eventId, entry, onDone }: { eventId: number; entry: CheckInLogEntry; onDone: () => void }) {
  const form = useForm({ resolver: zodResolver(undoFormSchema), defaultValues: { reason: '' } });
  const undo = useUndoCheckIn(eventId);
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await undo.mutateAsync({ id: entry.id, reason });
      toast.success('Check-in undone');
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['reason']);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormAlert message={errors.root?.server?.message} />
      <FormField
        id="check-in-undo-reason"
        label="Reason"
        required
        error={errors.reason?.message}
        hint="Such as: scanned by mistake, badge given to the wrong person."
      >
        {(control) => <Textarea {...control} {...form.register('reason')} rows={3} />}
      </FormField>
      <FormActions pending={undo.isPending} submitLabel="Undo check-in" />
    </form>
  );
}
