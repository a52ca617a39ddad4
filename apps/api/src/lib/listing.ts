import { buildListMeta, type ListMeta } from '@portal/shared/common';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { plannedEachCall, queryRows, type Database } from '../db/client';
import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';

export type Page = { page: number; per_page: number };

export function pageWindow({ page, per_page }: Page) {
  return { limit: per_page, offset: (page - 1) * per_page };
}

/**
 * `limit N [offset $k]` for a page: the limit written into the text, since a bound LIMIT leaves
 * PostgreSQL's generic plan guessing at a tenth of the table, so that it plans a prepared statement
 * afresh on every call (about 1 ms for a badge page) instead of reusing one plan. The page size is
 * one of a few validated integers, so it adds only a few statement texts; the offset stays bound.
 */
export function pageClause(limit: number, offset: number | SQL): SQL {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`A page size must be a positive integer, not ${limit}`);
  return offset === 0 ? sql.raw(`limit ${limit}`) : sql`${sql.raw(`limit ${limit}`)} offset ${offset}`;
}

export function listResult<T>(rows: T[], total: number, page: Page, estimated = false): { data: T[]; meta: ListMeta } {
  return { data: rows, meta: buildListMeta(page.page, page.per_page, total, estimated) };
}

/** A timestamp column as the API's ISO text (`2027-05-09T10:40:00.000Z`), in JSON PostgreSQL writes. */
export const isoText = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A list answer as JSON text around items PostgreSQL already wrote as a JSON array, so that the
 * rows are neither parsed nor serialised again on their way out.
 */
export function listJson(items: string, total: number, page: Page, estimated = false): string {
  return `{"data":${items},"meta":${JSON.stringify(buildListMeta(page.page, page.per_page, total, estimated))}}`;
}

/**
 * A name as lists sort it: in the `name_order` collation (ICU root order, case ignored; migration
 * 0021), so that "Ærø" sorts among the A's and "Łódź" among the L's on PostgreSQL and on the
 * embedded database alike, instead of after "Z" in byte order. The name-order indexes are built on
 * the same expression, which is what lets a sorted page be read from them.
 */
export const nameOrder = (name: SQL | AnyColumn): SQL => sql`${name} collate "name_order"`;

/**
 * Turns `sort=name` / `sort=-createdAt` into an ORDER BY over a whitelist of columns, always ending
 * on the id so that pages never overlap or skip rows with equal keys. Each list's schema already
 * limits `sort` to its keys; only own keys are looked up here, so `__proto__` can never be a column.
 */
export function orderBy(
  sort: string | undefined,
  columns: Record<string, AnyColumn | SQL>,
  id: AnyColumn,
  fallback: string,
): SQL[] {
  const known = (key: string) => Object.hasOwn(columns, key.replace(/^-/, ''));
  const requested = sort && known(sort) ? sort : fallback;
  const descending = requested.startsWith('-');
  const column = columns[requested.replace(/^-/, '')]!;
  return [descending ? desc(column) : asc(column), descending ? desc(id) : asc(id)];
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%term%` for ILIKE, with the pattern characters of the term escaped. */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/** `term%` for LIKE / ILIKE, with the pattern characters of the term escaped. */
export function prefixPattern(term: string): string {
  return `${escapeLike(term)}%`;
}

/**
 * One page of rows and the total of the same filter, as two queries: the per-row work of the page
 * query (joins, aggregated sub-selects) then runs for the page only, never for every match.
 */
export async function fetchPage<T>(
  rows: () => Promise<T[]>,
  count: () => Promise<number>,
): Promise<{ rows: T[]; total: number }> {
  const [page, total] = await Promise.all([rows(), count()]);
  return { rows: page, total };
}

export async function countWhere(db: Database, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`cast(count(*) as integer)` })
    .from(table)
    .where(where);
  return row?.count ?? 0;
}

export const EXACT_COUNT_LIMIT = 10_000;

/**
 * The number of rows matching `where` as a scalar sub-select, counting no further than
 * `EXACT_COUNT_LIMIT + 1`, so that it can ride along in a page query as one more column.
 * Counting 100,000 badges exactly costs tens of milliseconds on every page request, while nobody
 * pages to the end of such a list without narrowing it first.
 */
export function cappedCount(db: Database, table: PgTable, where: SQL | undefined): SQL<number> {
  const capped = db.select({ one: sql`1` }).from(table).where(where).limit(EXACT_COUNT_LIMIT + 1);
  return sql<number>`(select cast(count(*) as integer) from (${capped}) capped)`;
}

const dialect = new PgDialect();

/** Whether PostgreSQL plans this query on every call, since it matches a pattern (see db/client). */
export function isPlannedEachCall(query: SQL): boolean {
  return plannedEachCall(dialect.sqlToQuery(query).sql);
}
const ESTIMATE_TTL_MS = 30_000;
const ESTIMATES_KEPT = 1000;
/** Recent estimates per database and query: an estimate is approximate anyway, and paging through a long list asks for the same one again and again. */
const estimates = new WeakMap<Database, Map<string, { rows: number; expiresAtMs: number }>>();

const countQuery = (db: Database, table: PgTable, where: SQL | undefined) => db.select({ one: sql`1` }).from(table).where(where).getSQL();

/** Keys already derived, per filter and table: a list request asks for its filter's key several times. */
const derivedKeys = new WeakMap<SQL, WeakMap<PgTable, string>>();

/** A filter's identity, for what is kept about it between requests. */
export function filterKey(db: Database, table: PgTable, where: SQL | undefined): string {
  const derived = where && derivedKeys.get(where)?.get(table);
  if (derived) return derived;
  const { sql: text, params } = dialect.sqlToQuery(countQuery(db, table, where));
  const key = `${text}\u0000${JSON.stringify(params)}`;
  if (where) derivedKeys.set(where, (derivedKeys.get(where) ?? new WeakMap()).set(table, key));
  return key;
}

async function plannerEstimate(db: Database, table: PgTable, where: SQL | undefined): Promise<number> {
  const known = keptMap(estimates, db);
  const key = filterKey(db, table, where);
  const hit = known.get(key);
  if (hit && hit.expiresAtMs > Date.now()) return hit.rows;
  const plan = await queryRows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] | string }>(db, sql`explain (format json) ${countQuery(db, table, where)}`);
  const raw = plan[0]!['QUERY PLAN'];
  const parsed = typeof raw === 'string' ? (JSON.parse(raw) as [{ Plan: { 'Plan Rows': number } }]) : raw;
  const rows = Math.round(parsed[0].Plan['Plan Rows']);
  keep(known, key, { rows, expiresAtMs: Date.now() + ESTIMATE_TTL_MS });
  return rows;
}

/** What is kept about a filter between requests lives this long at most. */
const KEPT_TTL_MS = 30_000;

/** The number a change sequence last gave (0 before its first), read without taking one. */
export const changeNumber = (sequence: string) =>
  sql.raw(`(select case when is_called then last_value else 0 end from ${sequence})`);

/** Exact totals per database and filter, with the table's change number they were counted at. */
const keptCounts = new WeakMap<Database, Map<string, { total: number; changes: string; expiresAtMs: number }>>();

function keptMap<T>(maps: WeakMap<Database, Map<string, T>>, db: Database): Map<string, T> {
  let known = maps.get(db);
  if (!known) maps.set(db, (known = new Map()));
  return known;
}

function keep<T>(known: Map<string, T>, key: string, value: T) {
  known.delete(key);
  if (known.size >= ESTIMATES_KEPT) known.delete(known.keys().next().value!);
  known.set(key, value);
}

/**
 * A filter's exact total, counted in the page's own statement unless a count of the same filter is
 * kept and the table's change sequence (`changes`, a sequence every writing statement takes a
 * number from) has not moved since: then the statement counts nothing. Paging through a search of
 * a few thousand matches otherwise counts them all on every page. A kept count lives at most 30 s,
 * which bounds the one case the sequence cannot see: a write that took its number before the count
 * read the sequence but committed after the count's snapshot.
 */
export function keptCount(db: Database, table: PgTable, where: SQL | undefined, changes: string) {
  const key = filterKey(db, table, where);
  const known = keptMap(keptCounts, db);
  const hit = known.get(key);
  const kept = hit && hit.expiresAtMs > Date.now() ? hit : undefined;
  const capped = cappedCount(db, table, where);
  return {
    /**
     * The columns to select: the capped count, or null when the kept one still holds, and the
     * change number the statement read.
     */
    columns: sql`${kept ? sql`case when ${changeNumber(changes)} = ${kept.changes} then null else ${capped} end` : capped} as "cappedTotal",
      cast(${changeNumber(changes)} as text) as "changes"`,
    /** The total from the statement's columns, keeping a fresh exact count for the next page. */
    async total(row: { cappedTotal: number | null; changes: string }): Promise<{ total: number; estimated: boolean }> {
      if (row.cappedTotal === null && kept) return { total: kept.total, estimated: false };
      const count = await totalFromCapped(db, table, where, row.cappedTotal ?? 0);
      if (!count.estimated)
        keep(known, key, { total: count.total, changes: row.changes, expiresAtMs: Date.now() + KEPT_TTL_MS });
      return count;
    },
  };
}

/** Where a page starts: the order key of the row before it, read at a change number. */
export type PageStart = { after: string; id: number; changes: string };
const pageStarts = new WeakMap<Database, Map<string, PageStart & { expiresAtMs: number }>>();

/**
 * The start of a deep page kept from an earlier request, so that the page is read from the index by
 * key rather than by skipping every row before it. The caller checks the change number in its
 * statement and forgets a start that no longer holds (`forgetPageStart`); it lives 30 s at most.
 */
export function keptPageStart(db: Database, key: string): PageStart | undefined {
  const hit = keptMap(pageStarts, db).get(key);
  return hit && hit.expiresAtMs > Date.now() ? hit : undefined;
}

export function keepPageStart(db: Database, key: string, start: PageStart): void {
  keep(keptMap(pageStarts, db), key, { ...start, expiresAtMs: Date.now() + KEPT_TTL_MS });
}

export function forgetPageStart(db: Database, key: string): void {
  keptMap(pageStarts, db).delete(key);
}

/**
 * The total of a filter counted beyond the exact range within the last `ESTIMATE_TTL_MS`, as then
 * estimated; undefined otherwise. A list that large gives an estimate anyway, so its next pages
 * need not count 10,001 rows again to arrive at the same answer.
 */
export function recentEstimate(db: Database, table: PgTable, where: SQL | undefined): number | undefined {
  const hit = keptMap(estimates, db).get(filterKey(db, table, where));
  return hit && hit.expiresAtMs > Date.now() ? Math.max(hit.rows, EXACT_COUNT_LIMIT + 1) : undefined;
}

/** The total from a capped count: exact up to `EXACT_COUNT_LIMIT`, beyond it the planner's estimate. */
export async function totalFromCapped(
  db: Database,
  table: PgTable,
  where: SQL | undefined,
  count: number,
): Promise<{ total: number; estimated: boolean }> {
  if (count <= EXACT_COUNT_LIMIT) return { total: count, estimated: false };
  const estimate = await plannerEstimate(db, table, where);
  return { total: Math.max(estimate, count), estimated: true };
}

export async function countOrEstimate(
  db: Database,
  table: PgTable,
  where: SQL | undefined,
): Promise<{ total: number; estimated: boolean }> {
  const [row] = await queryRows<{ count: number }>(db, sql`select ${cappedCount(db, table, where)} as count`);
  return totalFromCapped(db, table, where, row?.count ?? 0);
}
