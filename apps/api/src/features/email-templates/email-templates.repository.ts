import { and, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { badgeCategories } from '../../db/schema/badges';
import { companies } from '../../db/schema/companies';
import { emailTemplates } from '../../db/schema/email-templates';
import { events } from '../../db/schema/events';
import { containsPattern, countWhere, fetchPage, nameOrder, orderBy, pageWindow, type Page } from '../../lib/listing';
import type { Scope } from '../auth/scope';
import { exhibitorAccount } from '../exhibitors/exhibitor-account';

const columns = {
  id: emailTemplates.id,
  eventId: emailTemplates.eventId,
  eventName: sql<string | null>`(select e.name from ${events} e where e.id = email_templates.event_id)`,
  badgeCategoryId: emailTemplates.badgeCategoryId,
  name: emailTemplates.name,
  purpose: emailTemplates.purpose,
  subject: emailTemplates.subject,
  htmlBody: emailTemplates.htmlBody,
  textBody: emailTemplates.textBody,
  isActive: emailTemplates.isActive,
  createdAt: emailTemplates.createdAt,
  updatedAt: emailTemplates.updatedAt,
};

export type TemplateRow = NonNullable<Awaited<ReturnType<typeof findTemplate>>>;
export type TemplateValues = typeof emailTemplates.$inferInsert;

/**
 * The templates a caller reaches: everything for a system-wide admin; its own event's for anyone
 * tied to an event. Global templates are for system-wide admins alone.
 */
export function templateScopeFilter(scope: Scope): SQL | undefined {
  if (scope.kind === 'global') return undefined;
  return scope.eventId == null ? sql`false` : eq(emailTemplates.eventId, scope.eventId);
}

/** The event a scope reaches, with its name; undefined when out of reach or missing. */
export async function findEventInScope(db: Database, eventId: number, scope: Scope) {
  if (scope.kind !== 'global' && scope.eventId !== eventId) return undefined;
  const [row] = await db.select({ id: events.id, name: events.name }).from(events).where(eq(events.id, eventId));
  return row;
}

export async function findCategory(db: Database, id: number) {
  const [row] = await db.select({ id: badgeCategories.id, eventId: badgeCategories.eventId }).from(badgeCategories).where(eq(badgeCategories.id, id));
  return row;
}

export async function findTemplate(db: Database, id: number, scopeFilter: SQL | undefined) {
  const [row] = await db.select(columns).from(emailTemplates).where(and(eq(emailTemplates.id, id), scopeFilter));
  return row;
}

export type TemplateFilter = Page & { search?: string; sort?: string; eventId?: number; purpose?: string; scope?: 'global' | 'event' };

export async function listTemplates(db: Database, scopeFilter: SQL | undefined, query: TemplateFilter) {
  const where = and(
    scopeFilter,
    query.eventId ? eq(emailTemplates.eventId, query.eventId) : undefined,
    query.purpose ? eq(emailTemplates.purpose, query.purpose as TemplateValues['purpose']) : undefined,
    query.scope === 'global' ? isNull(emailTemplates.eventId) : query.scope === 'event' ? isNotNull(emailTemplates.eventId) : undefined,
    query.search ? or(ilike(emailTemplates.name, containsPattern(query.search)), ilike(emailTemplates.subject, containsPattern(query.search))) : undefined,
  );
  const order = orderBy(
    query.sort,
    { name: nameOrder(emailTemplates.name), purpose: emailTemplates.purpose, createdAt: emailTemplates.createdAt, updatedAt: emailTemplates.updatedAt },
    emailTemplates.id,
    'name',
  );
  const { limit, offset } = pageWindow(query);
  return fetchPage(
    () => db.select(columns).from(emailTemplates).where(where).orderBy(...order).limit(limit).offset(offset),
    () => countWhere(db, emailTemplates, where),
  );
}

export async function insertTemplate(db: Database, values: TemplateValues): Promise<number> {
  const [row] = await db.insert(emailTemplates).values(values).returning({ id: emailTemplates.id });
  return row!.id;
}

export async function updateTemplate(db: Database, id: number, values: Partial<TemplateValues>): Promise<void> {
  await db.update(emailTemplates).set({ ...values, updatedAt: sql`now()` }).where(eq(emailTemplates.id, id));
}

export async function deleteTemplate(db: Database, id: number): Promise<void> {
  await db.delete(emailTemplates).where(eq(emailTemplates.id, id));
}

/** The names of an event's templates, lower-cased: a clone's name is chosen among those not taken. */
export async function templateNamesOf(db: Database, eventId: number): Promise<Set<string>> {
  const rows = await db.select({ name: emailTemplates.name }).from(emailTemplates).where(eq(emailTemplates.eventId, eventId));
  return new Set(rows.map((row) => row.name.toLowerCase()));
}

/**
 * What a preview or a test mail takes from a template's event besides its name and dates: the
 * template's badge category (else the event's first in menu order) and the company of the event's
 * first exhibitor by company name; null where the event has none.
 */
export async function findSampleContext(
  db: Database,
  eventId: number,
  badgeCategoryId: number | null,
): Promise<{ categoryName: string | null; companyName: string | null }> {
  const [row] = await queryRows<{ categoryName: string | null; companyName: string | null }>(
    db,
    sql`select
          (select bc.name from ${badgeCategories} bc where bc.event_id = ${eventId}
            order by bc.id = ${badgeCategoryId ?? 0} desc, bc.sort_order, bc.id limit 1) as "categoryName",
          (select c.name from admins join ${companies} c on c.id = admins.company_id
            where admins.event_id = ${eventId} and ${exhibitorAccount}
            order by ${nameOrder(sql`c.name`)}, c.id limit 1) as "companyName"`,
  );
  return row ?? { categoryName: null, companyName: null };
}
