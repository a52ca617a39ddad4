import { Agent, request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgliteClient } from './db/client';
import { testDatabaseKind } from './test/database';
import { createPostgresCopy, signInAsSystemAdmin, startServerProcess } from './test/server-process';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The server's own database (a PostgreSQL copy, or a PGlite directory read once the server has exited). */
async function serverDatabase(): Promise<{ env: Record<string, string>; companyNames(): Promise<Set<string>> }> {
  const query = "select name from companies where name like 'drain-%'";
  if (testDatabaseKind === 'postgres') {
    const database = await createPostgresCopy();
    cleanups.push(database.drop);
    return {
      env: { DATABASE_URL: database.url },
      companyNames: async () => {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        const { rows } = await client.query<{ name: string }>(query);
        await client.end();
        return new Set(rows.map((row) => row.name));
      },
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'portal-drain-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return {
    env: { DATA_DIR: dir },
    companyNames: async () => {
      const client = await createPgliteClient(join(dir, 'pglite'));
      const { rows } = await client.query<{ name: string }>(query);
      await client.close();
      return new Set(rows.map((row) => row.name));
    },
  };
}

type Outcome =
  | { id: string; at: number; status: number; connection: string | undefined }
  | { id: string; at: number; error: string };

describe('SIGTERM under a kept-alive POST load', () => {
  it(
    'answers every request sent with 2xx (or refuses its connection), and exits 0 once drained',
    { timeout: 180_000 },
    async () => {
      const database = await serverDatabase();
      // info: the log's "incoming request" lines tell when the server began each request.
      const server = await startServerProcess({ ...database.env, LOG_LEVEL: 'info', KEEP_ALIVE_TIMEOUT_MS: '3000' });
      cleanups.push(server.stop);
      const token = await signInAsSystemAdmin(server.url);
      const { port } = new URL(server.url);

      const agent = new Agent({ keepAlive: true, maxSockets: 8 });
      cleanups.push(async () => agent.destroy());
      const post = (id: string): Promise<Outcome> =>
        new Promise((resolve) => {
          const body = JSON.stringify({ name: id });
          const req = request(
            {
              agent,
              host: '127.0.0.1',
              port,
              method: 'POST',
              path: '/api/admin/companies',
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${token}`,
                'x-request-id': id,
                'content-length': Buffer.byteLength(body),
              },
            },
            (res) => {
              res.resume();
              res.on('end', () =>
                resolve({ id, at: Date.now(), status: res.statusCode!, connection: res.headers.connection }),
              );
            },
          );
          req.on('error', (error: NodeJS.ErrnoException) =>
            resolve({ id, at: Date.now(), error: error.code ?? error.message }),
          );
          req.end(body);
        });

      const outcomes: Outcome[] = [];
      let sequence = 0;
      // Each client keeps sending until the server no longer takes connections.
      const client = async () => {
        for (;;) {
          const outcome = await post(`drain-${++sequence}`);
          outcomes.push(outcome);
          if ('error' in outcome && outcome.error === 'ECONNREFUSED') return;
        }
      };
      const load = Promise.all(Array.from({ length: 8 }, client));
      await new Promise((resolve) => setTimeout(resolve, 2000));
      server.child.kill('SIGTERM');
      await load;
      const exitCode = await server.exited;

      const log = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg: string; time: number; requestId?: string });
      const begun = new Map(
        log.filter((line) => line.msg === 'incoming request').map((line) => [line.requestId!, line.time]),
      );
      const drainedFrom = log.find((line) => line.msg.startsWith('shutting down'))?.time ?? Infinity;
      const answered = outcomes.filter((outcome) => 'status' in outcome);
      const failedAnswers = answered.filter((outcome) => outcome.status < 200 || outcome.status >= 300);
      // A refused connection is a request never sent: the client (or proxy) sends it elsewhere.
      // Any other connection error (a reset, a hang-up) on a POST is a dropped request: its client
      // cannot tell whether the server began it, so it cannot safely send it again.
      const dropped = outcomes.filter((outcome) => 'error' in outcome && outcome.error !== 'ECONNREFUSED');
      const begunInDrain = answered.filter((outcome) => begun.get(outcome.id)! > drainedFrom);

      expect(exitCode, server.output().slice(-2000)).toBe(0);
      expect(answered.length).toBeGreaterThan(8);
      expect(failedAnswers).toEqual([]);
      expect(dropped).toEqual([]);
      // The drain told the clients to go: the answers in flight when it began, and every answer to
      // a request that arrived on a kept-alive connection during it (there may be none).
      expect(drainedFrom).toBeLessThan(Infinity);
      expect(answered.filter((outcome) => outcome.connection === 'close').length).toBeGreaterThan(0);
      expect(begunInDrain.filter((outcome) => outcome.connection !== 'close')).toEqual([]);
      const stored = await database.companyNames();
      expect(answered.map((outcome) => outcome.id).filter((id) => !stored.has(id))).toEqual([]);
    },
  );
});
