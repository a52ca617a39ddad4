import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BillingDocument } from '@portal/shared/allocation-purchases';
import { renderDocumentFiles, type DocumentFiles } from './invoice-pdf';
import type { RenderReply, RenderRequest } from './pdf-worker';

/**
 * Drawing a PDF is CPU work of about ten milliseconds that holds the thread; an archive draws its
 * documents in a pool of worker threads, one per core but the one the API itself keeps, while it
 * is written in order on the main thread. The workers start on first use and stop after a while without work, so an idle API
 * holds none; until the first is ready (it loads the modules and parses the fonts) documents are
 * drawn in the calling thread, so starting never holds up an archive. With one core everything
 * is drawn in the calling thread: a worker would only add the copying. On two cores that is the
 * default: measured on a shared 2-core machine, two workers beside the API's own thread cost half
 * as much CPU again and made the archive slower (docs/performance.md).
 */

export type RenderFiles = (document: BillingDocument, logo: Buffer | undefined) => Promise<DocumentFiles>;

export type PdfPool = {
  size: number;
  render: RenderFiles;
  /** Starts the workers and settles once one takes documents (at once without workers, or once they failed to start). */
  started: () => Promise<void>;
  close: () => Promise<void>;
};

/** How long the workers wait for more work before they stop. */
const IDLE_MS = 30_000;

/**
 * The worker's module beside this one: the bundle's `pdf-worker.js` in production; from source
 * (tsx, the tests) its TypeScript, loaded through tsx's loader, which a worker does not inherit.
 */
function spawnWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./pdf-worker.js', import.meta.url));
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const worker = new URL('./pdf-worker.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(loader)}).then(({ register }) => { register(); return import(${JSON.stringify(worker)}); });`;
  return new Worker(code, { eval: true });
}

type Task = { request: RenderRequest; resolve: (files: DocumentFiles) => void; reject: (error: Error) => void };

const inThread: RenderFiles = (document, logo) => renderDocumentFiles(document, logo);

/** The app's pool of `size` workers (by default one per core but one); it starts none until the first document. */
export function createPdfPool(size = availableParallelism() - 1): PdfPool {
  if (size <= 1) return { size: 1, render: inThread, started: async () => {}, close: async () => {} };
  const workers = new Set<Worker>();
  const ready = new Set<Worker>();
  const idle: Worker[] = [];
  const busy = new Map<Worker, Task>();
  const queue: Task[] = [];
  const waiting: (() => void)[] = [];
  let stopTimer: NodeJS.Timeout | undefined;
  let closing = false;
  // A worker that stops before it is ready (its module missing, say) is not started again: the
  // documents are then drawn in the calling thread rather than by a new worker each.
  let failed = false;

  function start() {
    const worker = spawnWorker();
    workers.add(worker);
    // Workers never keep the process alive: the server (or whoever awaits a document) does.
    worker.unref();
    worker.on('message', (reply: RenderReply) => {
      if ('ready' in reply) {
        ready.add(worker);
        waiting.splice(0).forEach((resolve) => resolve());
      } else {
        const task = busy.get(worker);
        busy.delete(worker);
        if ('error' in reply) task?.reject(new Error(reply.error));
        else task?.resolve({ pdf: Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength), xml: reply.xml });
      }
      idle.push(worker);
      next();
    });
    worker.on('error', (error) => {
      busy.get(worker)?.reject(error);
      busy.delete(worker);
    });
    worker.on('exit', () => {
      if (!ready.has(worker) && !closing) {
        failed = true;
        waiting.splice(0).forEach((resolve) => resolve());
      }
      workers.delete(worker);
      ready.delete(worker);
      busy.get(worker)?.reject(new Error('The PDF worker stopped'));
      busy.delete(worker);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      if (!closing && queue.length > 0) {
        // Documents still waiting get a worker in its place, or the calling thread when none starts.
        startAll();
        if (workers.size === 0) for (const task of queue.splice(0)) drawHere(task);
      }
      next();
    });
  }

  function drawHere({ request: { document, logo }, resolve, reject }: Task) {
    inThread(document, logo && Buffer.from(logo.buffer, logo.byteOffset, logo.byteLength)).then(resolve, reject);
  }

  /** Gives queued documents to free workers; stops them all once none has been busy for a while. */
  function next() {
    while (queue.length > 0 && idle.length > 0) {
      const worker = idle.pop()!;
      const task = queue.shift()!;
      busy.set(worker, task);
      worker.postMessage(task.request);
    }
    clearTimeout(stopTimer);
    if (busy.size === 0 && workers.size > 0) {
      stopTimer = setTimeout(() => void close(), IDLE_MS);
      stopTimer.unref();
    }
  }

  async function close() {
    clearTimeout(stopTimer);
    closing = true;
    for (const task of queue.splice(0)) task.reject(new Error('The PDF workers were stopped'));
    await Promise.all([...workers].map((worker) => worker.terminate()));
    closing = false;
  }

  const startAll = () => {
    while (!failed && workers.size < size) start();
  };

  return {
    size,
    render(document, logo) {
      startAll();
      if (ready.size === 0) return inThread(document, logo);
      return new Promise((resolve, reject) => {
        queue.push({ request: { document, logo }, resolve, reject });
        next();
      });
    },
    started() {
      startAll();
      return ready.size > 0 || failed ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve));
    },
    close,
  };
}
