import { BULK_IMPORT_MAX_BYTES } from '@portal/shared/bulk-imports';

/** What the file picker offers; the server still decides by the file's content. */
export const SPREADSHEET_ACCEPT =
  '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

const MAX_MEGABYTES = BULK_IMPORT_MAX_BYTES / (1024 * 1024);

/** A size as people read it: bytes, KB or MB with one decimal. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Why the browser refuses a file before sending it, or null when it may go: only .xlsx and .csv up
 * to 10 MB, so that nobody waits for an upload the server would refuse.
 */
export function spreadsheetFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!/\.(xlsx|csv)$/i.test(file.name)) {
    return `${file.name} is not a spreadsheet the portal reads: choose an .xlsx or .csv file (an older .xls can be saved as .xlsx from Excel).`;
  }
  if (file.size > BULK_IMPORT_MAX_BYTES) {
    return `${file.name} is ${formatFileSize(file.size)}, over the ${MAX_MEGABYTES} MB a file may hold. Split it into smaller files.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}
