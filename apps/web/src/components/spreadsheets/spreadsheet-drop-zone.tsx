import { FileSpreadsheetIcon } from 'lucide-react';
import { FileDropZone } from '@/components/file-drop-zone';
import { formatFileSize, limitsText, SPREADSHEET_ACCEPT, type SpreadsheetLimits } from './spreadsheet-file';

type SpreadsheetDropZoneProps = {
  id: string;
  /** The id of the element that names the picker. */
  labelledBy: string;
  describedBy?: string;
  file: File | null;
  onFile: (file: File) => void;
  limits: SpreadsheetLimits;
  invalid?: boolean;
  disabled?: boolean;
};

/** The .xlsx / .csv picker of imports and bulk sends, stating the file's limits until one is chosen. */
export function SpreadsheetDropZone({ file, limits, ...props }: SpreadsheetDropZoneProps) {
  return (
    <FileDropZone
      {...props}
      accept={SPREADSHEET_ACCEPT}
      icon={FileSpreadsheetIcon}
      title={file ? file.name : 'Choose an .xlsx or .csv file'}
      hint={
        file
          ? `${formatFileSize(file.size)} · choose another file, or drop one here`
          : `or drop it here · ${limitsText(limits)}`
      }
    />
  );
}
