import { MAX_FILE_SIZE_BYTES, UPLOAD_CONTENT_TYPES } from '@portal/shared/custom-fields';
import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Database } from '../../db/client';
import { AppError, NotFoundError, ValidationError } from '../../lib/errors';
import { detectContentType, type DetectedContentType } from './content-type';
import { newStorageKey, type FileStore } from './file-store';
import * as repo from './files.repository';

export type FilePurpose = 'custom-field' | 'logo' | 'import';

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

/** A name safe to show and to put in a download header: no path, no control characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c !== '\u007f' && c !== '"')
    .join('')
    .trim()
    .slice(-200);
  return clean || 'file';
}

export function createFilesService({ store }: { store: FileStore }) {
  return {
    /**
     * Checks an upload's real type and size, writes its bytes under a random key and records it
     * in `files` with the given transaction. The bytes are written before the row: should the
     * caller's transaction fail afterwards, it calls `discard` with what this returned.
     */
    async storeUpload(tx: Database, input: UploadInput): Promise<StoredFile> {
      const field = input.field ?? 'file';
      const limit = Math.min(input.maxBytes ?? MAX_FILE_SIZE_BYTES, MAX_FILE_SIZE_BYTES);
      if (input.bytes.byteLength > limit) {
        const message = `The file is larger than ${Math.floor(limit / 1024)} KiB`;
        throw new AppError(413, 'Payload Too Large', message, [{ field, message }]);
      }
      if (input.bytes.byteLength === 0) throw ValidationError.field(field, 'The file is empty');
      const contentType = detectContentType(input.bytes, { name: input.originalName, type: input.declaredType });
      const allowed = input.allowedMimeTypes ?? Object.keys(UPLOAD_CONTENT_TYPES);
      if (!allowed.includes(contentType)) {
        throw ValidationError.field(field, 'This type of file is not accepted');
      }
      const stored: StoredFile = {
        id: randomUUID(),
        storageKey: newStorageKey(),
        contentType,
        sizeBytes: input.bytes.byteLength,
        sha256: createHash('sha256').update(input.bytes).digest('hex'),
      };
      await store.put(stored.storageKey, input.bytes);
      try {
        await repo.insertFile(tx, {
          ...stored,
          eventId: input.eventId,
          originalName: cleanFileName(input.originalName),
          purpose: input.purpose,
          createdByAdminId: input.adminId,
        });
      } catch (error) {
        await store.delete(stored.storageKey);
        throw error;
      }
      return stored;
    },

    /** Removes the bytes of uploads whose transaction did not commit. */
    async discard(uploads: readonly Pick<StoredFile, 'storageKey'>[]): Promise<void> {
      await Promise.all(uploads.map((upload) => store.delete(upload.storageKey)));
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
