import { formatBytes, MAX_FILE_SIZE_BYTES, UPLOAD_CONTENT_TYPES } from '@portal/shared/custom-fields';
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Database } from '../../db/client';
import { AppError, NotFoundError, ValidationError } from '../../lib/errors';
import { ContentSniffer, type DetectedContentType } from './content-type';
import { newStorageKey, type FileStore } from './file-store';
import * as repo from './files.repository';

export type FilePurpose = 'custom-field' | 'logo' | 'import' | 'badge-layout';

export type UploadInput = {
  eventId: number | null;
  purpose: FilePurpose;
  /** As the sender named it: kept for display and downloads only. */
  originalName: string;
  bytes: Uint8Array;
  /** As the sender declared it: only tells CSV from plain text (see `detectContentType`). */
  declaredType?: string;
  adminId: number | null;
  /** At most 10 MiB whatever is asked. */
  maxBytes?: number;
  /** Detected types accepted; by default every type the server recognises. */
  allowedMimeTypes?: readonly string[];
  /** The form field named in a refusal, such as `customFieldValues.cv`. */
  field?: string;
};

export type StoredFile = { id: string; storageKey: string; contentType: DetectedContentType; sizeBytes: number; sha256: string };

/** Bytes written to the store and checked, whose row is still to be recorded (`record`). */
export type ReceivedFile = StoredFile & { originalName: string };

export type ReceiveInput = Pick<UploadInput, 'originalName' | 'declaredType' | 'maxBytes' | 'allowedMimeTypes' | 'field'>;

// Direction controls (U+202A–U+202E, U+2066–U+2069, the marks U+200E, U+200F and U+061C) can make
// `invoice\u202Egpj.exe` read as `invoiceexe.jpg`.
const DIRECTION_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// C0 and C1 controls and the quote break headers and lines.
const isUnsafe = (c: string) => c === '"' || c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f);

/** A name safe to show and to put in a download header: no path, no control or direction characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = Array.from(base.replace(DIRECTION_CONTROLS, '')).filter((c) => !isUnsafe(c));
  return clean.join('').trim().slice(-200) || 'file';
}


export function fileTooLarge(field: string, limit: number): AppError {
  const message = `The file is larger than ${formatBytes(limit)}`;
  return new AppError(413, 'Payload Too Large', message, [{ field, message }]);
}

function typeNotAccepted(field: string, allowed: readonly string[]): ValidationError {
  const names = allowed.map((type) => UPLOAD_CONTENT_TYPES[type as keyof typeof UPLOAD_CONTENT_TYPES] ?? type);
  return ValidationError.field(field, `This type of file is not accepted; use ${names.join(', ')}`);
}

export function createFilesService({ store }: { store: FileStore }) {
  /**
   * Streams an upload into the store under a random key while counting, hashing and reading its
   * type; stops at the first byte over the limit or as soon as the type cannot be an accepted one.
   * The store writes aside and renames, so a refused or broken upload leaves nothing behind.
   */
  async function receive(content: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, input: ReceiveInput): Promise<ReceivedFile> {
    const field = input.field ?? 'file';
    const limit = Math.min(input.maxBytes ?? MAX_FILE_SIZE_BYTES, MAX_FILE_SIZE_BYTES);
    const allowed = input.allowedMimeTypes ?? Object.keys(UPLOAD_CONTENT_TYPES);
    const sniffer = new ContentSniffer();
    const hash = createHash('sha256');
    let sizeBytes = 0;
    let contentType: DetectedContentType = 'application/octet-stream';
    async function* checked() {
      for await (const chunk of content) {
        sizeBytes += chunk.length;
        if (sizeBytes > limit) throw fileTooLarge(field, limit);
        hash.update(chunk);
        sniffer.push(chunk);
        const possible = sniffer.possibleTypes();
        if (possible && !possible.some((type) => allowed.includes(type))) throw typeNotAccepted(field, allowed);
        yield chunk;
      }
      if (sizeBytes === 0) throw ValidationError.field(field, 'The file is empty');
      contentType = sniffer.finish({ name: input.originalName, type: input.declaredType });
      if (!allowed.includes(contentType)) throw typeNotAccepted(field, allowed);
    }
    const storageKey = newStorageKey();
    await store.put(storageKey, Readable.from(checked(), { objectMode: false }));
    return { id: randomUUID(), storageKey, contentType, sizeBytes, sha256: hash.digest('hex'), originalName: cleanFileName(input.originalName) };
  }

  /** Records a received file in `files` with the caller's transaction. */
  async function record(tx: Database, file: ReceivedFile, owner: { eventId: number | null; purpose: FilePurpose; adminId: number | null }) {
    const { originalName, ...stored } = file;
    await repo.insertFile(tx, { ...stored, originalName, eventId: owner.eventId, purpose: owner.purpose, createdByAdminId: owner.adminId });
  }

  return {
    receive,
    record,

    /**
     * Checks an upload held in memory, writes its bytes and records it with the given
     * transaction. The bytes are written before the row: should the caller's transaction fail
     * afterwards, it calls `discard` with what this returned.
     */
    async storeUpload(tx: Database, input: UploadInput): Promise<StoredFile> {
      const received = await receive([input.bytes], input);
      try {
        await record(tx, received, input);
      } catch (error) {
        await store.delete(received.storageKey);
        throw error;
      }
      const { originalName: _name, ...stored } = received;
      return stored;
    },

    /** Removes the bytes of uploads whose transaction did not commit. */
    async discard(uploads: readonly Pick<StoredFile, 'storageKey'>[]): Promise<void> {
      await Promise.all(uploads.map((upload) => store.delete(upload.storageKey)));
    },

    /**
     * Removes the bytes of files whose rows a transaction deleted, once it has committed: never
     * before, as a rollback would leave rows without bytes. Best effort, since the change has been
     * made: what cannot be removed now, the orphan sweep removes later.
     */
    async removeDeleted(deleted: readonly Pick<StoredFile, 'storageKey'>[]): Promise<void> {
      await Promise.allSettled(deleted.map((file) => store.delete(file.storageKey)));
    },

    /** A stored file of the given event (null: any event) with a stream of its bytes. */
    async openFile(db: Database, id: string, eventId: number | null): Promise<{ file: repo.FileRow; content: Readable }> {
      const file = await repo.findFile(db, id, eventId);
      const content = file && (await store.get(file.storageKey));
      if (!file || !content) throw new NotFoundError('File');
      return { file, content };
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
