import type { LucideIcon } from 'lucide-react';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';

/** One icon button of a table row: its tooltip, and a name that says which row it acts on. */
export type RowAction = {
  tooltip: string;
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  disabled?: boolean;
  /** A switch's state (on or off), read out by screen readers. */
  pressed?: boolean;
  destructive?: boolean;
};

const destructiveClasses = 'text-destructive hover:bg-destructive/10 hover:text-destructive';

export function RowActionButton({ tooltip, label, icon: Icon, onClick, disabled, pressed, destructive }: RowAction) {
  return (
    <Tooltip content={tooltip}>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={label}
        aria-pressed={pressed}
        disabled={disabled}
        className={destructive ? destructiveClasses : undefined}
        onClick={onClick}
      >
        <Icon aria-hidden />
      </Button>
    </Tooltip>
  );
}

/** A row's icon buttons, right-aligned; `className` lets a long set wrap on a phone. */
export function RowActionButtons({ actions, className }: { actions: RowAction[]; className?: string }) {
  return (
    <div className={cn('flex justify-end gap-1', className)}>
      {actions.map((action) => (
        <RowActionButton key={action.label} {...action} />
      ))}
    </div>
  );
}

type RowActionsProps = { name: string; onEdit: () => void; onDelete: () => void; deleteBlockedReason?: string };

/** Edit and delete buttons of a table row, named after the row for screen readers. */
export function RowActions({ name, onEdit, onDelete, deleteBlockedReason }: RowActionsProps) {
  return (
    <div className="flex justify-end gap-1">
      <RowActionButton tooltip="Edit" label={`Edit ${name}`} icon={PencilIcon} onClick={onEdit} />
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
          className={destructiveClasses}
          onClick={onDelete}
        >
          <Trash2Icon aria-hidden />
        </Button>
      </span>
    </Tooltip>
  );
}
