import { buffer } from 'node:stream/consumers';
import type { BillingDocument } from '@portal/shared/allocation-purchases';
import PDFDocument from 'pdfkit';
import type { Database } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import type { FilesService } from '../files/files.service';

/** Larger pictures are refused: a logo is drawn 140 × 50 pt, and pixels cost memory when a PNG's transparency is decoded. */
export const LOGO_MAX_PIXELS_PER_SIDE = 4000;

/** pdfkit reads an image's header without drawing it (`openImage`); its types do not list the method. */
type ImageOpener = { openImage(src: Buffer): { width: number; height: number } };

/**
 * The size in pixels of a logo as the PDF renderer reads it, or null when it cannot read it: a
 * file can carry a PNG or JPEG signature and still be broken, and is then refused at upload
 * rather than failing every document that shows it.
 */
export function logoDimensions(bytes: Buffer): { width: number; height: number } | null {
  try {
    const { width, height } = (new PDFDocument({ autoFirstPage: false }) as unknown as ImageOpener).openImage(bytes);
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}

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
