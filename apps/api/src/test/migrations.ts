import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseHandle } from '../db/client';
import { applyMigrations, MIGRATIONS_DIR } from '../db/migrate';
import { openEmptyDatabase } from './database';

/** A copy of the migrations that stops before `tag`, as a database still on an older release has them. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at <= 0) throw new Error(`No migration ${tag} after the first`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/**
 * A new database migrated up to just before `tag`, as one still on an older release: a test puts
 * that release's rows in it, then runs `applyMigrations` and checks what `tag` made of them.
 */
export async function openDatabaseBefore(tag: string): Promise<DatabaseHandle> {
  const olderMigrations = migrationsBefore(tag);
  try {
    const handle = await openEmptyDatabase();
    await applyMigrations(handle, olderMigrations);
    return handle;
  } finally {
    rmSync(olderMigrations, { recursive: true, force: true });
  }
}
