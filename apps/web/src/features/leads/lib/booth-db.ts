import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { QueuedWork, UnsavedWork } from './booth-queue';

/** Where the booth keeps its unsent and refused work: IndexedDB in the browser, memory in tests. */
export type BoothStore = {
  queued(adminId: number): Promise<QueuedWork[]>;
  get(nonce: string): Promise<QueuedWork | undefined>;
  put(work: QueuedWork): Promise<void>;
  remove(nonce: string): Promise<void>;
  /** Out of the queue and into the refused list, in one step: a crash between the two loses nothing. */
  refuse(work: UnsavedWork): Promise<void>;
  unsaved(adminId: number): Promise<UnsavedWork[]>;
  dismiss(nonce: string): Promise<void>;
};

interface BoothDb extends DBSchema {
  queue: { key: string; value: QueuedWork };
  unsaved: { key: string; value: UnsavedWork };
}

let opening: Promise<IDBPDatabase<BoothDb>> | undefined;

function db(): Promise<IDBPDatabase<BoothDb>> {
  opening ??= openDB<BoothDb>('portal-leads', 1, {
    upgrade(database) {
      database.createObjectStore('queue', { keyPath: 'nonce' });
      database.createObjectStore('unsaved', { keyPath: 'nonce' });
    },
  });
  return opening;
}

export const indexedDbBoothStore: BoothStore = {
  async queued(adminId) {
    return (await (await db()).getAll('queue')).filter((work) => work.adminId === adminId);
  },
  async get(nonce) {
    return (await db()).get('queue', nonce);
  },
  async put(work) {
    await (await db()).put('queue', work);
  },
  async remove(nonce) {
    await (await db()).delete('queue', nonce);
  },
  async refuse(work) {
    const tx = (await db()).transaction(['queue', 'unsaved'], 'readwrite');
    await Promise.all([tx.objectStore('queue').delete(work.nonce), tx.objectStore('unsaved').put(work), tx.done]);
  },
  async unsaved(adminId) {
    return (await (await db()).getAll('unsaved')).filter((work) => work.adminId === adminId);
  },
  async dismiss(nonce) {
    await (await db()).delete('unsaved', nonce);
  },
};
