import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { safeCell } from './spreadsheet-cells';

/**
 * Streamed exports of rows of text (the check-in log, an exhibitor's leads): CSV and .xlsx written
 * row by row as the rows arrive, so that an export of any length holds one batch in memory. Every
 * cell goes through `safeCell`: a text a spreadsheet program would run as a formula stays text.
 */

/** A time as people at the show read it: in the event's time zone, `2027-05-09 10:40:05` (the column header names the zone). */
export function localTimeFormat(timeZone: string): (iso: string | null) => string {
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
  return (iso) => (iso ? format.format(new Date(iso)) : '');
}

/** A CSV field: quoted when it holds a separator, a quote or a line break. */
const csvField = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** One CSV line of cells, each neutralised against formulas. */
export const csvLine = (cells: readonly string[]) => `${cells.map((cell) => csvField(safeCell(cell))).join(',')}\r\n`;

/** Rows as CSV (UTF-8 with a byte-order mark, so spreadsheet programs read its letters right), streamed. */
export function csvStream(header: readonly string[], rows: AsyncIterable<readonly string[]>): Readable {
  return Readable.from(
    (async function* () {
      // Lines go out in chunks of about 64 KiB: a chunk per row costs more than writing the row.
      let chunk = `\uFEFF${csvLine(header)}`;
      for await (const row of rows) {
        chunk += csvLine(row);
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
 * Rows as an .xlsx written row by row to the stream. Every cell is a string cell, never a formula,
 * and a formula-like text is behind an apostrophe besides. The workbook carries no styles (no bold
 * header, no text format): ExcelJS writes a style into every cell then, which made a long file
 * about 2.5 times slower to write.
 */
/** How much of a sheet's XML may wait for compression before the rows stop for it. */
const XML_BACKLOG_BYTES = 1 << 20;

/**
 * ExcelJS hands a sheet's XML to the zip's compressor without waiting for it (its buffer ignores
 * backpressure), so rows read faster than they compress would pile up in memory: 100,000 badges
 * held about 120 MB. Waiting here for that first stream to drain keeps an export to about a batch,
 * whatever its length, and lets a slow download hold the rows back too. The stream is ExcelJS's
 * own; if a later version no longer has it, nothing waits.
 */
async function compressionCaughtUp(sheet: ExcelJS.Worksheet): Promise<void> {
  const next = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0] as
    | (NodeJS.EventEmitter & { _writableState?: { length: number } })
    | undefined;
  if (next && (next._writableState?.length ?? 0) > XML_BACKLOG_BYTES) await once(next, 'drain');
}

export function xlsxStream(sheetName: string, header: readonly string[], rows: AsyncIterable<readonly string[]>): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = header.map((title) => ({ header: safeCell(title), width: Math.min(60, Math.max(12, title.length + 2)) }));
  void (async () => {
    let written = 0;
    for await (const row of rows) {
      sheet.addRow(row.map(safeCell)).commit();
      if (++written % 256 === 0) await compressionCaughtUp(sheet);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}
