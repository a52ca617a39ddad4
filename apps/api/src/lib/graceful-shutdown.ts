import type { FastifyInstance } from 'fastify';

/**
 * Drains the server on SIGTERM (and SIGINT) instead of dropping requests: it stops accepting
 * connections; every answer from then on, to a request in flight or to one arriving on a
 * kept-alive connection, carries `Connection: close`, so its client opens the next connection
 * elsewhere; idle kept-alive connections close when their advertised keep-alive time-out
 * (`Keep-Alive: timeout=…`) runs out. Once no connection is left, the database and workers close and
 * the process exits 0; after `timeoutMs` it exits 1 whatever is still open.
 */
export function drainOnSignals(
  app: FastifyInstance,
  { timeoutMs, release }: { timeoutMs: number; release: () => Promise<void> },
) {
  let draining = false;
  // Fastify marks requests that arrive while it closes; this marks those already in flight too.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });

  const stop = async (signal: string) => {
    if (draining) return;
    draining = true;
    app.log.info({ signal }, 'shutting down: draining connections');
    const force = setTimeout(() => {
      app.log.error('shutdown: connections still open after the drain time-out, exiting');
      process.exit(1);
    }, timeoutMs);
    force.unref();
    // Node's server.close() also closes every idle kept-alive connection at once, racing a client
    // that is just sending its next request on one (the request is lost, or a proxy answers 502).
    // Those connections are left to their keep-alive time-out instead, which clients know.
    app.server.closeIdleConnections = () => {};
    await app.close();
    await release();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
