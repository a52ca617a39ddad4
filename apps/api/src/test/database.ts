import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { createPgliteClient, openPostgres, wrapPglite, type DatabaseHandle } from '../db/client';
import { withDatabase } from './global-setup';

export const testDatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A migrated database of this test file's own, copied from the run's template. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind === 'pglite') {
    const dump = new Blob([readFileSync(inject('pgliteTemplate'))]);
    return wrapPglite(await createPgliteClient(undefined, dump));
  }
  return openScratchPostgres({ template: inject('postgresTemplate'), max: 20 });
}

/** A database with nothing in it, not even the migrations: for tests of the migrations themselves. */
export async function openEmptyDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind === 'pglite') return wrapPglite(await createPgliteClient());
  return openScratchPostgres({ max: 2 });
}

/** A PostgreSQL database of its own (a copy of the template when given), dropped on close. */
async function openScratchPostgres(options: { template?: string; max: number }): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL!;
  const name = `portal_t_${inject('postgresTemplate').replace('portal_tpl_', '')}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${options.template ? ` template ${options.template}` : ''}`);
  } finally {
    await admin.end();
  }
  const handle = openPostgres(withDatabase(url, name), { max: options.max });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
