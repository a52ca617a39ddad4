// The 100,000-badge show (db/seed/large.ts) on a scratch PostgreSQL database, and the built API
// (`node apps/api/dist/server.js`, NODE_ENV=production) in its own process on it: what the door and
// booth benches (check-in.ts, leads.ts) run on.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres, queryRows, type Database, type DatabaseHandle } from '../apps/api/src/db/client';
import { applyMigrations } from '../apps/api/src/db/migrate';
import { seedCatalogue } from '../apps/api/src/db/seed/catalogue';
import { LARGE_SHOW, seedLargeShow } from '../apps/api/src/db/seed/large';

const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The secret the API signs tokens with; a bench signs its own with it. */
export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-42';
const API = fileURLToPath(new URL('../apps/api/dist/server.js', import.meta.url));

export type LargeShow = { database: DatabaseHandle; db: Database; databaseUrl: string; eventId: number };

/**
 * Runs `work` on a scratch database holding the large show (a pool of `connections` to it), then
 * drops the database. Without a server to reach, says that `label` is skipped and runs nothing.
 */
export async function withLargeShow(label: string, connections: number, work: (show: LargeShow) => Promise<void>): Promise<void> {
  const admin = new pg.Client({ connectionString: SERVER });
  try {
    await admin.connect();
  } catch {
    console.log(`\n${label}: skipped, no PostgreSQL at ${new URL(SERVER).host} (set BENCH_DATABASE_URL).`);
    return;
  }
  const name = `portal_bench_${label.toLowerCase().replace(/\W+/g, '_')}_${process.pid}`;
  await admin.query(`create database ${name}`);
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), { max: connections });
  try {
    await applyMigrations(database);
    await seedCatalogue(database.db);
    const seeding = performance.now();
    await seedLargeShow(database.db);
    console.log(`\n${label}: seeded ${LARGE_SHOW.badges} badges in ${((performance.now() - seeding) / 1000).toFixed(1)} s.`);
    const [event] = await queryRows<{ id: number }>(database.db, sql`select id from events where slug = ${LARGE_SHOW.slug}`);
    await work({ database, db: database.db, databaseUrl: url.toString(), eventId: event!.id });
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export type BuiltApi = { address: string; pid: number; stop(): Promise<void> };

/** The built API on `databaseUrl`, answering its health check; BENCH_CPU_PROF=<dir> profiles it. */
export async function startBuiltApi(databaseUrl: string, port: number): Promise<BuiltApi> {
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, API], {
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: databaseUrl, APP_SECRET: BENCH_SECRET, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const address = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300 && !(await fetch(`${address}/api/health`).then((r) => r.ok).catch(() => false)); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    address,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
