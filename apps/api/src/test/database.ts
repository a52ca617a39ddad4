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
  const url = process.env.TEST_DATABASE_URL!;
  const template = inject('postgresTemplate');
  const name = `portal_t_${template.replace('portal_tpl_', '')}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const handle = openPostgres(withDatabase(url, name), { max: 20 });
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

/** A database with nothing in it, not even the migrations: for tests of the migrations themselves. */
export async function openEmptyDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind === 'pglite') return wrapPglite(await createPgliteClient());
  const url = process.env.TEST_DATABASE_URL!;
  const name = `portal_t_${inject('postgresTemplate').replace('portal_tpl_', '')}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const handle = openPostgres(withDatabase(url, name), { max: 2 });
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
