import type { UploadContentType } from '@portal/shared/custom-fields';

export type DetectedContentType = UploadContentType | 'application/zip' | 'application/octet-stream';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, i) => bytes[offset + i] === byte);
}
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const TEXT_TYPES: readonly DetectedContentType[] = ['text/plain', 'text/csv'];
const ZIP_TYPES: readonly DetectedContentType[] = ['application/zip', XLSX, DOCX];
/** Enough of the start of a file for every signature below. */
const HEAD_BYTES = 16;
/** The end of an archive kept to read its central directory: Office files' directories are a few KiB. */
const ZIP_TAIL_BYTES = 1024 * 1024;

function signatureOf(head: Uint8Array): DetectedContentType | null {
  if (startsWith(head, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'application/zip';
  return null;
}

/**
 * Reads a file's type from its bytes as they stream in, never from the name or type its sender
 * gave: a client can call anything `photo.png`. Text is told apart from binary by being valid
 * UTF-8 without control characters; only then does the sender's word choose between plain text
 * and CSV, two equally inert kinds of text. Holds at most the first bytes and, for an archive,
 * its last MiB.
 */
export class ContentSniffer {
  private head = new Uint8Array(0);
  private size = 0;
  private text = true;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private tail: Uint8Array[] = [];
  private tailBytes = 0;

  push(chunk: Uint8Array): void {
    if (this.head.length < HEAD_BYTES) {
      const head = new Uint8Array(Math.min(HEAD_BYTES, this.head.length + chunk.length));
      head.set(this.head);
      head.set(chunk.subarray(0, head.length - this.head.length), this.head.length);
      this.head = head;
    }
    this.size += chunk.length;
    if (this.text) this.text = isTextChunk(chunk, this.decoder);
    if (signatureOf(this.head) === 'application/zip') {
      this.tail.push(chunk);
      this.tailBytes += chunk.length;
      while (this.tailBytes - this.tail[0]!.length >= ZIP_TAIL_BYTES) this.tailBytes -= this.tail.shift()!.length;
    }
  }

  /**
   * The types the file can still turn out to be, or null while too few bytes have come to say:
   * lets an upload of the wrong kind be refused before the rest of it arrives.
   */
  possibleTypes(): readonly DetectedContentType[] | null {
    if (this.head.length < HEAD_BYTES) return null;
    const signature = signatureOf(this.head);
    if (signature === 'application/zip') return ZIP_TYPES;
    if (signature) return [signature];
    return this.text ? TEXT_TYPES : ['application/octet-stream'];
  }

  /** The type, once every byte has been pushed. */
  finish(sender: { name?: string; type?: string } = {}): DetectedContentType {
    const signature = signatureOf(this.head);
    if (signature === 'application/zip') {
      const tail = concat(this.tail, this.tailBytes);
      const names = zipEntryNames(tail, this.size - tail.length);
      if (names?.has('[Content_Types].xml')) {
        if (names.has('xl/workbook.xml')) return XLSX;
        if (names.has('word/document.xml')) return DOCX;
      }
      return 'application/zip';
    }
    if (signature) return signature;
    if (this.size > 0 && this.text && isTextEnd(this.decoder)) {
      const saysCsv = sender.type?.toLowerCase().startsWith('text/csv') || /\.csv$/i.test(sender.name ?? '');
      return saysCsv ? 'text/csv' : 'text/plain';
    }
    return 'application/octet-stream';
  }
}

/** The type of a file held whole in memory; see `ContentSniffer`. */
export function detectContentType(bytes: Uint8Array, sender: { name?: string; type?: string } = {}): DetectedContentType {
  const sniffer = new ContentSniffer();
  sniffer.push(bytes);
  return sniffer.finish(sender);
}

function concat(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/**
 * The entry names of a ZIP archive from its central directory; null when it is not well formed.
 * `bytes` is the end of the archive, starting at offset `base` of the whole.
 */
function zipEntryNames(bytes: Uint8Array, base = 0): Set<string> | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record is in the last 22 bytes plus at most a 64 KiB comment.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true) - base;
  if (at < 0) return null;
  const names = new Set<string>();
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || view.getUint32(at, true) !== 0x02014b50) return null;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength > end) return null;
    names.add(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

function isTextChunk(bytes: Uint8Array, decoder: InstanceType<typeof TextDecoder>): boolean {
  for (const byte of bytes) {
    // Tab, line feed, form feed and carriage return are the only control characters text needs.
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) || byte === 0x7f) return false;
  }
  try {
    decoder.decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** False when the text ends inside a UTF-8 sequence. */
function isTextEnd(decoder: InstanceType<typeof TextDecoder>): boolean {
  try {
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}
