import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { badgeFieldValues, badges } from '../../db/schema/badges';
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

/** Deletes file rows; their storage keys, for removing the bytes once the transaction commits. */
export async function deleteFiles(tx: Database, ids: readonly string[]): Promise<{ storageKey: string }[]> {
  if (ids.length === 0) return [];
  return tx.delete(files).where(inArray(files.id, [...ids])).returning({ storageKey: files.storageKey });
}

/**
 * In a transaction about to delete the badges matching `badgeWhere`: deletes the rows of the
 * files their answers name, returning the storage keys (the answers themselves go by cascade).
 */
export async function deleteAnswerFilesOfBadges(tx: Database, badgeWhere: SQL): Promise<{ storageKey: string }[]> {
  return tx
    .delete(files)
    .where(
      inArray(
        files.id,
        tx
          .select({ id: sql<string>`${badgeFieldValues.fileId}` })
          .from(badgeFieldValues)
          .innerJoin(badges, eq(badges.id, badgeFieldValues.badgeId))
          .where(and(badgeWhere, isNotNull(badgeFieldValues.fileId))),
      ),
    )
    .returning({ storageKey: files.storageKey });
}

/** In a transaction about to delete an event: deletes the rows of its files, returning the storage keys. */
export async function deleteEventFiles(tx: Database, eventId: number): Promise<{ storageKey: string }[]> {
  return tx.delete(files).where(eq(files.eventId, eventId)).returning({ storageKey: files.storageKey });
}

/**
 * Whether anything still needs the file `id`: a badge's answer, an event's issuer logo, an issued
 * invoice or credit note that shows the logo it had at issue (a replaced logo stays for them), or a
 * badge layout's logo or background.
 */
const fileInUse = (id: SQL) => sql`(
  exists (select 1 from badge_field_values v where v.file_id = ${id})
  or exists (select 1 from badge_layouts l where l.logo_file_id = ${id} or l.background_file_id = ${id})
  or exists (select 1 from event_invoicing e where e.logo_file_id = ${id})
  or exists (select 1 from invoices i where i.snapshot->>'logoFileId' = ${id})
  or exists (select 1 from credit_notes c where c.snapshot->>'logoFileId' = ${id}))`;

/**
 * Deletes up to `limit` answer, logo and badge layout image files that nothing uses (`fileInUse`) and that were
 * recorded before `before` (an upload in flight records its row and its reference in one
 * transaction, so a younger unreferenced row may still be on its way to being referenced).
 * Returns their storage keys.
 */
export async function deleteUnreferencedFiles(db: Database, before: Date, limit: number): Promise<{ storageKey: string }[]> {
  return queryRows<{ storageKey: string }>(
    db,
    sql`delete from files f
          where f.id in (
            select id from files o
             where o.purpose in ('custom-field', 'logo', 'badge-layout') and o.created_at < ${before.toISOString()}
               and not ${fileInUse(sql`o.id`)}
             limit ${limit})
            and not ${fileInUse(sql`f.id`)}
        returning f.storage_key as "storageKey"`,
  );
}

/** The storage keys among `keys` that a file row holds. */
export async function knownStorageKeys(db: Database, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.select({ storageKey: files.storageKey }).from(files).where(inArray(files.storageKey, [...keys]));
  return new Set(rows.map((row) => row.storageKey));
}
