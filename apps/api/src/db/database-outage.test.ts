import Fastify from 'fastify';
import { once } from 'node:events';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import errorHandler, { DATABASE_UNAVAILABLE_MESSAGE } from '../plugins/error-handler';
import { testDatabaseKind } from '../test/database';
import { createPostgresCopy, signInAsSystemAdmin, startServerProcess } from '../test/server-process';
import { isDatabaseUnavailable } from './connection-errors';

describe('a lost database connection', () => {
  const lost = [
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    Object.assign(new Error('connection failure'), { code: '08006' }),
    new Error('Connection terminated unexpectedly'),
    new Error('timeout exceeded when trying to connect'),
    new Error('Client has encountered a connection error and is not queryable'),
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    // Drizzle wraps the driver's error; Node reports a refused host of several addresses as an AggregateError.
    new Error('Failed query: insert into …', {
      cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
    }),
    Object.assign(new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })], ''), {}),
  ];
  const refused = [
    Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
    Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
    Object.assign(new Error('deadlock detected'), { code: '40P01' }),
    new Error('Failed query: select …', { cause: Object.assign(new Error('syntax error'), { code: '42601' }) }),
    new TypeError('Cannot read properties of undefined'),
  ];

  it.each(lost.map((error) => [error.message || error.constructor.name, error]))(
    'is unavailable: %s',
    (_name, error) => {
      expect(isDatabaseUnavailable(error)).toBe(true);
    },
  );

  it.each(refused.map((error) => [error.message, error]))('is a failure of its own: %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('is answered 503 with a Retry-After by the one error handler, any other error 500', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorHandler, { serveSpa: false });
    app.get('/lost', async () => {
      throw new Error('Failed query: update …', {
        cause: Object.assign(new Error('terminating connection'), { code: '57P01' }),
      });
    });
    app.get('/bug', async () => {
      throw new TypeError('x is undefined');
    });
    const lostAnswer = await app.inject({ url: '/lost' });
    expect(lostAnswer.statusCode).toBe(503);
    expect(lostAnswer.headers['retry-after']).toBe('5');
    expect(lostAnswer.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: DATABASE_UNAVAILABLE_MESSAGE,
    });
    expect((await app.inject({ url: '/bug' })).statusCode).toBe(500);
    await app.close();
  });
});

/**
 * A TCP relay to PostgreSQL that the test can cut, standing in for the network path to a server
 * that restarts: a cut resets every open connection (the API's socket sees ECONNRESET) and drops
 * each new one at once, as a host whose PostgreSQL is down does, until it is mended.
 */
async function startRelay(target: { host: string; port: number }) {
  let cut = false;
  const open = new Set<Socket>();
  const server: Server = createServer((socket: Socket) => {
    if (cut) return socket.destroy();
    const upstream = createConnection(target);
    open.add(socket);
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
    socket.on('close', () => (open.delete(socket), upstream.destroy()));
    upstream.on('close', () => socket.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as { port: number }).port,
    cut: () => {
      cut = true;
      for (const socket of open) socket.resetAndDestroy();
    },
    mend: () => void (cut = false),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Only PostgreSQL has connections to lose: the embedded database lives inside the API process.
if (testDatabaseKind === 'postgres') {
  describe('PostgreSQL ending the API’s connections under write load', () => {
    const cleanups: (() => Promise<unknown>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it(
      'keeps the process alive, answers 503 during the gap and 2xx after, loses no acknowledged write',
      { timeout: 180_000 },
      async () => {
        const database = await createPostgresCopy();
        cleanups.push(database.drop);
        const target = new URL(process.env.TEST_DATABASE_URL!);
        const relay = await startRelay({ host: target.hostname, port: Number(target.port || 5432) });
        cleanups.push(relay.close);
        const relayed = new URL(database.url);
        relayed.port = String(relay.port);
        const server = await startServerProcess({ DATABASE_URL: relayed.toString() });
        cleanups.push(server.stop);
        const token = await signInAsSystemAdmin(server.url);

        const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
        const statuses: number[] = [];
        const acknowledged: string[] = [];
        let unavailableBody: unknown;
        let writing = true;
        let sequence = 0;
        const writer = async () => {
          while (writing) {
            const name = `outage-${++sequence}`;
            const response = await fetch(`${server.url}/api/admin/companies`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify({ name }),
            }).catch(() => null);
            // No answer at all: the process died or dropped the connection.
            if (!response) {
              statuses.push(0);
              await pause(100);
              continue;
            }
            statuses.push(response.status);
            if (response.status === 201) acknowledged.push(name);
            if (response.status === 503) unavailableBody = await response.json();
            else await response.arrayBuffer();
          }
        };
        const health: boolean[] = [];
        const watchHealth = async () => {
          while (writing) {
            const response = await fetch(`${server.url}/api/health`).catch(() => null);
            if (response)
              health.push(((await response.json()) as { database: { connected: boolean } }).database.connected);
            await pause(100);
          }
        };
        const load = Promise.all([...Array.from({ length: 8 }, writer), watchHealth()]);

        await pause(2500);
        const beforeGap = statuses.length;
        // First PostgreSQL ends the connections itself, as on a restart (SQLSTATE 57P01); then the
        // network to it is cut for a while, as when its host goes away.
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        // This database's backends only: other test files and other work share the server.
        const { rowCount } = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
          [database.name],
        );
        await admin.end();
        await pause(1000);
        relay.cut();
        await pause(2500);
        relay.mend();
        const start = Date.now();
        while (health.at(-1) !== true && Date.now() - start < 20_000) await pause(100);
        const afterGap = statuses.length;
        await pause(1500);
        writing = false;
        await load;

        expect(rowCount).toBeGreaterThan(0);
        expect(server.child.exitCode, server.output()).toBeNull();
        expect(server.child.signalCode, server.output()).toBeNull();
        expect(beforeGap).toBeGreaterThan(0);
        expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
        expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0);
        expect(unavailableBody).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          message: DATABASE_UNAVAILABLE_MESSAGE,
        });
        expect(statuses.slice(afterGap).filter((status) => status === 201).length).toBeGreaterThan(0);
        expect(health.indexOf(false)).toBeGreaterThanOrEqual(0);
        expect(health.lastIndexOf(true)).toBeGreaterThan(health.indexOf(false));

        const check = new pg.Client({ connectionString: database.url });
        await check.connect();
        const { rows } = await check.query<{ name: string }>("select name from companies where name like 'outage-%'");
        await check.end();
        const stored = new Set(rows.map((row) => row.name));
        expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
        expect(acknowledged.length).toBeGreaterThan(0);
      },
    );
  });
}
