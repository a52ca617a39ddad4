import { buffer } from 'node:stream/consumers';
import type { Database } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import type { FilesService } from '../files/files.service';
import type { LayoutRow } from './badge-layouts.repository';
import type { LayoutAssets } from './render';

/**
 * Reads layouts' logo and background from the file store, each layout's once per reader: a print
 * run of a thousand badges on one layout reads its pictures once. A picture whose file is gone is
 * left out, as the badge is still worth printing without it.
 */
export function layoutAssets(db: Database, files: FilesService): (layout: Pick<LayoutRow, 'id' | 'eventId' | 'logoFileId' | 'backgroundFileId'>) => Promise<LayoutAssets> {
  const read = new Map<number, Promise<LayoutAssets>>();
  async function bytes(fileId: string | null, eventId: number): Promise<Buffer | undefined> {
    if (!fileId) return undefined;
    try {
      return await buffer((await files.openFile(db, fileId, eventId)).content);
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  }
  async function load(layout: Pick<LayoutRow, 'eventId' | 'logoFileId' | 'backgroundFileId'>): Promise<LayoutAssets> {
    const [logo, background] = await Promise.all([bytes(layout.logoFileId, layout.eventId), bytes(layout.backgroundFileId, layout.eventId)]);
    return { ...(logo ? { logo } : {}), ...(background ? { background } : {}) };
  }
  return (layout) => {
    let assets = read.get(layout.id);
    if (!assets) read.set(layout.id, (assets = load(layout)));
    return assets;
  };
}
