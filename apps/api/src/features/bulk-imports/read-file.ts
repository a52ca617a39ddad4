import { BULK_IMPORT_MAX_BYTES } from '@portal/shared/bulk-imports';
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../lib/errors';
import type { FilePart } from '../../lib/multipart-form';
import { readCsv } from './read-csv';
import { readXlsx } from './read-xlsx';
import { fileError, type Sheet } from './sheet';

/** An uploaded spreadsheet, streamed to a temporary file of its own until the request ends. */
export type ReceivedSheet = { path: string; fileName: string; mimetype: string; sizeBytes: number };

const CSV_TYPES = new Set([
  'text/csv',
  'text/plain',
  'application/csv',
  'text/comma-separated-values',
  'application/vnd.ms-excel',
]);

function unsupported(message: string): AppError {
  return new AppError(415, 'Unsupported Media Type', message, [{ field: 'file', message }]);
}

function tooLarge(maxBytes: number): AppError {
  const message = `The file is larger than ${maxBytes / (1024 * 1024)} MB; split it into smaller files`;
  return new AppError(413, 'Payload Too Large', message, [{ field: 'file', message }]);
}

/** Streams the `file` part to a temporary file, refusing it as soon as it passes the size limit. */
export async function receiveSheet(part: FilePart, maxBytes = BULK_IMPORT_MAX_BYTES): Promise<ReceivedSheet> {
  const dir = await mkdtemp(join(tmpdir(), 'bulk-import-'));
  const path = join(dir, 'upload');
  let sizeBytes = 0;
  try {
    await pipeline(
      (async function* () {
        for await (const chunk of part.content) {
          sizeBytes += chunk.length;
          if (sizeBytes > maxBytes) throw tooLarge(maxBytes);
          yield chunk;
        }
      })(),
      createWriteStream(path),
    );
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { path, fileName: part.filename, mimetype: part.mimetype, sizeBytes };
}

export async function discardSheet(file: ReceivedSheet): Promise<void> {
  await rm(join(file.path, '..'), { recursive: true, force: true });
}

/**
 * Reads an upload by what its bytes are, the name and type it was sent under deciding only between
 * text and refusal: a zip is read as .xlsx, text named or typed as CSV as .csv, anything else 415.
 */
export async function readSheet(file: ReceivedSheet): Promise<Sheet> {
  if (file.sizeBytes === 0) throw fileError('The file is empty');
  const head = Buffer.alloc(8);
  const handle = await open(file.path, 'r');
  try {
    await handle.read(head, 0, 8, 0);
  } finally {
    await handle.close();
  }
  const extension = extname(file.fileName).toLowerCase();
  if (head.readUInt32LE(0) === 0x04034b50) {
    if (extension !== '.xlsx' && extension !== '.csv' && extension !== '') {
      throw unsupported(`A ${extension} file cannot be imported; upload an Excel workbook (.xlsx) or a .csv`);
    }
    return readXlsx(file.path);
  }
  if (head.readUInt32BE(0) === 0xd0cf11e0)
    throw unsupported('This is an old Excel file (.xls); save it as an Excel workbook (.xlsx) and upload that');
  if (extension === '.xlsx')
    throw unsupported('This file is named .xlsx but is not an Excel workbook; save it again from Excel');
  if (extension === '.csv' || (extension === '' && CSV_TYPES.has(file.mimetype)))
    return readCsv(await readFile(file.path));
  throw unsupported(
    `${extension ? `A ${extension} file` : 'This file'} cannot be imported; upload an Excel workbook (.xlsx) or a .csv`,
  );
}
