import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { apiErrorBody, errorMessage } from '@/lib/api-client';

type DeleteAccountDialogProps = {
  /** The account asked about: the dialog is open while it is set. */
  account: { id: number; name: string } | null;
  /** "sub-account", "exhibitor", "admin". */
  noun: string;
  /** What deleting it takes with it. */
  description: string;
  /** What anonymising it changes, when it cannot be deleted. */
  anonymiseDescription: string;
  remove: UseMutationResult<void, Error, number>;
  anonymise: UseMutationResult<unknown, Error, number>;
  onClose: () => void;
  onDeleted?: () => void;
};

/**
 * The delete confirmation of an account. One named on purchases or invoices is kept (the API
 * answers 409 saying why): the same dialog then shows that answer and offers to anonymise the
 * account instead, which its financial records survive.
 */
export function DeleteAccountDialog({
  account,
  noun,
  description,
  anonymiseDescription,
  remove,
  anonymise,
  onClose,
  onDeleted,
}: DeleteAccountDialogProps) {
  const [refused, setRefused] = useState<{ id: number; message: string } | null>(null);
  const refusal = account && refused?.id === account.id ? refused.message : null;

  function close() {
    setRefused(null);
    onClose();
  }

  function confirmDelete() {
    if (!account) return;
    remove.mutate(account.id, {
      onSuccess: () => {
        toast.success(`${account.name} deleted`);
        close();
        onDeleted?.();
      },
      onError: (error) => {
        if (apiErrorBody(error)?.statusCode === 409) {
          setRefused({ id: account.id, message: errorMessage(error, `This ${noun} cannot be deleted`) });
          return;
        }
        toast.error(errorMessage(error, `The ${noun} could not be deleted`));
        close();
      },
    });
  }

  function confirmAnonymise() {
    if (!account) return;
    anonymise.mutate(account.id, {
      onSuccess: () => toast.success(`${account.name} anonymised`),
      onError: (error) => toast.error(errorMessage(error, `The ${noun} could not be anonymised`)),
      onSettled: close,
    });
  }

  return (
    <ConfirmDialog
      open={account !== null}
      onOpenChange={(open) => !open && close()}
      title={refusal ? `Anonymise this ${noun} instead?` : `Delete this ${noun}?`}
      description={
        refusal ? (
          <>
            <span className="block">{refusal}</span>
            <span className="mt-2 block">{anonymiseDescription} This cannot be undone.</span>
          </>
        ) : (
          description
        )
      }
      confirmLabel={refusal ? `Anonymise ${noun}` : `Delete ${noun}`}
      pending={remove.isPending || anonymise.isPending}
      onConfirm={refusal ? confirmAnonymise : confirmDelete}
    />
  );
}
