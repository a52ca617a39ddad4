import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { enqueueEmail, listEmailsTo, makeDueNow } from './email.repository';
import { createSmtpTransport, deliverDueEmails } from './outbox-worker';

type Received = { to: string[]; raw: string };

function startMailServer(portToUse: number, into: Received[]): Promise<SMTPServer> {
  const mailServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        into.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  return new Promise((resolve) => mailServer.listen(portToUse, '127.0.0.1', () => resolve(mailServer)));
}

const stopMailServer = (mailServer: SMTPServer) => new Promise<void>((resolve) => mailServer.close(() => resolve()));

let t: TestApp;
let server: SMTPServer;
let port: number;
const received: Received[] = [];
let refuseNext = false;

beforeAll(async () => {
  t = await createTestApp();
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        if (refuseNext) {
          refuseNext = false;
          return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 450 }));
        }
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

describe('email outbox', () => {
  it('delivers queued messages over SMTP once, and keeps a failed one for a later try', async () => {
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, 'Portal <portal@test.example>');
    await enqueueEmail(t.db, { toAddress: 'one@test.example', subject: 'Hello one', textBody: 'Body one', purpose: 'test' });
    await enqueueEmail(t.db, { toAddress: 'two@test.example', subject: 'Hello two', textBody: 'Body two', purpose: 'test' });
    refuseNext = true;

    expect(await deliverDueEmails(t.db, transport)).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['two@test.example']);
    expect(received[0]!.raw).toContain('Subject: Hello two');

    const [failed] = await listEmailsTo(t.db, 'one@test.example');
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.lastError).toContain('Mailbox unavailable');
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Nothing is due until the back-off has passed; nothing is sent twice.
    expect(await deliverDueEmails(t.db, transport)).toBe(0);
    expect(received).toHaveLength(1);
    const [sent] = await listEmailsTo(t.db, 'two@test.example');
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('keeps messages pending while the mail server is down', async () => {
    const transport = createSmtpTransport('smtp://127.0.0.1:1', 'Portal <portal@test.example>');
    await enqueueEmail(t.db, { toAddress: 'down@test.example', subject: 'S', textBody: 'B', purpose: 'test' });
    expect(await deliverDueEmails(t.db, transport)).toBe(0);
    const [email] = await listEmailsTo(t.db, 'down@test.example');
    expect(email).toMatchObject({ status: 'pending', attempts: 1 });
  });

  it('keeps a message pending with its error while the server is down, and delivers it once the server is up', async () => {
    // A port known to be free: taken by a server, then released, so nothing listens there.
    const probe = await startMailServer(0, []);
    const freePort = (probe.server.address() as { port: number }).port;
    await stopMailServer(probe);
    const transport = createSmtpTransport(`smtp://127.0.0.1:${freePort}`, 'Portal <portal@test.example>');
    const id = await enqueueEmail(t.db, { toAddress: 'later@test.example', subject: 'Later', textBody: 'Body', purpose: 'test' });

    expect(await deliverDueEmails(t.db, transport)).toBe(0);
    const [waiting] = await listEmailsTo(t.db, 'later@test.example');
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(waiting!.lastError).toMatch(/ECONNREFUSED|connect/i);

    const inbox: Received[] = [];
    const upAgain = await startMailServer(freePort, inbox);
    try {
      // The back-off would wait 30 s; "retry now" makes it due at once.
      expect(await makeDueNow(t.db, id)).toBe(true);
      expect(await deliverDueEmails(t.db, transport)).toBe(1);
      expect(inbox).toHaveLength(1);
      expect(inbox[0]!.to).toEqual(['later@test.example']);
      expect(inbox[0]!.raw).toContain('Subject: Later');
      const [sent] = await listEmailsTo(t.db, 'later@test.example');
      expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
      expect(await makeDueNow(t.db, id)).toBe(false);
    } finally {
      await stopMailServer(upAgain);
    }
  });
});
