import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { files } from '../../db/schema/files';

export type FileRow = typeof files.$inferSelect;

export async function insertFile(db: Database, values: typeof files.$inferInsert): Promise<void> {
  await db.insert(files).values(values);
}

/** A file of one event (or, with null, of any): out-of-event ids are not found. */
export async function findFile(db: Database, id: string, eventId: number | null): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eventId == null ? undefined : eq(files.eventId, eventId)));
  return row;
}
