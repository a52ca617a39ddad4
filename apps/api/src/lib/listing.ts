import { buildListMeta, type ListMeta } from '@portal/shared/common';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';

export type Page = { page: number; per_page: number };

export function pageWindow({ page, per_page }: Page) {
  return { limit: per_page, offset: (page - 1) * per_page };
}

export function listResult<T>(rows: T[], total: number, page: Page): { data: T[]; meta: ListMeta } {
  return { data: rows, meta: buildListMeta(page.page, page.per_page, total) };
}

/**
 * Turns `sort=name` / `sort=-createdAt` into an ORDER BY over a whitelist of columns, always ending
 * on the id so that pages never overlap or skip rows with equal keys.
 */
export function orderBy(sort: string | undefined, columns: Record<string, AnyColumn | SQL>, id: AnyColumn, fallback: string): SQL[] {
  const requested = sort && columns[sort.replace(/^-/, '')] ? sort : fallback;
  const descending = requested.startsWith('-');
  const column = columns[requested.replace(/^-/, '')]!;
  return [descending ? desc(column) : asc(column), descending ? desc(id) : asc(id)];
}

/** `%term%` for ILIKE, with the pattern characters of the term escaped. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const totalCount = sql<number>`cast(count(*) over () as integer)`;

/**
 * Splits rows selected with `totalCount` into rows and total. A page past the end has no row to
 * carry the total, so only then is it counted separately.
 */
export async function splitTotal<T extends { total: number }>(
  rows: T[],
  offset: number,
  count: () => Promise<number>,
): Promise<{ rows: Omit<T, 'total'>[]; total: number }> {
  const total = rows[0]?.total ?? (offset === 0 ? 0 : await count());
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}

export async function countWhere(db: Database, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ count: sql<number>`cast(count(*) as integer)` }).from(table).where(where);
  return row?.count ?? 0;
}
