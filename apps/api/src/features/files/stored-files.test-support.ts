import { sql } from 'drizzle-orm';
import { readdir, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { queryRows, type DatabaseHandle } from '../../db/client';
import { createDatabaseFileStore, createLocalFileStore, type FileStore } from './file-store';

/**
 * The file store an app under test writes to, as the app builds it: `file_contents` on
 * PostgreSQL, the disk under its DATA_DIR on the embedded database; with what tests read of it.
 */
export function appFileStore(database: DatabaseHandle, dataDir: string) {
  const onDisk = database.kind === 'pglite';
  const root = join(dataDir, 'files');
  const store: FileStore = onDisk ? createLocalFileStore(root) : createDatabaseFileStore(database.db);
  return {
    store,
    onDisk,
    /** Every key with bytes stored (on disk, unfinished writes too), sorted. */
    async keys(): Promise<string[]> {
      if (!onDisk) {
        const rows = await queryRows<{ key: string }>(database.db, sql`select distinct storage_key as key from file_contents order by 1`);
        return rows.map((row) => row.key);
      }
      const entries = await readdir(root, { recursive: true }).catch(() => [] as string[]);
      return entries.filter((entry) => /[0-9a-f]{32}/.test(entry)).sort();
    },
    /** Makes a key's bytes look written at `when`, as the orphan sweep reads it. */
    async backdate(key: string, when: Date): Promise<void> {
      if (onDisk) await utimes(join(root, key), when, when);
      else await database.db.execute(sql`update file_contents set created_at = ${when.toISOString()} where storage_key = ${key}`);
    },
  };
}
