/** What the file picker offers; the server still decides by the file's content. */
export const SPREADSHEET_ACCEPT =
  '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

/** What a kind of upload takes at most, from its shared contract. */
export type SpreadsheetLimits = { maxBytes: number; maxRows: number };

/** A size as people read it: bytes, KB or MB with one decimal. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The limits as the drop area states them: "up to 10 MB and 50,000 rows". */
export function limitsText({ maxBytes, maxRows }: SpreadsheetLimits): string {
  return `up to ${formatFileSize(maxBytes).replace('.0 MB', ' MB')} and ${maxRows.toLocaleString('en')} rows`;
}

/**
 * Why the browser refuses a file before sending it, or null when it may go: only .xlsx and .csv
 * within the size limit, so that nobody waits for an upload the server would refuse.
 */
export function spreadsheetFileProblem(
  file: Pick<File, 'name' | 'size'>,
  { maxBytes }: SpreadsheetLimits,
): string | null {
  if (!/\.(xlsx|csv)$/i.test(file.name)) {
    return `${file.name} is not a spreadsheet the portal reads: choose an .xlsx or .csv file (an older .xls can be saved as .xlsx from Excel).`;
  }
  if (file.size > maxBytes) {
    return `${file.name} is ${formatFileSize(file.size)}, over the ${formatFileSize(maxBytes).replace('.0 MB', ' MB')} a file may hold. Split it into smaller files.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}
