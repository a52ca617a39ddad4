import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorld, type TestApp } from '../../test/harness';
import { attachmentsOf, inlinePartsOf } from '../../test/mail';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { pdfText } from '../../test/pdf';
import { invoicedPurchase } from '../allocation-purchases/purchase-fixtures';
import { queueBadgeConfirmation } from '../e-badges/badge-mails';
import { badges } from '../../db/schema/badges';
import { invoices } from '../../db/schema/invoices';
import { eq, sql } from 'drizzle-orm';
import { emailOutbox } from '../../db/schema/email';
import * as repo from './email.repository';
import { enqueueEmail, listEmailsTo, makeDueNow } from './email.repository';
import { createSmtpTransport, deliverDueEmails, messageIdDomain, type OutboxWrites } from './outbox-worker';

const IDENTITY = { secret: 'outbox-test-secret-of-32-characters!', domain: 'portal.test.example' };
const messageIdOf = (raw: string) => /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim();
/** What node-postgres throws when the server ends the connection (a restart, pg_terminate_backend). */
const connectionLost = () => Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });

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
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, 'Portal <portal@test.example>', IDENTITY);
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
    const transport = createSmtpTransport('smtp://127.0.0.1:1', 'Portal <portal@test.example>', IDENTITY);
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
    const transport = createSmtpTransport(`smtp://127.0.0.1:${freePort}`, 'Portal <portal@test.example>', IDENTITY);
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

  it('gives every message a Message-ID of its own that stays the same when it is delivered again', async () => {
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, 'Portal <portal@test.example>', IDENTITY);
    const first = await enqueueEmail(t.db, { toAddress: 'mid@test.example', subject: 'Id one', textBody: 'B', purpose: 'test' });
    const second = await enqueueEmail(t.db, { toAddress: 'mid@test.example', subject: 'Id two', textBody: 'B', purpose: 'test' });
    expect(await deliverDueEmails(t.db, transport)).toBe(2);
    // As when a lease lapses before the send is recorded: the same row goes out once more.
    await t.db.update(emailOutbox).set({ status: 'pending', nextAttemptAt: sql`now()` }).where(eq(emailOutbox.id, first));
    expect(await deliverDueEmails(t.db, transport)).toBe(1);

    const ids = (subject: string) => received.filter((mail) => mail.raw.includes(`Subject: ${subject}`)).map((mail) => messageIdOf(mail.raw));
    const [once, again] = ids('Id one');
    expect(ids('Id one')).toHaveLength(2);
    expect(once).toMatch(new RegExp(`^<outbox-${first}\\.[0-9a-f]{20}@portal\\.test\\.example>$`));
    expect(again).toBe(once);
    expect(ids('Id two')).toEqual([expect.stringMatching(new RegExp(`^<outbox-${second}\\.`))]);
    // Another secret (another portal) never makes the same id for the same row.
    const other = createSmtpTransport(`smtp://127.0.0.1:${port}`, 'Portal <portal@test.example>', { ...IDENTITY, secret: 'another-secret-of-at-least-32-chars!!' });
    await t.db.update(emailOutbox).set({ status: 'pending', nextAttemptAt: sql`now()` }).where(eq(emailOutbox.id, first));
    expect(await deliverDueEmails(t.db, other)).toBe(1);
    expect(ids('Id one')[2]).not.toBe(once);
  });

  it('names the sender’s domain in Message-IDs, else the portal’s host', () => {
    expect(messageIdDomain('Show <no-reply@Mail.Example.org>', 'https://portal.example.com')).toBe('mail.example.org');
    expect(messageIdDomain('Exhibitor Portal <no-reply@localhost>', 'https://portal.example.com/app')).toBe('portal.example.com');
    expect(messageIdDomain('no-reply@localhost', undefined)).toBe('localhost');
  });

  it('records a message the mail server accepted as sent once the database is back, and sends it once', async () => {
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, 'Portal <portal@test.example>', IDENTITY);
    const id = await enqueueEmail(t.db, { toAddress: 'blink@test.example', subject: 'Through a blink', textBody: 'B', purpose: 'test' });
    let markCalls = 0;
    let meanwhile: number | undefined;
    const writes: OutboxWrites = {
      ...repo,
      async markSent(db, emailId) {
        markCalls += 1;
        if (markCalls <= 3) {
          // While the write is refused, another worker finds nothing to claim: the message is still leased.
          if (markCalls === 1) meanwhile = await deliverDueEmails(t.db, transport);
          throw connectionLost();
        }
        return repo.markSent(db, emailId);
      },
    };
    expect(await deliverDueEmails(t.db, transport, { writes })).toBe(1);
    expect(markCalls).toBe(4);
    expect(meanwhile).toBe(0);
    expect(received.filter((mail) => mail.to.includes('blink@test.example'))).toHaveLength(1);
    const [row] = await listEmailsTo(t.db, 'blink@test.example');
    expect(row).toMatchObject({ id, status: 'sent', attempts: 1, lastError: null });
    expect(await deliverDueEmails(t.db, transport)).toBe(0);
    expect(received.filter((mail) => mail.to.includes('blink@test.example'))).toHaveLength(1);
  });

  it('leaves a message whose claim lapsed to the worker that claimed it next', async () => {
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, 'Portal <portal@test.example>', IDENTITY);
    await enqueueEmail(t.db, { toAddress: 'lapsed@test.example', subject: 'Lapsed', textBody: 'B', purpose: 'test' });
    // The first worker claims the message, then stalls past its lease; a second one claims it meanwhile.
    let second: number | undefined;
    const writes: OutboxWrites = {
      ...repo,
      async claimDueEmails(db, limit, leaseSeconds) {
        const claimed = await repo.claimDueEmails(db, limit, leaseSeconds);
        await t.db.update(emailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(emailOutbox.toAddress, 'lapsed@test.example'));
        second = await deliverDueEmails(t.db, transport);
        return claimed;
      },
    };
    expect(await deliverDueEmails(t.db, transport, { writes })).toBe(0);
    expect(second).toBe(1);
    expect(received.filter((mail) => mail.to.includes('lapsed@test.example'))).toHaveLength(1);
  });

  it('sends a mail with the PDFs of the documents it references, drawn at send time', async () => {
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, 'Portal <portal@test.example>', IDENTITY);
    const w = await createWorld(t);
    const { id: purchaseId } = await invoicedPurchase(t, w);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.allocationPurchaseId, purchaseId)).orderBy(invoices.id);
    await enqueueEmail(t.db, {
      toAddress: 'attached@test.example',
      subject: 'With the invoice',
      textBody: 'See the attachment',
      purpose: 'test',
      attachments: [{ kind: 'invoice', id: invoice!.id, fileName: `${invoice!.number}.pdf` }],
    });
    // The mails the purchase queued go out in the same rounds.
    while ((await deliverDueEmails(t.db, transport)) > 0);

    const mail = received.find((message) => message.to.includes('attached@test.example'))!;
    expect(mail.raw).toContain('See the attachment');
    const [file, ...more] = attachmentsOf(mail.raw);
    expect(more).toEqual([]);
    expect(file).toMatchObject({ filename: `${invoice!.number}.pdf`, contentType: 'application/pdf' });
    expect(file!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(file!.content);
    expect(text).toContain(invoice!.number);
    // The invoice was reissued since: its status is read at send time.
    expect(text).toContain('CANCELLED');
    const [row] = await listEmailsTo(t.db, 'attached@test.example');
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('delivers a badge mail with the badge PDF attached and the QR code inline, under the cid its HTML shows', async () => {
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, 'Portal <portal@test.example>', IDENTITY);
    const w = await createWorld(t);
    const [badge] = await t.db.select().from(badges).where(eq(badges.id, w.badgeA));
    await queueBadgeConfirmation(t.db, w.badgeA);
    while ((await deliverDueEmails(t.db, transport)) > 0);

    const mail = received.find((message) => message.to.includes(badge!.email))!;
    const [pdf, ...more] = attachmentsOf(mail.raw);
    expect(more).toEqual([]);
    expect(pdf).toMatchObject({ filename: `badge-${badge!.code}.pdf`, contentType: 'application/pdf' });
    expect(await pdfText(pdf!.content)).toContain(badge!.firstName);
    const [qr, ...others] = inlinePartsOf(mail.raw);
    expect(others).toEqual([]);
    expect(qr).toMatchObject({ contentType: 'image/png' });
    // The HTML part (quoted-printable) shows the image by the Content-ID the part carries.
    const html = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(html).toContain(`<img src="cid:${qr!.contentId}"`);
    const image = PNG.sync.read(qr!.content);
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(badge!.code);
  });

  it('fails the attempt of a mail whose document cannot be drawn, and never sends it without', async () => {
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, 'Portal <portal@test.example>', IDENTITY);
    await enqueueEmail(t.db, {
      toAddress: 'missing@test.example',
      subject: 'With a missing credit note',
      textBody: 'B',
      purpose: 'test',
      attachments: [{ kind: 'credit_note', id: 999_999, fileName: 'CN-2026-999999.pdf' }],
    });
    await deliverDueEmails(t.db, transport);
    expect(received.filter((mail) => mail.to.includes('missing@test.example'))).toHaveLength(0);
    const [row] = await listEmailsTo(t.db, 'missing@test.example');
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'Attachment CN-2026-999999.pdf: the credit note no longer exists',
    });
  });
});
