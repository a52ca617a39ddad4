import { PassThrough, Readable } from 'node:stream';
import { CHECK_IN_RESULT_LABELS, type CheckInLogEntry } from '@portal/shared/check-in';
import ExcelJS from 'exceljs';
import { safeCell } from '../../lib/spreadsheet-cells';

/** A time as the door saw it: in the event's time zone, `2027-05-09 10:40:05` (the column header names the zone). */
function localTime(timeZone: string) {
  // Swedish writes dates and times in ISO order, which spreadsheet programs read as such.
  const format = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
  return (iso: string | null) => (iso ? format.format(new Date(iso)) : '');
}

export function exportColumns(timeZone: string): string[] {
  return [
    `Scanned at (${timeZone})`,
    `Recorded at (${timeZone})`,
    'List',
    'Device',
    'Code',
    'Holder',
    'Company',
    'Direction',
    'Method',
    'Result',
    'Reason',
    'Offline',
    'Result on the device',
    'Conflict',
    `Conflict resolved at (${timeZone})`,
    `Undone at (${timeZone})`,
    'Undo reason',
  ];
}

function exportRow(entry: CheckInLogEntry, time: (iso: string | null) => string): string[] {
  return [
    time(entry.scannedAt),
    time(entry.recordedAt),
    entry.listName,
    entry.deviceName ?? '',
    entry.code,
    entry.holderName ?? '',
    entry.company ?? '',
    entry.direction,
    entry.method,
    CHECK_IN_RESULT_LABELS[entry.result],
    entry.reason ?? '',
    entry.offline ? 'Yes' : 'No',
    entry.localResult ? CHECK_IN_RESULT_LABELS[entry.localResult] : '',
    entry.conflict ? 'Yes' : 'No',
    time(entry.conflictResolvedAt),
    time(entry.undoneAt),
    entry.undoReason ?? '',
  ];
}

/** A CSV field: quoted when it holds a separator, a quote or a line break. */
const csvField = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
const csvLine = (cells: readonly string[]) => `${cells.map((cell) => csvField(safeCell(cell))).join(',')}\r\n`;

/** The log as CSV (UTF-8 with a byte-order mark, so spreadsheet programs read its letters right), streamed row by row. */
export function checkInsCsv(entries: AsyncIterable<CheckInLogEntry>, timeZone: string): Readable {
  const time = localTime(timeZone);
  return Readable.from(
    (async function* () {
      // Lines go out in chunks of about 64 KiB: a chunk per row costs more than writing the row.
      let chunk = `\uFEFF${csvLine(exportColumns(timeZone))}`;
      for await (const entry of entries) {
        chunk += csvLine(exportRow(entry, time));
        if (chunk.length >= 65_536) {
          yield chunk;
          chunk = '';
        }
      }
      yield chunk;
    })(),
  );
}

/**
 * The log as an .xlsx written row by row to the stream. Every cell is a string cell, never a
 * formula, and a formula-like text is behind an apostrophe besides. The workbook carries no styles
 * (no bold header, no text format): ExcelJS writes a style into every cell then, which made a long
 * log's file about 2.5 times slower to write.
 */
export function checkInsXlsx(entries: AsyncIterable<CheckInLogEntry>, timeZone: string): Readable {
  const time = localTime(timeZone);
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Check-ins', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = exportColumns(timeZone).map((header) => ({ header, width: Math.max(12, header.length + 2) }));
  void (async () => {
    for await (const entry of entries) sheet.addRow(exportRow(entry, time).map(safeCell)).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}
