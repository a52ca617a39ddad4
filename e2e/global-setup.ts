import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import type {} from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where the test mail server writes each message it receives, one JSON file per message; null when the server is not ours. */
    mailboxDir: string | null;
  }
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const START_TIMEOUT_MS = 60_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port')),
      );
    });
  });
}

/**
 * A mail server for the portal's outbox worker to deliver to, over real SMTP: every message lands
 * as a file in the mailbox directory, where tests read the links it carries.
 */
async function startMailServer(mailboxDir: string): Promise<{ port: number; close: () => Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address);
        writeFileSync(join(mailboxDir, `${String(++received).padStart(5, '0')}.json`), JSON.stringify({ to, raw }));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function waitForHealth(baseUrl: string, server: ChildProcess) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer ${baseUrl}/api/health within ${START_TIMEOUT_MS / 1000} s`);
}

/**
 * Starts the built portal on a fresh embedded database (seeded with the demo accounts) and a free
 * port, unless E2E_BASE_URL names one already running.
 */
export default async function setup(project: TestProject) {
  const given = process.env.E2E_BASE_URL;
  if (given) {
    project.provide('baseUrl', given.replace(/\/$/, ''));
    project.provide('mailboxDir', null);
    return;
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const mailboxDir = join(dataDir, 'mailbox');
  mkdirSync(mailboxDir);
  const mail = await startMailServer(mailboxDir);
  const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every test signs in; the default throttle would lock the suite out.
      LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '1000',
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      OUTBOX_INTERVAL_MS: '200',
      // The purchase flow pays in the built-in test checkout, whatever NODE_ENV the caller has.
      PAYMENT_PROVIDER: 'sandbox',
      // The webhook test's receiver listens on this machine, an address the guard refuses otherwise;
      // its messages go out at once rather than on the 5 s default.
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_INTERVAL_MS: '200',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, server);
  } catch (error) {
    server.kill('SIGTERM');
    await mail.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('mailboxDir', mailboxDir);

  return async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
    await mail.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
