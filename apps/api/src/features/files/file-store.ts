import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { queryRows, type Database } from '../../db/client';

/** Where uploaded bytes live; the `files` table holds what is known about them. */
export type FileStore = {
  put(key: string, content: Uint8Array | Readable): Promise<void>;
  /** The bytes as a stream, or null when the key holds nothing. */
  get(key: string): Promise<Readable | null>;
  /** Removes the bytes; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every stored key with when it was written, for the orphan sweep. Unfinished writes older than
   * `staleBefore` (left by a process that stopped mid-upload) are removed on the way.
   */
  list(staleBefore: Date): AsyncIterable<{ key: string; modifiedAt: Date }>;
};

// Keys are made by `newStorageKey`; anything else (a path from a client) is refused outright.
const KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f]{32}$/;

/** A random key, sharded by its first byte so that no directory grows past a few thousand entries. */
export function newStorageKey(): string {
  const hex = randomBytes(16).toString('hex');
  return `${hex.slice(0, 2)}/${hex}`;
}

/** Files on local disk under `root` (DATA_DIR/files): for one machine, or a shared volume. */
export function createLocalFileStore(root: string): FileStore {
  const pathOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`Not a storage key: ${key}`);
    return join(root, key);
  };
  return {
    async put(key, content) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside then renamed, so that a reader never sees half a file.
      const partial = `${path}.${randomBytes(4).toString('hex')}.part`;
      try {
        // Opened before the first byte is piped: a stream left to open the file itself may create
        // it after a failed upload has already been cleaned up.
        if (content instanceof Readable)
          await pipeline(content, (await open(partial, 'wx', 0o600)).createWriteStream());
        else await writeFile(partial, content, { flag: 'wx', mode: 0o600 });
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch {
        return null;
      }
      return createReadStream(path);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async *list(staleBefore) {
      let shards: string[];
      try {
        shards = await readdir(root);
      } catch {
        return;
      }
      for (const shard of shards.filter((name) => /^[0-9a-f]{2}$/.test(name)).sort()) {
        for (const name of await readdir(join(root, shard)).catch(() => [])) {
          const path = join(root, shard, name);
          const modifiedAt = await stat(path).then(
            (info) => info.mtime,
            () => null,
          );
          if (!modifiedAt) continue;
          const key = `${shard}/${name}`;
          if (KEY_PATTERN.test(key)) yield { key, modifiedAt };
          else if (name.endsWith('.part') && modifiedAt < staleBefore) await rm(path, { force: true });
        }
      }
    },
  };
}

/** The size of one stored part: a 10 MiB upload is 40 short statements, never one long one. */
export const FILE_PART_BYTES = 256 * 1024;
const LIST_PAGE = 500;

/** Cuts a stream of chunks of any size into parts of exactly `size` bytes (the last one shorter). */
async function* partsOf(content: Uint8Array | Readable, size: number): AsyncGenerator<Buffer> {
  const chunks = content instanceof Readable ? content : [content];
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of chunks as AsyncIterable<Uint8Array>) {
    let rest = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    while (pendingBytes + rest.length >= size) {
      const take = size - pendingBytes;
      yield Buffer.concat([...pending, rest.subarray(0, take)]);
      rest = rest.subarray(take);
      pending = [];
      pendingBytes = 0;
    }
    if (rest.length > 0) {
      pending.push(Buffer.from(rest));
      pendingBytes += rest.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

/**
 * Files in the database (`file_contents`), for PostgreSQL: every API process reaches every file,
 * whichever received it. Each part is its own short statement, so a slow upload or download holds
 * a pooled connection only while one part goes through. A key's rows are written before its
 * `files` row is recorded, so no reader meets a file still being written; a write that fails
 * takes its parts away again, and what a crash leaves, the orphan sweep finds by its part 0.
 */
export function createDatabaseFileStore(db: Database, { partBytes = FILE_PART_BYTES } = {}): FileStore {
  const checked = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`Not a storage key: ${key}`);
    return key;
  };
  const remove = async (key: string) => {
    await db.execute(sql`delete from file_contents where storage_key = ${key}`);
  };
  return {
    async put(key, content) {
      checked(key);
      let part = 0;
      try {
        for await (const data of partsOf(content, partBytes)) {
          await db.execute(sql`insert into file_contents (storage_key, part, data) values (${key}, ${part}, ${data})`);
          part += 1;
        }
      } catch (error) {
        if (part > 0) await remove(key).catch(() => {});
        throw error;
      }
    },
    async get(key) {
      const parts = await queryRows<{ part: number }>(
        db,
        sql`select part from file_contents where storage_key = ${checked(key)} order by part`,
      );
      if (parts.length === 0) return null;
      async function* read() {
        for (const { part } of parts) {
          const [row] = await queryRows<{ data: Uint8Array }>(
            db,
            sql`select data from file_contents where storage_key = ${key} and part = ${part}`,
          );
          // Deleted while being read: the reader gets an error, never a shortened file.
          if (!row) throw new Error(`The file ${key} was removed while it was being read`);
          yield Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
        }
      }
      return Readable.from(read(), { objectMode: false });
    },
    async delete(key) {
      await remove(checked(key));
    },
    async *list() {
      // Unfinished writes need no separate cleaning: their parts are listed like any key.
      let after = '';
      for (;;) {
        const page = await queryRows<{ key: string; modifiedAt: string | Date }>(
          db,
          sql`select storage_key as key, created_at as "modifiedAt" from file_contents
               where part = 0 and storage_key > ${after} order by storage_key limit ${LIST_PAGE}`,
        );
        for (const row of page) yield { key: row.key, modifiedAt: new Date(row.modifiedAt) };
        if (page.length < LIST_PAGE) return;
        after = page[page.length - 1]!.key;
      }
    },
  };
}

/**
 * Copies into the database the bytes of recorded files that it lacks and the local store holds:
 * on a PostgreSQL install that kept uploads on each process's disk before, every process brings
 * its own disk's files into the database at start, after which every process serves them. Each
 * file is copied in a transaction under a lock on its key, so processes starting together copy it
 * once. Answers how many were copied; files held by no disk here are left alone.
 */
export async function copyLocalFilesToDatabase(db: Database, local: FileStore): Promise<number> {
  const missing = await queryRows<{ storageKey: string }>(
    db,
    sql`select f.storage_key as "storageKey" from files f
         where not exists (select 1 from file_contents c where c.storage_key = f.storage_key and c.part = 0)`,
  );
  let copied = 0;
  for (const { storageKey } of missing) {
    if (!KEY_PATTERN.test(storageKey)) continue;
    const content = await local.get(storageKey);
    if (!content) continue;
    const done = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`file_contents:${storageKey}`}))`);
      const [present] = await queryRows(tx, sql`select 1 from file_contents where storage_key = ${storageKey} and part = 0`);
      if (present) return false;
      await createDatabaseFileStore(tx).put(storageKey, content);
      return true;
    });
    if (!done) content.destroy();
    copied += done ? 1 : 0;
  }
  return copied;
}
