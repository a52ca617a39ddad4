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
async function serverDatabase(): Promise<{ env: Record<string, string>; count(): Promise<number> }> {
  const countSql = `select cast(count(*) as integer) as n from admins where email like 'kill-%@x.example'`;
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
        const { rows } = await client.query<{ n: number }>(countSql);
        await client.end();
        return rows[0]!.n;
      },
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'portal-kill-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return {
    env: { DATA_DIR: dir },
    count: async () => {
      const client = await createPgliteClient(join(dir, 'pglite'));
      const { rows } = await client.query<{ n: number }>(countSql);
      await client.close();
      return rows[0]!.n;
    },
  };
}

describe('an import killed half way', () => {
  it(
    'leaves none of its rows when the API process is killed (SIGKILL) inside the transaction',
    { timeout: 180_000 },
    async () => {
      const database = await serverDatabase();
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', new URL('kill-server.test-support.ts', import.meta.url).pathname],
        {
          env: {
            ...process.env,
            ...database.env,
            APP_SECRET: 'kill-test-secret-of-at-least-32-chars!',
            LOG_LEVEL: 'silent',
            SEED_DEMO: 'true',
            NODE_ENV: 'test',
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const exited = once(child, 'exit');
      cleanups.push(async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      });
      const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
      const address = (await lines.next()).value as string;

      const login = await fetch(`${address}/api/admin/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO_LOGINS.systemAdmin.email, password: DEMO_LOGINS.systemAdmin.password }),
      });
      const { token } = (await login.json()) as { token: string };
      const events = (await (
        await fetch(`${address}/api/events`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { data: { id: number }[] };
      const file = await xlsxOf([
        ['Company', 'First name', 'Last name', 'Email'],
        ...Array.from({ length: ROWS }, (_v, i) => [`Kill Co ${i}`, 'Kill', `Row ${i}`, `kill-${i}@x.example`]),
      ]);
      const { payload, headers } = formBody(
        { step: 'import', eventId: events.data[0]!.id },
        { name: 'kill.xlsx', bytes: file },
      );
      const answer = fetch(`${address}/api/admin/bulk-upload/exhibitors`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${token}` },
        body: payload,
      }).then(
        (response) => response.status,
        () => 'connection lost',
      );
      // The server says when the import's transaction has inserted its accounts; the invitations are still to come.
      expect((await lines.next()).value).toBe('writing');
      child.kill('SIGKILL');
      await exited;
      expect(await answer).toBe('connection lost');
      expect(await database.count()).toBe(0);
    },
  );
});
