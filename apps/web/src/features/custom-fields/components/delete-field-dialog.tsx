import type { CustomField } from '@portal/shared/custom-fields';
import { isAxiosError } from 'axios';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { useDeleteCustomField } from '../api/delete-custom-field';
import { useUpdateCustomField } from '../api/update-custom-field';

const WORDING = {
  badge: {
    title: 'Delete this custom field?',
    removed: 'will be removed from the badge forms permanently. A field that badges have answered cannot be deleted: switch it off instead.',
    confirm: 'Delete field',
    failed: 'The custom field could not be deleted',
    off: 'is switched off: the badge forms no longer ask it',
  },
  lead: {
    title: 'Delete this question?',
    removed: 'will no longer be asked at your booth. A question that leads have answered cannot be deleted: switch it off instead.',
    confirm: 'Delete question',
    failed: 'The question could not be deleted',
    off: 'is switched off: your team is no longer asked it',
  },
} as const;

type DeleteFieldDialogProps = { field: CustomField | null; onClose: () => void };

/**
 * Confirms deleting a field. Answers keep a field: the server says so (409), and the toast offers
 * to switch it off, which keeps the answers and stops asking it.
 */
export function DeleteFieldDialog({ field, onClose }: DeleteFieldDialogProps) {
  const remove = useDeleteCustomField();
  const update = useUpdateCustomField();
  const wording = WORDING[field?.entityType ?? 'badge'];

  function switchOff(target: CustomField) {
    update.mutate(
      { id: target.id, body: { isActive: false } },
      {
        onSuccess: () => toast.success(`${target.label} ${WORDING[target.entityType].off}`),
        onError: (error) => toast.error(errorMessage(error, 'The field could not be switched off')),
      },
    );
  }

  function confirm() {
    if (!field) return;
    const target = field;
    remove.mutate(target.id, {
      onSuccess: () => toast.success(`${target.label} deleted`),
      onError: (error) => {
        const message = errorMessage(error, wording.failed);
        if (isAxiosError(error) && error.response?.status === 409 && target.isActive) {
          toast.error(message, { action: { label: 'Switch it off', onClick: () => switchOff(target) } });
        } else {
          toast.error(message);
        }
      },
      onSettled: onClose,
    });
  }

  return (
    <ConfirmDialog
      open={field !== null}
      onOpenChange={(open) => !open && onClose()}
      title={wording.title}
      description={`${field?.label ?? 'It'} ${wording.removed}`}
      confirmLabel={wording.confirm}
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
