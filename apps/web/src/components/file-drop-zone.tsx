import type { LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/utils';

type FileDropZoneProps = {
  id: string;
  /** The id of the element that names the picker. */
  labelledBy: string;
  describedBy?: string;
  accept: string;
  icon: LucideIcon;
  /** The chosen file's name, or what to choose. */
  title: string;
  /** What else to know: what to do next, or the limits. */
  hint: string;
  onFile: (file: File) => void;
  invalid?: boolean;
  disabled?: boolean;
};

/**
 * A file picker shown as a drop area. The native file input inside keeps the focus, so Tab
 * reaches it and Enter or Space opens the browser's file chooser; dropping a file works too.
 */
export function FileDropZone({
  id,
  labelledBy,
  describedBy,
  accept,
  icon: Icon,
  title,
  hint,
  onFile,
  invalid = false,
  disabled = false,
}: FileDropZoneProps) {
  const [dragging, setDragging] = useState(false);
  return (
    <label
      htmlFor={id}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        const dropped = event.dataTransfer.files[0];
        if (dropped && !disabled) onFile(dropped);
      }}
      className={cn(
        'relative flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors has-focus-visible:ring-2 has-focus-visible:ring-ring has-focus-visible:ring-offset-2 has-focus-visible:ring-offset-background',
        disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:bg-muted/50',
        dragging && 'border-primary bg-primary/5',
        invalid && !dragging && 'border-destructive/60',
      )}
    >
      <span className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Icon aria-hidden className="size-5" />
      </span>
      <span className="text-sm font-medium break-all">{title}</span>
      <span className="text-xs text-muted-foreground">{hint}</span>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        disabled={disabled}
        className="sr-only"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          // Cleared, so that choosing the same file again after correcting it reads it again.
          event.target.value = '';
          if (chosen) onFile(chosen);
        }}
      />
    </label>
  );
}
