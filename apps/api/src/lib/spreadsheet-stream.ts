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
export function xlsxStream(sheetName: string, header: readonly string[], rows: AsyncIterable<readonly string[]>): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = header.map((title) => ({ header: safeCell(title), width: Math.min(60, Math.max(12, title.length + 2)) }));
  void (async () => {
    for await (const row of rows) sheet.addRow(row.map(safeCell)).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}
