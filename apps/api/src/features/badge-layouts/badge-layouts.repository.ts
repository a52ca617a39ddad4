import type { BadgeBuiltInLayout, BadgeLayoutAssignment, BadgeLayoutInput } from '@portal/shared/badge-layouts';
import type { BadgeType } from '@portal/shared/badge-categories';
import type { CustomFieldOption } from '@portal/shared/custom-fields';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { admins } from '../../db/schema/admins';
import { badgeLayoutAssignments, badgeLayouts } from '../../db/schema/badge-layouts';
import { badgeCategories, badges, customFields } from '../../db/schema/badges';
import { companies } from '../../db/schema/companies';
import { BUILT_IN_LAYOUTS } from './built-ins';

export type LayoutRow = typeof badgeLayouts.$inferSelect;

export async function listLayouts(db: Database, eventId: number): Promise<LayoutRow[]> {
  return db.select().from(badgeLayouts).where(eq(badgeLayouts.eventId, eventId)).orderBy(asc(badgeLayouts.id));
}

/** Whether the event has a badge layout at all, so that its badges can be printed. */
export async function eventHasLayout(db: Database, eventId: number): Promise<boolean> {
  const [row] = await db.select({ id: badgeLayouts.id }).from(badgeLayouts).where(eq(badgeLayouts.eventId, eventId)).limit(1);
  return row !== undefined;
}

export async function findLayout(db: Database, id: number): Promise<LayoutRow | undefined> {
  const [row] = await db.select().from(badgeLayouts).where(eq(badgeLayouts.id, id));
  return row;
}

/** The row locked for a change in this transaction. */
export async function lockLayout(tx: Database, id: number): Promise<LayoutRow | undefined> {
  const [row] = await tx.select().from(badgeLayouts).where(eq(badgeLayouts.id, id)).for('update');
  return row;
}

export async function insertLayout(tx: Database, eventId: number, input: BadgeLayoutInput, builtIn: BadgeBuiltInLayout | null = null): Promise<LayoutRow> {
  const [row] = await tx.insert(badgeLayouts).values({ eventId, ...input, builtIn }).returning();
  return row!;
}

/** The two built-in layouts of a new event, in its creating transaction. */
export async function insertBuiltInLayouts(tx: Database, eventId: number): Promise<void> {
  await tx
    .insert(badgeLayouts)
    .values(Object.entries(BUILT_IN_LAYOUTS).map(([builtIn, input]) => ({ eventId, ...input, builtIn: builtIn as BadgeBuiltInLayout })));
}

export async function updateLayout(tx: Database, id: number, input: BadgeLayoutInput): Promise<LayoutRow> {
  const [row] = await tx.update(badgeLayouts).set({ ...input, updatedAt: sql`now()` }).where(eq(badgeLayouts.id, id)).returning();
  return row!;
}

export async function setLayoutImage(tx: Database, id: number, kind: 'logo' | 'background', fileId: string | null): Promise<void> {
  await tx
    .update(badgeLayouts)
    .set({ ...(kind === 'logo' ? { logoFileId: fileId } : { backgroundFileId: fileId }), updatedAt: sql`now()` })
    .where(eq(badgeLayouts.id, id));
}

export async function deleteLayout(tx: Database, id: number): Promise<void> {
  await tx.delete(badgeLayouts).where(eq(badgeLayouts.id, id));
}

export async function isAssigned(db: Database, layoutId: number): Promise<boolean> {
  const [row] = await db.select({ id: badgeLayoutAssignments.id }).from(badgeLayoutAssignments).where(eq(badgeLayoutAssignments.layoutId, layoutId)).limit(1);
  return row !== undefined;
}

export async function listAssignments(db: Database, eventId: number): Promise<BadgeLayoutAssignment[]> {
  return db
    .select({ badgeType: badgeLayoutAssignments.badgeType, badgeCategoryId: badgeLayoutAssignments.badgeCategoryId, layoutId: badgeLayoutAssignments.layoutId })
    .from(badgeLayoutAssignments)
    .where(eq(badgeLayoutAssignments.eventId, eventId))
    .orderBy(asc(badgeLayoutAssignments.badgeType), asc(sql`coalesce(${badgeLayoutAssignments.badgeCategoryId}, 0)`));
}

export async function replaceAssignments(tx: Database, eventId: number, assignments: readonly BadgeLayoutAssignment[]): Promise<void> {
  await tx.delete(badgeLayoutAssignments).where(eq(badgeLayoutAssignments.eventId, eventId));
  if (assignments.length === 0) return;
  await tx.insert(badgeLayoutAssignments).values(assignments.map((assignment) => ({ eventId, ...assignment })));
}

/** Which of `ids` are layouts of the event. */
export async function layoutIdsOfEvent(db: Database, eventId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: badgeLayouts.id }).from(badgeLayouts).where(and(eq(badgeLayouts.eventId, eventId), inArray(badgeLayouts.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

/** The badge categories (type badge) of the event among `ids`, with their badge type. */
export async function badgeCategoriesOfEvent(db: Database, eventId: number, ids: readonly number[]): Promise<Map<number, BadgeType>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: badgeCategories.id, badgeType: badgeCategories.badgeType })
    .from(badgeCategories)
    .where(and(eq(badgeCategories.eventId, eventId), eq(badgeCategories.type, 'badge'), inArray(badgeCategories.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.badgeType]));
}

/** The labels of the event's badge fields among `ids` (an exhibitor's lead question is no part of a badge). */
export async function fieldLabelsOfEvent(db: Database, eventId: number, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: customFields.id, label: customFields.label })
    .from(customFields)
    .where(and(eq(customFields.eventId, eventId), eq(customFields.entityType, 'badge'), inArray(customFields.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.label]));
}

/** What a badge face is made of, as stored. */
export type FaceRow = {
  id: number;
  eventId: number;
  status: 'active' | 'cancelled';
  code: string;
  firstName: string;
  lastName: string;
  badgeType: BadgeType;
  badgeCategoryId: number;
  category: string;
  company: string | null;
  answers: { customFieldId: number; value: unknown; options: CustomFieldOption[]; fileName: string | null }[];
};

const faceColumns = {
  id: badges.id,
  eventId: badges.eventId,
  status: badges.status,
  code: badges.code,
  firstName: badges.firstName,
  lastName: badges.lastName,
  badgeType: badges.badgeType,
  badgeCategoryId: badges.badgeCategoryId,
  category: sql<string>`coalesce(nullif(${badgeCategories.displayName}, ''), ${badgeCategories.name})`,
  company: companies.name,
  answers: sql<FaceRow['answers']>`coalesce((
      select json_agg(json_build_object('customFieldId', v.custom_field_id, 'value', v.value, 'options', f.options, 'fileName', fl.original_name))
        from badge_field_values v
        join custom_fields f on f.id = v.custom_field_id
        left join files fl on fl.id = v.file_id
       where v.badge_id = ${badges.id}), '[]')`,
};

/** Badges with what their faces show, for a query to narrow (scope, event, order, page). */
export function faceQuery(db: Database) {
  return db
    .select(faceColumns)
    .from(badges)
    .innerJoin(badgeCategories, eq(badgeCategories.id, badges.badgeCategoryId))
    .leftJoin(admins, eq(admins.id, badges.exhibitorId))
    .leftJoin(companies, eq(companies.id, admins.companyId));
}

/** A badge within the caller's scope (the filter of the badge list and GET of a badge). */
export async function findFace(db: Database, id: number, scopeFilter: SQL | undefined): Promise<FaceRow | undefined> {
  const [row] = await faceQuery(db).where(and(eq(badges.id, id), scopeFilter));
  return row as FaceRow | undefined;
}

/** The event's active badge with the longest name that the caller may see: the hardest one to fit. */
export async function findLongestNamedFace(db: Database, eventId: number, scopeFilter: SQL | undefined): Promise<FaceRow | undefined> {
  const [row] = await faceQuery(db)
    .where(and(eq(badges.eventId, eventId), eq(badges.status, 'active'), scopeFilter))
    .orderBy(desc(sql`char_length(${badges.firstName}) + char_length(${badges.lastName})`), asc(badges.id))
    .limit(1);
  return row as FaceRow | undefined;
}
