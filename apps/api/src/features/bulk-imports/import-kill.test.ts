import { DEMO_LOGINS } from '../../db/seed/demo';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createPgliteClient } from '../../db/client';
import { testDatabaseKind } from '../../test/database';
import { withDatabase } from '../../test/global-setup';
import { formBody, xlsxOf } from './upload-helpers.test-support';

const ROWS = 1000;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A database of its own for the server: a PostgreSQL copy of the run's template, or a PGlite directory. */
async function serverDatabase(): Promise<{ env: Record<string, string>; count(): Promise<{ accounts: number; invitations: number; owed: number }> }> {
  const countSql = `select cast(count(*) as integer) as accounts,
      cast((select count(*) from email_outbox where purpose = 'invitation' and to_address like 'kill-%@x.example') as integer) as invitations,
      cast((select count(*) from pending_invitations) as integer) as owed
    from admins where email like 'kill-%@x.example'`;
  type Counts = { accounts: number; invitations: number; owed: number };
  if (testDatabaseKind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `portal_t_${inject('postgresTemplate').replace('portal_tpl_', '')}_kill${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    return {
      env: { DATABASE_URL: withDatabase(url, name) },
      count: async () => {
        const client = new pg.Client({ connectionString: withDatabase(url, name) });
        await client.connect();
        const { rows } = await client.query<Counts>(countSql);
        await client.end();
        return rows[0]!;
      },
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'portal-kill-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return {
    env: { DATA_DIR: dir },
    count: async () => {
      const client = await createPgliteClient(join(dir, 'pglite'));
      const { rows } = await client.query<Counts>(countSql);
      await client.close();
      return rows[0]!;
    },
  };
}

/** The API in its own process on `env`'s database; its output lines, from the line after its address. */
async function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('kill-server.test-support.ts', import.meta.url).pathname], {
    env: {
      ...process.env,
      ...env,
      APP_SECRET: 'kill-test-secret-of-at-least-32-chars!',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'true',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const address = (await lines.next()).value as string;
  /** Waits for the line `wanted`, passing over others. */
  const waitFor = async (wanted: string) => {
    for (let line = await lines.next(); !line.done; line = await lines.next()) if (line.value === wanted) return;
    throw new Error(`The server ended before printing ${wanted}`);
  };
  const kill = async () => {
    child.kill('SIGKILL');
    await exited;
  };
  return { address, waitFor, kill };
}

async function signIn(address: string) {
  const login = await fetch(`${address}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_LOGINS.systemAdmin.email, password: DEMO_LOGINS.systemAdmin.password }),
  });
  return ((await login.json()) as { token: string }).token;
}

/** Starts an import of ROWS new exhibitors as the demo system admin; answers its status, or `connection lost`. */
async function startImport(address: string) {
  const token = await signIn(address);
  const events = (await (
    await fetch(`${address}/api/events`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { data: { id: number }[] };
  const file = await xlsxOf([
    ['Company', 'First name', 'Last name', 'Email'],
    ...Array.from({ length: ROWS }, (_v, i) => [`Kill Co ${i}`, 'Kill', `Row ${i}`, `kill-${i}@x.example`]),
  ]);
  const { payload, headers } = formBody({ step: 'import', eventId: events.data[0]!.id }, { name: 'kill.xlsx', bytes: file });
  return fetch(`${address}/api/admin/bulk-upload/exhibitors`, {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${token}` },
    body: payload,
  }).then(
    (response) => response.status,
    () => 'connection lost',
  );
}

describe('an import killed half way', () => {
  it(
    'leaves none of its rows when the API process is killed (SIGKILL) inside the transaction',
    { timeout: 180_000 },
    async () => {
      const database = await serverDatabase();
      const server = await startServer(database.env);
      const answer = startImport(server.address);
      // The server says when the import's transaction has inserted its accounts; the rest is still to come.
      await server.waitFor('writing');
      await server.kill();
      expect(await answer).toBe('connection lost');
      expect(await database.count()).toEqual({ accounts: 0, invitations: 0, owed: 0 });
    },
  );

  it(
    'sends every invitation exactly once after a kill between the import and its invitation mails',
    { timeout: 240_000 },
    async () => {
      const database = await serverDatabase();
      const server = await startServer(database.env);
      const answer = startImport(server.address);
      // The accounts are committed; the first invitation mails are being written.
      await server.waitFor('inviting');
      await server.kill();
      expect(await answer).toBe('connection lost');
      const left = await database.count();
      expect(left.accounts).toBe(ROWS);
      expect(left.invitations + left.owed).toBe(ROWS);
      expect(left.owed).toBeGreaterThan(0);

      // A new process finds the owed invitations and writes each once (the outbox is read through
      // it: the embedded database takes one process at a time).
      const restarted = await startServer({ ...database.env, INVITATION_SWEEP_INTERVAL_MS: '1000' });
      const token = await signIn(restarted.address);
      const queued = async () => {
        const response = await fetch(`${restarted.address}/api/admin/email-outbox?purpose=invitation&search=%40x.example&per_page=1`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return ((await response.json()) as { meta: { total: number } }).meta.total;
      };
      await expect.poll(queued, { timeout: 60_000, interval: 500 }).toBe(ROWS);
      await restarted.kill();
      expect(await database.count()).toEqual({ accounts: ROWS, invitations: ROWS, owed: 0 });
    },
  );
});
