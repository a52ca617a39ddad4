import { useState, type ReactNode } from 'react';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { Textarea } from '@/components/ui/input';

type ReprintDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What was printed before and when. */
  description: string;
  details?: ReactNode;
  pending: boolean;
  error?: string;
  onConfirm: (reason: string) => void;
};

/** "Already printed — print again?": printing again needs a reason, which the print record keeps. */
export function ReprintDialog({ open, onClose, title, description, details, pending, error, onConfirm }: ReprintDialogProps) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <FormDialog open={open} onClose={onClose} title={title} description={description}>
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim()) return setMissing(true);
          onConfirm(reason.trim());
        }}
      >
        {details}
        <FormAlert message={error} />
        <FormField id="reprint-reason" label="Reason for printing again" required error={missing ? 'Say why the badge is printed again' : undefined}>
          {(control) => (
            <Textarea
              {...control}
              value={reason}
              maxLength={500}
              placeholder="Lost badge, misprint, name corrected…"
              onChange={(event) => {
                setReason(event.target.value);
                setMissing(false);
              }}
            />
          )}
        </FormField>
        <FormActions pending={pending} submitLabel="Print again" />
      </form>
    </FormDialog>
  );
}
