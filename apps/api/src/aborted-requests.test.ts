import type { FastifyInstance } from 'fastify';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { createAccessTokens } from './features/auth/access-tokens';
import { openDetachedSession } from './features/auth/refresh-tokens.repository';
import { createTestApp, createWorld, TEST_SECRET } from './test/harness';

// A browser that leaves a page drops the requests still running: the API must let them go quietly,
// not log each as a failed request (a 500 nobody receives, which would drown real failures).
let app: FastifyInstance;
let database: DatabaseHandle;
let token: string;
const lines: string[] = [];

beforeAll(async () => {
  const seeded = await createTestApp();
  const world = await createWorld(seeded);
  database = seeded.database;
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }),
    database,
    secret: TEST_SECRET,
    logStream,
  });
  // The served API also drains on SIGTERM through an async onSend hook (lib/graceful-shutdown.ts); one
  // more such hook here widens the moment a reply is on its way while its client goes.
  app.addHook('onSend', async () => {
    await sleep(1);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const sessionId = await openDetachedSession(database.db, world.systemAdmin.id);
  token = await createAccessTokens(TEST_SECRET).sign({ adminId: world.systemAdmin.id, sessionId });
  await seeded.app.close();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** Sends a GET and closes the connection `afterMs` later, whatever has come back by then. */
function abandon(path: string, afterMs: number) {
  const { port } = app.server.address() as AddressInfo;
  return new Promise<void>((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${token}` } });
    req.on('error', () => resolve());
    req.on('response', (res) =>
      res
        .resume()
        .on('end', resolve)
        .on('error', () => resolve()),
    );
    req.end();
    setTimeout(() => {
      req.destroy();
      resolve();
    }, afterMs);
  });
}

describe('a request its client abandons', () => {
  it('ends without an error in the log, on the lists whose pages PostgreSQL writes', async () => {
    const paths = [
      '/api/admin/exhibitors?per_page=100',
      '/api/admin/exhibitor-users?per_page=100',
      '/api/users?per_page=100',
    ];
    await Promise.all(paths.flatMap((path) => Array.from({ length: 25 }, (_v, i) => i * 3).map((afterMs) => abandon(path, afterMs))));
    await sleep(500);
    const problems = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level >= 40)
      .map((entry) => entry.msg);
    expect(problems).toEqual([]);
  });
});
