import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

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
