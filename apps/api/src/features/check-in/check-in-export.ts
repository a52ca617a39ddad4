import type { Readable } from 'node:stream';
import { CHECK_IN_RESULT_LABELS, type CheckInLogEntry } from '@portal/shared/check-in';
import { csvStream, localTimeFormat, xlsxStream } from '../../lib/spreadsheet-stream';

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

/** The log as CSV, streamed row by row. */
export function checkInsCsv(entries: AsyncIterable<CheckInLogEntry>, timeZone: string): Readable {
  return csvStream(exportColumns(timeZone), rowsOf(entries, timeZone));
}

/** The log as an .xlsx, written row by row to the stream (see `xlsxStream` for why it has no styles). */
export function checkInsXlsx(entries: AsyncIterable<CheckInLogEntry>, timeZone: string): Readable {
  return xlsxStream('Check-ins', exportColumns(timeZone), rowsOf(entries, timeZone));
}

async function* rowsOf(entries: AsyncIterable<CheckInLogEntry>, timeZone: string): AsyncGenerator<string[]> {
  const time = localTimeFormat(timeZone);
  for await (const entry of entries) yield exportRow(entry, time);
}
