import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { createHash } from 'node:crypto';
import pg from 'pg';

/** The one database type every repository takes; a transaction handle is one too. */
export type Database = PgDatabase<PgQueryResultHKT>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Answers within the time-out whether the database takes queries. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
};

export const PGLITE_EXTENSIONS = { pg_trgm };

export function createPgliteClient(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create({ dataDir, loadDataDir, extensions: PGLITE_EXTENSIONS });
}

export function wrapPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    ping: (timeoutMs) => pingWith(db, timeoutMs),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

const statementNames = new Map<string, string>();
const STATEMENT_NAMES_KEPT = 2000;

/**
 * The name a statement is prepared under, from its text: each connection parses and plans a
 * repeating statement once and then only binds its values, instead of planning it on every call
 * (about 2 ms for a badge page). Texts with a pattern match stay unnamed: a plan kept for all
 * search terms would fit a rare term or a common one, never both, while planning each picks the
 * index for the term at hand.
 */
function statementName(text: string): string | undefined {
  if (plannedEachCall(text)) return undefined;
  let name = statementNames.get(text);
  if (!name) {
    if (statementNames.size >= STATEMENT_NAMES_KEPT) statementNames.delete(statementNames.keys().next().value!);
    name = `s${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** Whether a statement of this text is planned on every call rather than prepared (see statementName). */
export function plannedEachCall(text: string): boolean {
  return /\blike\b/i.test(text) || /^\s*explain\b/i.test(text);
}

/**
 * A pool whose queries run as prepared statements (see statementName): each connection's own
 * `query`, so that the statements of a transaction (a scan at the door, a payment) are prepared as
 * well as those sent through the pool.
 */
function preparingPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: unknown, ...rest: unknown[]) => {
      if (typeof config === 'object' && config !== null && 'text' in config && !('name' in config && config.name)) {
        const name = statementName(String(config.text));
        if (name) return query({ ...config, name }, ...rest);
      }
      return query(config, ...rest);
    }) as typeof client.query;
  });
  return pool;
}

/**
 * How long a request waits for a new connection before it is told the database is unreachable:
 * when PostgreSQL's host stops answering altogether, requests would otherwise hang until the
 * operating system gives up on the connection (minutes).
 */
const CONNECT_TIMEOUT_MS = 5000;

export function openPostgres(url: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = preparingPool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // A connection ended by the server (a restart, pg_terminate_backend, a network cut) makes its
  // client emit 'error'; without a listener Node ends the process. The pool listens on idle
  // clients; a client checked out for a transaction, between its queries, is covered here. Its
  // query or transaction fails with the same error (answered 503, see db/connection-errors.ts), and
  // the pool discards a client that is no longer queryable when it is released, so the next
  // request opens a fresh connection: the process reconnects by itself.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzleNodePg(pool) as unknown as Database;
  let closed = false;
  return {
    db,
    kind: 'postgres',
    ping: (timeoutMs) => pingWith(db, timeoutMs),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

async function pingWith(db: Database, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Rows of a raw query; both drivers answer with `rows`, under types drizzle cannot unify. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
