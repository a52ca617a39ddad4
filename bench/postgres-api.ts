// What the PostgreSQL benches share: a scratch database with the schema, the catalogue and the bench
// show, the API in its own process on it (api-server.ts), and that process's memory read from /proc.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { openPostgres, type DatabaseHandle } from '../apps/api/src/db/client';
import { applyMigrations } from '../apps/api/src/db/migrate';
import { seedCatalogue } from '../apps/api/src/db/seed/catalogue';
import { seedBenchShow, type BenchShow } from './bulk-seed';

const SECRET = 'bench-secret-bench-secret-bench-secret-42';
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The API process's peak resident memory since the last reset, in MB; reset for the next figure. */
export function peakMemory(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  // Writing 5 to clear_refs resets VmHWM to the current RSS (Linux ≥ 4.0).
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  return kb / 1024;
}

export type PostgresBench = {
  database: DatabaseHandle;
  /** The scratch database's address, for a bare client of its own. */
  databaseUrl: string;
  show: BenchShow;
  /** Where the API process listens. */
  address: string;
  /** The API process's id, for /proc. */
  pid: number;
};

/**
 * Runs `work` on a scratch database of BENCH_DATABASE_URL and the API in its own process on it,
 * then stops the process and drops the database. Without a server to reach, says that `label` is
 * skipped and runs nothing.
 */
export async function withPostgresApi(label: string, work: (bench: PostgresBench) => Promise<void>): Promise<void> {
  const name = `portal_bench_${label.toLowerCase().replace(/\W+/g, '_')}_${process.pid}`;
  const admin = new pg.Client({ connectionString: SERVER });
  try {
    await admin.connect();
  } catch {
    console.log(`\n${label}: skipped, no PostgreSQL at ${new URL(SERVER).host} (set BENCH_DATABASE_URL).`);
    return;
  }
  await admin.query(`create database ${name}`);
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const database = openPostgres(databaseUrl);
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('api-server.ts', import.meta.url).pathname], {
    env: { ...process.env, BENCH_API_DATABASE_URL: databaseUrl, BENCH_API_SECRET: SECRET },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await applyMigrations(database);
    await seedCatalogue(database.db);
    const show = await seedBenchShow(database, SECRET);
    const [address] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    await work({ database, databaseUrl, show, address, pid: child.pid! });
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
