import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { DEMO_LOGINS } from '../db/seed/demo';
import { withDatabase } from './global-setup';

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string>;
  /** Ends the process (SIGKILL) unless it has already ended. */
  stop(): Promise<void>;
};

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * The real entry point (`src/server.ts`, through tsx) in a process of its own, as production runs
 * it: its own signal handlers, its own HTTP server and time-outs, its own database pool. Resolves
 * once it prints that it is running.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('../server.ts', import.meta.url).pathname], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_SECRET: 'server-process-test-secret-of-32-chars!',
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      SEED_DEMO: 'true',
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code, signal]) => (code ?? signal) as number | string);
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async () => {
    if (!ended()) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  const started = Date.now();
  while (!output.includes('is running at')) {
    if (ended() || Date.now() - started > 90_000) {
      await stop();
      throw new Error(`The server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `http://127.0.0.1:${port}`, child, output: () => output, exited, stop };
}

/** A copy of the run's migrated PostgreSQL template for one server process; `drop` removes it. */
export async function createPostgresCopy(): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const template = inject('postgresTemplate');
  const name = `portal_t_${template.replace('portal_tpl_', '')}_p${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: withDatabase(serverUrl, name),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Signs the seeded system administrator in and returns its bearer token. */
export async function signInAsSystemAdmin(url: string): Promise<string> {
  const response = await fetch(`${url}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_LOGINS.systemAdmin.email, password: DEMO_LOGINS.systemAdmin.password }),
  });
  if (response.status !== 200) throw new Error(`Sign-in answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}
