import { parse } from 'csv-parse/sync';
import { fileError, SheetBuilder, type Sheet } from './sheet';

export type CsvEncoding = 'utf-8' | 'utf-8-bom' | 'windows-1252' | 'iso-8859-1';

// Windows-1252's characters at 0x80–0x9F; the rest of it is Latin-1. Spelled out because Node's
// TextDecoder decodes these bytes as Latin-1's C1 controls. The five it leaves undefined stay controls.
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';
const UNDEFINED_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes)
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (control) => CP1252_HIGH[control.charCodeAt(0) - 0x80]!);
}
// A character that did not survive decoding: the replacement character or a C1 control.
const UNREADABLE = /[\u0080-\u009f\ufffd]/;

/**
 * Decodes a .csv as UTF-8 (with or without its BOM) when it is valid UTF-8, otherwise as one of
 * the single-byte encodings Excel saves in: Windows-1252 when the bytes 0x80–0x9F appear (its
 * curly quotes, euro sign, dashes), else Latin-1, which agrees with Windows-1252 everywhere else.
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8-bom' };
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw fileError('This .csv is in UTF-16; save it as “CSV UTF-8” or as .xlsx');
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    // Not UTF-8: one of the single-byte encodings below.
  }
  if (bytes.some((byte) => byte >= 0x80 && byte <= 0x9f)) {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
  return { text: Buffer.from(bytes).toString('latin1'), encoding: 'iso-8859-1' };
}

/** Excel writes `;` where the comma is the decimal separator: the header row tells which. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((delimiter) => [delimiter, firstLine.split(delimiter).length] as const);
  return counts.reduce((best, candidate) => (candidate[1] > best[1] ? candidate : best))[0];
}

export function readCsv(bytes: Uint8Array): Sheet {
  if (bytes.some((byte) => byte === 0)) throw fileError('This file is not a .csv text file; upload .xlsx or .csv');
  const { text, encoding } = decodeCsv(bytes);
  const delimiter = delimiterOf(text);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: false,
      max_record_size: 1024 * 1024,
    }) as string[][];
  } catch (error) {
    const { code, lines: where } = error as { code?: string; lines?: number };
    if (code === 'CSV_MAX_RECORD_SIZE')
      throw fileError(`A row${where ? ` near line ${where}` : ''} is longer than 1 MB; no cell may hold that much`);
    throw fileError(`The .csv cannot be read${where ? ` near line ${where}` : ''}: check its quotes`);
  }
  const sheet = new SheetBuilder({ separator: delimiter });
  records.forEach((cells, index) => sheet.add(index + 1, cells));
  if (encoding === 'windows-1252' && bytes.some((byte) => UNDEFINED_1252.has(byte))) {
    sheet.warn({
      row: null,
      column: null,
      message: 'Some bytes have no character in Windows-1252; save the file as “CSV UTF-8”',
    });
  }
  sheet.rows.forEach(({ row, cells }) =>
    cells.forEach((cell, index) => {
      if (UNREADABLE.test(cell))
        sheet.warn({
          row,
          column: sheet.columns?.[index] ?? null,
          message: 'A character could not be read; check this cell',
        });
    }),
  );
  return sheet.finish('csv', encoding);
}
