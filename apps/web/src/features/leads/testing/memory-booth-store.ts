import type { BoothStore } from '../lib/booth-db';
import type { QueuedWork, UnsavedWork } from '../lib/booth-queue';

/** The booth's store in memory, for tests: the same contract as the IndexedDB one. */
export function memoryBoothStore(queue: QueuedWork[] = [], refused: UnsavedWork[] = []) {
  const queued = new Map(queue.map((work) => [work.nonce, work]));
  const unsaved = new Map(refused.map((work) => [work.nonce, work]));
  const store: BoothStore = {
    queued: async (adminId) => [...queued.values()].filter((work) => work.adminId === adminId),
    get: async (nonce) => queued.get(nonce),
    put: async (work) => void queued.set(work.nonce, structuredClone(work)),
    remove: async (nonce) => void queued.delete(nonce),
    refuse: async (work) => {
      queued.delete(work.nonce);
      unsaved.set(work.nonce, work);
    },
    unsaved: async (adminId) => [...unsaved.values()].filter((work) => work.adminId === adminId),
    dismiss: async (nonce) => void unsaved.delete(nonce),
  };
  return { store, queued, unsaved };
}
