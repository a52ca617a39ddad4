import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BillingDocument } from '@portal/shared/allocation-purchases';
import { renderDocumentFiles, type DocumentFiles } from './invoice-pdf';
import type { RenderReply, RenderRequest } from './pdf-worker';

/**
 * Drawing a PDF is CPU work of about ten milliseconds that holds the thread; an archive of a
 * thousand documents draws them in a pool of worker threads, one per core, while the archive is
 * written in order on the main thread. The workers start on first use, each parses the fonts
 * once, and they stop after a while without work, so an idle API holds none. With one core the
 * documents are drawn in the calling thread: a worker would only add the copying.
 */

export type RenderFiles = (document: BillingDocument, logo: Buffer | undefined) => Promise<DocumentFiles>;

export type PdfPool = { size: number; render: RenderFiles; close: () => Promise<void> };

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

export function createPdfPool(size = availableParallelism()): PdfPool {
  if (size <= 1) return { size: 1, render: (document, logo) => renderDocumentFiles(document, logo), close: async () => {} };
  const idle: Worker[] = [];
  const busy = new Map<Worker, Task>();
  const queue: Task[] = [];
  let running = 0;
  let stopTimer: NodeJS.Timeout | undefined;

  function start(): Worker {
    const worker = spawnWorker();
    running += 1;
    // Workers never keep the process alive: the server (or the caller awaiting a render) does.
    worker.unref();
    worker.on('message', (reply: RenderReply) => {
      const task = busy.get(worker);
      busy.delete(worker);
      if ('error' in reply) task?.reject(new Error(reply.error));
      else task?.resolve({ pdf: Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength), xml: reply.xml });
      idle.push(worker);
      next();
    });
    worker.on('error', (error) => {
      busy.get(worker)?.reject(error);
      busy.delete(worker);
    });
    worker.on('exit', () => {
      running -= 1;
      busy.get(worker)?.reject(new Error('The PDF worker stopped'));
      busy.delete(worker);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      next();
    });
    return worker;
  }

  /** Gives queued documents to free workers (starting one while fewer than `size` run); stops them all once none is busy for a while. */
  function next() {
    while (queue.length > 0) {
      const worker = idle.pop() ?? (running < size ? start() : undefined);
      if (!worker) break;
      const task = queue.shift()!;
      busy.set(worker, task);
      worker.postMessage(task.request);
    }
    clearTimeout(stopTimer);
    if (busy.size === 0 && running > 0) {
      stopTimer = setTimeout(() => void close(), IDLE_MS);
      stopTimer.unref();
    }
  }

  async function close() {
    clearTimeout(stopTimer);
    const workers = [...idle, ...busy.keys()];
    idle.length = 0;
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  return {
    size,
    render: (document, logo) =>
      new Promise((resolve, reject) => {
        queue.push({ request: { document, logo }, resolve, reject });
        next();
      }),
    close,
  };
}

let shared: PdfPool | undefined;

/** The process's pool, made on first use. */
export function sharedPdfPool(): PdfPool {
  shared ??= createPdfPool();
  return shared;
}
