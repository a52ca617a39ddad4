import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api-client';

/**
 * The create/edit dialog and the delete confirmation of a list screen: which row each is open
 * for, and the delete itself with its toasts.
 */
export function useRowDialogs<T extends { id: number; name: string }>(
  remove: UseMutationResult<void, Error, number>,
  noun: string,
) {
  const [editing, setEditing] = useState<{ row: T | null } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(`${deleting.name} deleted`),
      onError: (error) => toast.error(errorMessage(error, `The ${noun} could not be deleted`)),
      onSettled: () => setDeleting(null),
    });
  }

  return {
    editing,
    openCreate: () => setEditing({ row: null }),
    openEdit: (row: T) => setEditing({ row }),
    closeEditor: () => setEditing(null),
    deleting,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    confirmDelete,
    deletePending: remove.isPending,
  };
}
