import type { UploadContentType } from '@portal/shared/custom-fields';

export type DetectedContentType = UploadContentType | 'application/zip' | 'application/octet-stream';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, i) => bytes[offset + i] === byte);
}
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The type of a file read from its bytes, never from the name or type its sender gave: a client
 * can call anything `photo.png`. Text is told apart from binary by being valid UTF-8 without
 * control characters; only then does the sender's word choose between plain text and CSV, two
 * equally inert kinds of text.
 */
export function detectContentType(bytes: Uint8Array, sender: { name?: string; type?: string } = {}): DetectedContentType {
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    const names = zipEntryNames(bytes);
    if (names?.has('[Content_Types].xml')) {
      if (names.has('xl/workbook.xml')) return XLSX;
      if (names.has('word/document.xml')) return DOCX;
    }
    return 'application/zip';
  }
  if (isText(bytes)) {
    const saysCsv = sender.type?.toLowerCase().startsWith('text/csv') || /\.csv$/i.test(sender.name ?? '');
    return saysCsv ? 'text/csv' : 'text/plain';
  }
  return 'application/octet-stream';
}

/** The entry names of a ZIP archive from its central directory; null when it is not well formed. */
function zipEntryNames(bytes: Uint8Array): Set<string> | null {
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
  let at = view.getUint32(end + 16, true);
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

function isText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  for (const byte of bytes) {
    // Tab, line feed, form feed and carriage return are the only control characters text needs.
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) || byte === 0x7f) return false;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
