import type { Database } from '../../db/client';
import type { FileStore } from './file-store';
import { deleteUnreferencedFiles, knownStorageKeys } from './files.repository';
import { runEvery } from '../../lib/run-every';

const BATCH = 500;

/**
 * Removes what a deletion left behind or a crash interrupted: answer files no answer references,
 * and bytes in the store without a row. Only what is older than `graceMs`, so that an upload still
 * on its way to its transaction is never taken. Returns how many of each went.
 */
export async function sweepOrphanFiles(options: { db: Database; store: FileStore; graceMs: number; now?: Date }) {
  const { db, store } = options;
  const before = new Date((options.now ?? new Date()).getTime() - options.graceMs);
  let rows = 0;
  for (;;) {
    const deleted = await deleteUnreferencedFiles(db, before, BATCH);
    // Row first, then bytes: a failure in between leaves bytes without a row, which the next round finds.
    await Promise.all(deleted.map((file) => store.delete(file.storageKey)));
    rows += deleted.length;
    if (deleted.length < BATCH) break;
  }
  let bytes = 0;
  let batch: string[] = [];
  const flush = async () => {
    const known = await knownStorageKeys(db, batch);
    const orphans = batch.filter((key) => !known.has(key));
    await Promise.all(orphans.map((key) => store.delete(key)));
    bytes += orphans.length;
    batch = [];
  };
  for await (const { key, modifiedAt } of store.list(before)) {
    if (modifiedAt >= before) continue;
    batch.push(key);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return { rows, bytes };
}

/** Sweeps every `intervalMs` on `runEvery`'s terms (never at start); returns its stop function. */
export function startFileSweeper(options: {
  db: Database;
  store: FileStore;
  intervalMs: number;
  graceMs: number;
  onError: (error: unknown) => void;
}): () => Promise<void> {
  return runEvery(options.intervalMs, () => sweepOrphanFiles(options), options.onError);
}
