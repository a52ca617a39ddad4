import { PencilIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';

type RowActionsProps = { name: string; onEdit: () => void; onDelete: () => void; deleteBlockedReason?: string };

/** Edit and delete buttons of a table row, named after the row for screen readers. */
export function RowActions({ name, onEdit, onDelete, deleteBlockedReason }: RowActionsProps) {
  return (
    <div className="flex justify-end gap-1">
      <Tooltip content="Edit">
        <Button variant="ghost" size="icon-sm" aria-label={`Edit ${name}`} onClick={onEdit}>
          <PencilIcon aria-hidden />
        </Button>
      </Tooltip>
      <DeleteRowButton name={name} onDelete={onDelete} blockedReason={deleteBlockedReason} />
    </div>
  );
}

type DeleteRowButtonProps = { name: string; onDelete: () => void; blockedReason?: string };

/** The delete button of a table row, disabled with its reason in the tooltip when the row cannot go. */
export function DeleteRowButton({ name, onDelete, blockedReason }: DeleteRowButtonProps) {
  return (
    <Tooltip content={blockedReason ?? 'Delete'}>
      {/* A disabled button gets no pointer events, so the tooltip hangs on a wrapper. */}
      <span tabIndex={blockedReason ? 0 : undefined}>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Delete ${name}`}
          disabled={Boolean(blockedReason)}
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          onClick={onDelete}
        >
          <Trash2Icon aria-hidden />
        </Button>
      </span>
    </Tooltip>
  );
}
