import type { AuditEntry as AuditLogEntry, AuditFilter } from '@portal/shared/audit';
import { and, desc, eq, gte, ilike, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import type { Actor } from '../../lib/actor';
import { containsPattern, isoText } from '../../lib/listing';
import { scopeOf } from '../auth/scope';
import { enqueueWebhookMessages } from '../webhooks/webhook-messages';

export type AuditEntry = {
  action: string;
  entityType: string;
  entityId?: string | number | null;
  eventId?: number | null;
  /**
   * The exhibitor (its account id) whose records the entry is about, for its History. Left out, it
   * is the acting exhibitor's or sub-account's own exhibitor; an organiser's write names it.
   */
  exhibitorId?: number | null;
  before?: object | null;
  after?: object | null;
};

const SECRET_KEYS = new Set(['passwordHash', 'password', 'tokenHash', 'secret', 'previousSecret']);

/** Drops secrets so the log can be read by whoever may read the records themselves. */
function redact(record: object | null | undefined): object | null {
  if (!record) return null;
  return Object.fromEntries(Object.entries(record).filter(([key]) => !SECRET_KEYS.has(key)));
}

function actingExhibitorId(actor: Actor | null): number | null {
  if (!actor) return null;
  const scope = scopeOf(actor.principal);
  return scope.kind === 'exhibitor' || scope.kind === 'sub-account' ? scope.exhibitorId : null;
}

/** An exhibitor's own account is its record: an organiser's change of it belongs to its history. */
function ownerOf(entry: AuditEntry): number | null {
  return entry.entityType === 'exhibitor' && entry.entityId != null && /^\d{1,9}$/.test(String(entry.entityId))
    ? Number(entry.entityId)
    : null;
}

/** Records one write; call it with the transaction of the write so both land or neither does. */
export async function recordAudit(db: Database, actor: Actor | null, entry: AuditEntry): Promise<void> {
  const principal = actor?.principal;
  const exhibitorId = entry.exhibitorId !== undefined ? entry.exhibitorId : (ownerOf(entry) ?? actingExhibitorId(actor));
  const before = redact(entry.before);
  const after = redact(entry.after);
  await db.insert(auditLog).values({
    actorAdminId: principal?.id ?? null,
    apiTokenId: principal?.apiTokenId ?? null,
    actorLabel: principal ? `${`${principal.firstName} ${principal.lastName}`.trim()} <${principal.email}>` : null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    eventId: entry.eventId ?? null,
    exhibitorId,
    before,
    after,
    requestId: actor?.requestId ?? null,
    ipAddress: actor?.ip ?? null,
  });
  // The same entry, as the history shows it, is what webhooks of its event and exhibitor hear of.
  await enqueueWebhookMessages(db, { ...entry, exhibitorId, before, after });
}

/** What a reader may see of the log, besides the filter it asks for: conditions on the log's own columns. */
export type AuditReach = { eventId?: number; exhibitorId?: number };

/** A bound of the date filter as an instant: a day starts at midnight UTC; `to` takes in the whole day. */
function instant(bound: string, end: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(bound)) {
    const day = new Date(`${bound}T00:00:00Z`);
    return end ? new Date(day.getTime() + 86_400_000) : day;
  }
  return new Date(/([zZ]|[+-]\d{2}:?\d{2})$/.test(bound) ? bound : `${bound}Z`);
}

/**
 * The filter as conditions on single columns, each matching one of the log's (column, id) indexes,
 * so that PostgreSQL walks the narrowest index newest first and stops after a page.
 */
export function auditConditions(filter: AuditFilter, reach: AuditReach): SQL | undefined {
  const who = filter.who;
  return and(
    reach.eventId !== undefined ? eq(auditLog.eventId, reach.eventId) : undefined,
    reach.exhibitorId !== undefined ? eq(auditLog.exhibitorId, reach.exhibitorId) : undefined,
    who && /^\d{1,9}$/.test(who) ? eq(auditLog.actorAdminId, Number(who)) : undefined,
    who && !/^\d{1,9}$/.test(who) ? ilike(auditLog.actorLabel, containsPattern(who)) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.entityType ? eq(auditLog.entityType, filter.entityType) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
    filter.eventId ? eq(auditLog.eventId, filter.eventId) : undefined,
    filter.exhibitorId ? eq(auditLog.exhibitorId, filter.exhibitorId) : undefined,
    filter.from ? gte(auditLog.createdAt, instant(filter.from, false)) : undefined,
    filter.to
      ? (/^\d{4}-\d{2}-\d{2}$/.test(filter.to) ? lt : lte)(auditLog.createdAt, instant(filter.to, true))
      : undefined,
  );
}

/** The entries about one record: its entity type and id. */
export function recordConditions(entityType: string, entityId: number): SQL {
  return and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(entityId)))!;
}

const entryColumns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  actorAdminId: auditLog.actorAdminId,
  actorLabel: auditLog.actorLabel,
  apiTokenId: auditLog.apiTokenId,
  action: auditLog.action,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  eventId: auditLog.eventId,
  exhibitorId: auditLog.exhibitorId,
  before: auditLog.before,
  after: auditLog.after,
  requestId: auditLog.requestId,
};

type EntryRow = Awaited<ReturnType<typeof selectEntries>>[number];

function toEntry(row: EntryRow): AuditLogEntry {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    before: row.before as AuditLogEntry['before'],
    after: row.after as AuditLogEntry['after'],
  };
}

/** Newest first by id (the order entries were written in), older than `before` when given. */
function selectEntries(db: Database, where: SQL | undefined, before: number | undefined, limit: number) {
  return db
    .select(entryColumns)
    .from(auditLog)
    .where(and(where, before !== undefined ? lt(auditLog.id, before) : undefined))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

/**
 * One page by keyset, as the API's JSON answer. The records before and after leave PostgreSQL as
 * the text it stores and go out as they are, neither parsed nor serialised again (see `sendJson`);
 * the page is read in one walk of an index, one row more than the page saying whether an older
 * page follows. PostgreSQL writing the whole answer (`json_agg`) cost it several times the read.
 */
export async function auditPageJson(
  db: Database,
  where: SQL | undefined,
  page: { before?: number; per_page: number },
): Promise<string> {
  const rows = await db
    .select({
      ...entryColumns,
      createdAt: sql<string>`${sql.raw(isoText('"audit_log"."created_at"'))}`,
      before: sql<string | null>`${auditLog.before}::text`,
      after: sql<string | null>`${auditLog.after}::text`,
    })
    .from(auditLog)
    .where(and(where, page.before !== undefined ? lt(auditLog.id, page.before) : undefined))
    .orderBy(desc(auditLog.id))
    .limit(page.per_page + 1);
  const entries = rows.slice(0, page.per_page).map(({ before, after, requestId, ...entry }) =>
    // The keys in `auditEntrySchema`'s order, the records spliced in as the JSON they are.
    `${JSON.stringify(entry).slice(0, -1)},"before":${before ?? 'null'},"after":${after ?? 'null'},"requestId":${JSON.stringify(requestId)}}`,
  );
  const nextBefore = rows.length > page.per_page ? rows[page.per_page - 1]!.id : null;
  return `{"data":[${entries.join(',')}],"meta":${JSON.stringify({ per_page: page.per_page, nextBefore })}}`;
}

export const EXPORT_BATCH_ROWS = 5000;

/** Every matching entry, newest first, a batch at a time, so that an export of any size holds one batch. */
export async function* allEntries(db: Database, where: SQL | undefined): AsyncGenerator<AuditLogEntry> {
  let before: number | undefined;
  for (;;) {
    const rows = await selectEntries(db, where, before, EXPORT_BATCH_ROWS);
    for (const row of rows) yield toEntry(row);
    if (rows.length < EXPORT_BATCH_ROWS) return;
    before = rows.at(-1)!.id;
  }
}
