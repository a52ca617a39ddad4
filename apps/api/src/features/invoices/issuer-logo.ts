import { buffer } from 'node:stream/consumers';
import type { BillingDocument } from '@portal/shared/allocation-purchases';
import type { Database } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import type { FilesService } from '../files/files.service';

/** The logo bytes a document shows, or undefined: what the PDF renderer takes. */
export type LogoReader = (document: Pick<BillingDocument, 'logoFileId' | 'eventId'>) => Promise<Buffer | undefined>;

/**
 * Reads documents' logos from the file store, each file once per reader: an archive of a thousand
 * invoices showing one logo reads it once. A logo whose file is gone is left out, as the document
 * is still worth drawing without it.
 */
export function logoReader(db: Database, files: FilesService): LogoReader {
  const read = new Map<string, Promise<Buffer | undefined>>();
  async function load(id: string, eventId: number): Promise<Buffer | undefined> {
    try {
      return await buffer((await files.openFile(db, id, eventId)).content);
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  }
  return (document) => {
    const id = document.logoFileId;
    if (!id) return Promise.resolve(undefined);
    let logo = read.get(id);
    if (!logo) {
      logo = load(id, document.eventId);
      read.set(id, logo);
    }
    return logo;
  };
}
