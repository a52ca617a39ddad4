import type { BadgeType } from '@portal/shared/badge-categories';
import { and, asc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { badgeCategories, badgeFieldValues, badges, customFields } from '../../db/schema/badges';
import { events } from '../../db/schema/events';
import { leads } from '../../db/schema/leads';
import { containsPattern, countWhere, fetchPage, nameOrder, orderBy, pageWindow, type Page } from '../../lib/listing';
import { scopeEventId, type Scope } from '../auth/scope';
import type { FieldDefinition } from './custom-field-values.rules';

/** A lead question's answers: the exhibitor's leads that hold one for it (leads keep answers by question id). */
const leadAnswerCount = sql`(select cast(count(*) as integer) from ${leads} l
    where l.exhibitor_id = custom_fields.exhibitor_id and l.answers ->> cast(custom_fields.id as text) is not null)`;

/**
 * With the answers counted among badges `badgeFilter` admits (`badgeCountFilterFor`; none: the
 * whole event's, as rules about the field need, read from the field's index alone); a lead
 * question's among its exhibitor's leads.
 */
const fieldColumns = (badgeFilter?: SQL) => ({
  id: customFields.id,
  eventId: customFields.eventId,
  badgeCategoryId: customFields.badgeCategoryId,
  badgeCategoryName: sql<string | null>`(select c.name from ${badgeCategories} c where c.id = custom_fields.badge_category_id)`,
  entityType: customFields.entityType,
  exhibitorId: customFields.exhibitorId,
  label: customFields.label,
  key: customFields.key,
  type: customFields.type,
  options: customFields.options,
  required: customFields.required,
  isActive: customFields.isActive,
  isPrivate: customFields.isPrivate,
  sortOrder: customFields.sortOrder,
  helpText: customFields.helpText,
  validation: customFields.validation,
  answerCount: sql<number>`case when custom_fields.exhibitor_id is not null then ${leadAnswerCount} else ${
    badgeFilter
      ? sql`(select cast(count(*) as integer) from ${badgeFieldValues} v join ${badges} on ${badges.id} = v.badge_id
        where v.custom_field_id = custom_fields.id and ${badgeFilter})`
      : sql`(select cast(count(*) as integer) from ${badgeFieldValues} v where v.custom_field_id = custom_fields.id)`
  } end`,
  createdAt: customFields.createdAt,
  updatedAt: customFields.updatedAt,
});

export type FieldRow = NonNullable<Awaited<ReturnType<typeof findField>>>;

function badgeTypeIn(types: readonly BadgeType[]): SQL {
  return types.length ? sql`c.badge_type in (${sql.join(types.map((type) => sql`${type}`), sql`, `)})` : sql`false`;
}

/**
 * Which fields a caller may read: the organiser's badge fields (`badges`, with the view or manage
 * permission), and one exhibitor's lead questions (`leadsOf`, with scan_leads: the caller's own
 * exhibitor). Neither: no field at all.
 */
export type FieldReach = { badges: boolean; leadsOf: number | null };

/**
 * The fields a caller reaches. Badge fields: its event's, and of those tied to a category only the
 * categories of badge types it may see (event-wide fields concern every badge type). Lead
 * questions: its own exhibitor's only, so that no organiser or other exhibitor reads them.
 */
export function fieldScopeFilter(scope: Scope, visibleTypes: readonly BadgeType[], reach: FieldReach): SQL {
  const eventId = scopeEventId(scope);
  const badgeFields = reach.badges
    ? and(
        eq(customFields.entityType, 'badge'),
        eventId == null ? undefined : eq(customFields.eventId, eventId),
        or(
          isNull(customFields.badgeCategoryId),
          sql`exists (select 1 from ${badgeCategories} c where c.id = custom_fields.badge_category_id and ${badgeTypeIn(visibleTypes)})`,
        ),
      )
    : undefined;
  const leadQuestions = reach.leadsOf != null ? and(eq(customFields.entityType, 'lead'), eq(customFields.exhibitorId, reach.leadsOf)) : undefined;
  return or(badgeFields, leadQuestions) ?? sql`false`;
}

export type FieldFilter = Page & {
  search?: string;
  sort?: string;
  eventId?: number;
  badgeCategoryId?: number;
  entityType?: string;
};

export async function listFields(db: Database, scopeFilter: SQL | undefined, query: FieldFilter, badgeFilter?: SQL) {
  const where = and(
    scopeFilter,
    query.eventId ? eq(customFields.eventId, query.eventId) : undefined,
    query.badgeCategoryId ? eq(customFields.badgeCategoryId, query.badgeCategoryId) : undefined,
    query.entityType ? eq(customFields.entityType, query.entityType) : undefined,
    query.search ? or(ilike(customFields.label, containsPattern(query.search)), ilike(customFields.key, containsPattern(query.search))) : undefined,
  );
  // By default the order of a form: event-wide fields first, then each category's, by position.
  const order = query.sort
    ? orderBy(
        query.sort,
        { sortOrder: customFields.sortOrder, label: nameOrder(customFields.label), key: customFields.key, type: customFields.type, createdAt: customFields.createdAt },
        customFields.id,
        'sortOrder',
      )
    : [sql`${customFields.badgeCategoryId} asc nulls first`, asc(customFields.sortOrder), asc(customFields.id)];
  const { limit, offset } = pageWindow(query);
  const pageIds = db.select({ id: customFields.id }).from(customFields).where(where).orderBy(...order).limit(limit).offset(offset);
  return fetchPage(
    () => db.select(fieldColumns(badgeFilter)).from(customFields).where(inArray(customFields.id, pageIds)).orderBy(...order),
    () => countWhere(db, customFields, where),
  );
}

export async function findField(db: Database, id: number, scopeFilter: SQL | undefined, badgeFilter?: SQL) {
  const [row] = await db
    .select(fieldColumns(badgeFilter))
    .from(customFields)
    .where(and(eq(customFields.id, id), scopeFilter));
  return row;
}

/** Event-wide fields first, then the category's own, each by position: the order of the form. */
const formOrder = [sql`${customFields.badgeCategoryId} is not null`, asc(customFields.sortOrder), asc(customFields.id)];

/** The badge fields that apply to a category: its own and its event's event-wide ones; never a lead question. */
export async function listCategoryFields(
  db: Database,
  category: { id: number; eventId: number },
  filter: { entityType?: string; activeOnly?: boolean } = {},
  badgeFilter?: SQL,
) {
  return db
    .select(fieldColumns(badgeFilter))
    .from(customFields)
    .where(
      and(
        eq(customFields.eventId, category.eventId),
        or(isNull(customFields.badgeCategoryId), eq(customFields.badgeCategoryId, category.id)),
        eq(customFields.entityType, filter.entityType ?? 'badge'),
        isNull(customFields.exhibitorId),
        filter.activeOnly ? eq(customFields.isActive, true) : undefined,
      ),
    )
    .orderBy(...formOrder);
}

/**
 * The definitions a badge of this category is answered against (active and inactive: the rules
 * skip inactive ones), for `validateFieldValues`. Pass the badge's event and category.
 */
export async function findFieldsForCategory(
  db: Database,
  badge: { eventId: number; badgeCategoryId: number },
  entityType = 'badge',
): Promise<FieldDefinition[]> {
  return db
    .select({
      id: customFields.id,
      key: customFields.key,
      label: customFields.label,
      type: customFields.type,
      options: customFields.options,
      required: customFields.required,
      isActive: customFields.isActive,
      validation: customFields.validation,
    })
    .from(customFields)
    .where(
      and(
        eq(customFields.eventId, badge.eventId),
        or(isNull(customFields.badgeCategoryId), eq(customFields.badgeCategoryId, badge.badgeCategoryId)),
        eq(customFields.entityType, entityType),
      ),
    )
    .orderBy(...formOrder);
}

export type CategoryRef = { id: number; eventId: number; name: string; type: 'badge' | 'addon'; badgeType: BadgeType; isActive: boolean };

const categoryRefColumns = {
  id: badgeCategories.id,
  eventId: badgeCategories.eventId,
  name: badgeCategories.name,
  type: badgeCategories.type,
  badgeType: badgeCategories.badgeType,
  isActive: badgeCategories.isActive,
};

export async function findCategory(db: Database, id: number, scopeFilter: SQL | undefined): Promise<CategoryRef | undefined> {
  const [row] = await db
    .select(categoryRefColumns)
    .from(badgeCategories)
    .where(and(eq(badgeCategories.id, id), scopeFilter));
  return row;
}

/** A category a registration form may show: active, of type badge, of an event not archived. */
export async function findRegistrationCategory(db: Database, id: number): Promise<CategoryRef | undefined> {
  const [row] = await db
    .select(categoryRefColumns)
    .from(badgeCategories)
    .innerJoin(events, eq(events.id, badgeCategories.eventId))
    .where(and(eq(badgeCategories.id, id), eq(badgeCategories.isActive, true), eq(badgeCategories.type, 'badge'), ne(events.status, 'archived')));
  return row;
}

export async function listEventCategories(db: Database, eventId: number, scopeFilter: SQL | undefined): Promise<CategoryRef[]> {
  return db
    .select(categoryRefColumns)
    .from(badgeCategories)
    .where(and(eq(badgeCategories.eventId, eventId), scopeFilter))
    .orderBy(asc(badgeCategories.sortOrder), asc(badgeCategories.id));
}

export async function findEventName(db: Database, id: number, scope: Scope): Promise<string | undefined> {
  const own = scopeEventId(scope);
  if (own != null && own !== id) return undefined;
  const [row] = await db.select({ name: events.name }).from(events).where(eq(events.id, id));
  return row?.name;
}

/** Where a field sits: an event's badges (one category's or all), or one exhibitor's lead questions. */
export type FieldPlace = { eventId: number; badgeCategoryId: number | null; entityType: string; exhibitorId: number | null };

/** The organiser's fields (null) or one exhibitor's. */
const ownedBy = (exhibitorId: number | null) => (exhibitorId == null ? isNull(customFields.exhibitorId) : eq(customFields.exhibitorId, exhibitorId));

/**
 * Fields that would share the key with a field placed as given: on the same badges, that is the
 * same category, or either of them event-wide; or among the same exhibitor's lead questions.
 * Answers are reported by key, so keys must not meet.
 */
export async function fieldsSharingKey(db: Database, place: FieldPlace & { key: string }, exceptId?: number) {
  return db
    .select({ id: customFields.id, badgeCategoryId: customFields.badgeCategoryId })
    .from(customFields)
    .where(
      and(
        eq(customFields.eventId, place.eventId),
        eq(customFields.entityType, place.entityType),
        ownedBy(place.exhibitorId),
        eq(customFields.key, place.key),
        place.badgeCategoryId == null ? undefined : or(isNull(customFields.badgeCategoryId), eq(customFields.badgeCategoryId, place.badgeCategoryId)),
        exceptId ? ne(customFields.id, exceptId) : undefined,
      ),
    );
}

/** Keys in use where a field is placed (its event, entity type and owner) starting with `base`, to find a free variant. */
export async function keysLike(db: Database, place: FieldPlace, base: string): Promise<string[]> {
  const rows = await db
    .select({ key: customFields.key })
    .from(customFields)
    .where(
      and(
        eq(customFields.eventId, place.eventId),
        eq(customFields.entityType, place.entityType),
        ownedBy(place.exhibitorId),
        sql`${customFields.key} like ${`${base}%`}`,
      ),
    );
  return rows.map((row) => row.key);
}

/**
 * The badge fields of an event (within a scope filter, or all) with what an export or an import
 * compares; exhibitors' lead questions are no part of either.
 */
export async function listEventFields(db: Database, eventId: number, scopeFilter?: SQL) {
  return db
    .select(fieldColumns())
    .from(customFields)
    .where(and(eq(customFields.eventId, eventId), eq(customFields.entityType, 'badge'), isNull(customFields.exhibitorId), scopeFilter))
    .orderBy(...formOrder);
}

/**
 * One group of fields, in position order: an event's event-wide badge fields, one category's, or
 * one exhibitor's lead questions.
 */
export async function listGroupFields(db: Database, group: FieldPlace, badgeFilter?: SQL) {
  return db
    .select(fieldColumns(badgeFilter))
    .from(customFields)
    .where(
      and(
        eq(customFields.eventId, group.eventId),
        eq(customFields.entityType, group.entityType),
        ownedBy(group.exhibitorId),
        group.badgeCategoryId == null ? isNull(customFields.badgeCategoryId) : eq(customFields.badgeCategoryId, group.badgeCategoryId),
      ),
    )
    .orderBy(asc(customFields.sortOrder), asc(customFields.id));
}

export type FieldValues = Omit<typeof customFields.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertFields(db: Database, values: FieldValues[]): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await db.insert(customFields).values(values).returning({ id: customFields.id });
  return rows.map((row) => row.id);
}

export async function updateField(db: Database, id: number, values: Partial<FieldValues>) {
  await db
    .update(customFields)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(customFields.id, id));
}

export async function deleteField(db: Database, id: number) {
  await db.delete(customFields).where(eq(customFields.id, id));
}

/** Positions 0, 1, 2… in the given order, in one statement. */
export async function setPositions(db: Database, ids: readonly number[]) {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`
    update ${customFields} set sort_order = o.position - 1, updated_at = now()
      from unnest(array[${list}]::integer[]) with ordinality as o(id, position)
     where custom_fields.id = o.id`);
}
