import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Parse } from 'unzipper';
import { AppError } from '../../lib/errors';
import { fileError } from './sheet';

/** The most an .xlsx may unpack to: 50,000 rows of a wide template take well under half of it. */
export const MAX_UNPACKED_BYTES = 400 * 1024 * 1024;
/** Any one part of it. */
export const MAX_ENTRY_BYTES = 250 * 1024 * 1024;
/** Spreadsheet XML packs about 10:1; a part packed 200 times smaller is a bomb, not a sheet. */
const MAX_RATIO = 200;
const RATIO_FROM_BYTES = 1024 * 1024;
const END_RECORD = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;

/**
 * Refuses an .xlsx whose parts would unpack beyond the limits: first from the sizes its central
 * directory declares, then by unpacking it as the reader will, counting the bytes and keeping none,
 * so that a zip whose headers lie is stopped as soon as it unpacks to more than it declared.
 */
export async function checkZipSizes(path: string): Promise<{ parts: Set<string> }> {
  const { total, parts } = await declaredParts(path);
  await checkUnpackedBytes(path, total);
  return { parts };
}

/**
 * The parts the central directory names and what it declares they unpack to, refusing it when that
 * is over the limits. ZIP64 archives, which a 10 MB spreadsheet never needs, are refused too.
 */
async function declaredParts(path: string): Promise<{ total: number; parts: Set<string> }> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const tailLength = Math.min(size, 22 + 65_535);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    let end = -1;
    for (let i = tailLength - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === END_RECORD) {
        end = i;
        break;
      }
    }
    if (end < 0) throw fileError('This .xlsx is damaged: open it in Excel and save it again');
    const entries = tail.readUInt16LE(end + 10);
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryOffset = tail.readUInt32LE(end + 16);
    if (entries === 0xffff || directoryOffset === 0xffffffff || directoryOffset + directorySize > size) {
      throw fileError('This .xlsx cannot be read: open it in Excel and save it again');
    }
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    let total = 0;
    let at = 0;
    const parts = new Set<string>();
    for (let n = 0; n < entries; n++) {
      if (at + 46 > directorySize || directory.readUInt32LE(at) !== CENTRAL_ENTRY)
        throw fileError('This .xlsx is damaged: open it in Excel and save it again');
      const packed = directory.readUInt32LE(at + 20);
      const unpacked = directory.readUInt32LE(at + 24);
      if (unpacked === 0xffffffff || packed === 0xffffffff) throw fileError('This .xlsx is too large to unpack');
      if (unpacked > MAX_ENTRY_BYTES || (unpacked > RATIO_FROM_BYTES && unpacked > packed * MAX_RATIO)) {
        throw fileError('This .xlsx unpacks to far more than its size: it is refused as a zip bomb');
      }
      total += unpacked;
      const nameLength = directory.readUInt16LE(at + 28);
      parts.add(directory.toString('utf8', at + 46, Math.min(at + 46 + nameLength, directorySize)));
      at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
    }
    if (total > MAX_UNPACKED_BYTES)
      throw fileError('This .xlsx unpacks to more than 400 MB: it is refused as a zip bomb');
    return { total, parts };
  } finally {
    await handle.close();
  }
}

/**
 * Unpacks every entry with the zip reader exceljs uses, so it meets the same entries the same way
 * (from the local headers, as the zip streams, not from the central directory), and refuses the
 * file as soon as the bytes really unpacked pass what the central directory declared or a part
 * passes its limit. Only counts are kept; the bytes are dropped as they come.
 */
async function checkUnpackedBytes(path: string, declared: number): Promise<void> {
  const source = createReadStream(path);
  const zip = source.pipe(Parse({ forceStream: true }));
  source.on('error', (error) => zip.destroy(error));
  let total = 0;
  try {
    for await (const entry of zip) {
      let size = 0;
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        size += chunk.length;
        total += chunk.length;
        if (total > declared || size > MAX_ENTRY_BYTES) {
          throw fileError('This .xlsx unpacks to more than its headers declare: it is refused as a zip bomb');
        }
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw fileError('This .xlsx is damaged: open it in Excel and save it again');
  } finally {
    source.destroy();
  }
}
