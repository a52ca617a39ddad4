import { FileJsonIcon } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/utils';

type FileDropZoneProps = {
  id: string;
  /** The id of the element that names the input. */
  labelledBy: string;
  accept: string;
  fileName: string | null;
  onFile: (file: File) => void;
  invalid?: boolean;
  describedBy?: string;
};

/**
 * A file input shown as a drop area: click or press Enter/Space on it to choose a file, or drop one
 * on it. The native input keeps the focus and the keyboard behaviour.
 */
export function FileDropZone({ id, labelledBy, accept, fileName, onFile, invalid, describedBy }: FileDropZoneProps) {
  const [dragging, setDragging] = useState(false);
  return (
    <label
      htmlFor={id}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        const file = event.dataTransfer.files[0];
        if (file) onFile(file);
      }}
      className={cn(
        'relative flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors hover:bg-muted/50 has-focus-visible:ring-2 has-focus-visible:ring-ring has-focus-visible:ring-offset-2 has-focus-visible:ring-offset-background',
        dragging && 'border-primary bg-primary/5',
        invalid && !dragging && 'border-destructive/60',
      )}
    >
      <span className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
        <FileJsonIcon aria-hidden className="size-5" />
      </span>
      <span className="text-sm font-medium break-all">{fileName ?? 'Choose a JSON file'}</span>
      <span className="text-xs text-muted-foreground">
        {fileName ? 'Choose another file, or drop one here' : 'or drop it here'}
      </span>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so that choosing the same file again (after correcting it) reads it again.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </label>
  );
}
