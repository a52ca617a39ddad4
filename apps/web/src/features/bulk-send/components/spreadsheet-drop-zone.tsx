import { FileSpreadsheetIcon } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/utils';

type SpreadsheetDropZoneProps = {
  id: string;
  labelledBy: string;
  fileName: string | null;
  onFile: (file: File) => void;
  disabled?: boolean;
};

/** Click, press Enter/Space, or drop a file: the native input keeps the focus and the keyboard behaviour. */
export function SpreadsheetDropZone({ id, labelledBy, fileName, onFile, disabled }: SpreadsheetDropZoneProps) {
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
        const file = event.dataTransfer.files[0];
        if (file && !disabled) onFile(file);
      }}
      className={cn(
        'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors hover:bg-muted/50 has-focus-visible:ring-2 has-focus-visible:ring-ring',
        dragging && 'border-primary bg-primary/5',
        disabled && 'pointer-events-none opacity-60',
      )}
    >
      <FileSpreadsheetIcon aria-hidden className="size-8 text-primary" />
      <span className="text-sm font-medium break-all">{fileName ?? 'Choose the filled-in .xlsx or .csv file'}</span>
      <span className="text-xs text-muted-foreground">
        {fileName ? 'Choose another file, or drop one here' : 'or drop it here'}
      </span>
      <input
        id={id}
        type="file"
        accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
        aria-labelledby={labelledBy}
        disabled={disabled}
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
