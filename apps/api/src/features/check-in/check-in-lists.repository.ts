import type { CheckInListBody } from '@portal/shared/check-in';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { badgeCategories } from '../../db/schema/badges';
import { checkIns, checkInLists } from '../../db/schema/check-in';

export type ListRow = typeof checkInLists.$inferSelect;

/** The unique index that keeps list names apart within an event, case ignored. */
export const LIST_NAME_KEY = 'check_in_lists_event_name_key';

export function listLists(db: Database, eventId: number): Promise<ListRow[]> {
  return db
    .select()
    .from(checkInLists)
    .where(eq(checkInLists.eventId, eventId))
    .orderBy(asc(checkInLists.name), asc(checkInLists.id));
}

export async function findList(db: Database, id: number): Promise<ListRow | undefined> {
  const [row] = await db.select().from(checkInLists).where(eq(checkInLists.id, id));
  return row;
}

export async function lockList(tx: Database, id: number): Promise<ListRow | undefined> {
  const [row] = await tx.select().from(checkInLists).where(eq(checkInLists.id, id)).for('update');
  return row;
}

export async function insertList(tx: Database, eventId: number, body: CheckInListBody): Promise<ListRow> {
  const [row] = await tx
    .insert(checkInLists)
    .values({ eventId, ...body })
    .returning();
  return row!;
}

export async function updateList(tx: Database, id: number, body: CheckInListBody): Promise<ListRow> {
  const [row] = await tx
    .update(checkInLists)
    .set({ ...body, updatedAt: sql`now()` })
    .where(eq(checkInLists.id, id))
    .returning();
  return row!;
}

export async function deleteList(tx: Database, id: number): Promise<void> {
  await tx.delete(checkInLists).where(eq(checkInLists.id, id));
}

export async function hasCheckIns(tx: Database, listId: number): Promise<boolean> {
  const [row] = await tx.select({ id: checkIns.id }).from(checkIns).where(eq(checkIns.listId, listId)).limit(1);
  return row !== undefined;
}

/** Of the given ids, those of the event's badge categories (add-ons are no badges to admit). */
export async function badgeCategoryIdsOfEvent(db: Database, eventId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: badgeCategories.id })
    .from(badgeCategories)
    .where(
      and(eq(badgeCategories.eventId, eventId), eq(badgeCategories.type, 'badge'), inArray(badgeCategories.id, ids)),
    );
  return new Set(rows.map((row) => row.id));
}
