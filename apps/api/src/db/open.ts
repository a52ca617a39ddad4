import { resolve } from 'node:path';
import type { Config } from '../config';
import { createPgliteClient, openPostgres, wrapPglite, type DatabaseHandle } from './client';
import { lockDataDir, readOrCreateSecret } from './data-dir';
import { applyMigrations } from './migrate';
import { seedCatalogue } from './seed/catalogue';

export type OpenedDatabase = { database: DatabaseHandle; secret: string; release: () => Promise<void> };

/**
 * Opens the configured database (PostgreSQL when DATABASE_URL is set, otherwise the embedded one
 * under DATA_DIR), applies migrations and brings the permission catalogue up to date.
 */
export async function openConfiguredDatabase(config: Config): Promise<OpenedDatabase> {
  const dataDir = resolve(config.DATA_DIR);
  if (!config.APP_SECRET && config.NODE_ENV === 'production') {
    throw new Error('Set APP_SECRET (at least 32 characters) in production: every replica signs tokens with it.');
  }
  const secret = config.APP_SECRET ?? readOrCreateSecret(dataDir);
  let database: DatabaseHandle;
  let unlock = () => {};
  if (config.DATABASE_URL) {
    database = openPostgres(config.DATABASE_URL);
  } else {
    unlock = lockDataDir(dataDir);
    try {
      database = wrapPglite(await createPgliteClient(resolve(dataDir, 'pglite')));
    } catch (error) {
      unlock();
      throw error;
    }
  }
  try {
    await applyMigrations(database);
    await seedCatalogue(database.db);
  } catch (error) {
    await database.close();
    unlock();
    throw error;
  }
  return {
    database,
    secret,
    release: async () => {
      await database.close();
      unlock();
    },
  };
}
