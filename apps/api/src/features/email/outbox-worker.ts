import nodemailer from 'nodemailer';
import { createHmac } from 'node:crypto';
import type { Database } from '../../db/client';
import * as repo from './email.repository';
import type { QueuedEmail } from './email.repository';
import { retryUntil } from '../../lib/outbox-lease';
import { runEvery } from '../../lib/run-every';
import type { FilesService } from '../files/files.service';
import { renderBadgeAttachments } from '../e-badges/badge-attachments';
import { logoReader } from '../invoices/issuer-logo';
import { renderMailAttachments } from '../invoices/mail-attachments';
import { UndeliverableMailError } from './undeliverable';

/** A file sent with a message, as nodemailer takes it; with `cid`, an inline part the HTML shows as `cid:` + it. */
export type MailAttachment = { filename: string; contentType: string; content: Buffer; cid?: string };

export type MailTransport = { send(email: QueuedEmail, attachments: readonly MailAttachment[]): Promise<void> };

/** The outbox writes a worker makes; the worker is handed them so that a caller can watch or wrap them. */
export type OutboxWrites = Pick<typeof repo, 'claimDueEmails' | 'renewClaim' | 'markSent' | 'markAttemptFailed'>;

export const MAX_ATTEMPTS = 8;
const BATCH = 20;
const LEASE_SECONDS = 120;
/**
 * A sent message is marked sent until this long before its lease ends, retrying while the database
 * is away (a restart takes seconds). Within the lease no other worker claims the message, so it is
 * not sent twice; the margin covers the clocks of this process and the database drifting apart.
 */
const LEASE_MARGIN_MS = 15_000;
/**
 * Bounds on one SMTP exchange (nodemailer waits minutes by default), so that a send ends well
 * inside its lease and leaves the rest of it for marking the message sent.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/**
 * The Message-ID of an outbox row: the same on every attempt, so that a message delivered twice
 * (accepted, then not recorded as sent) is recognisable as one, and unguessable from the row id
 * alone (keyed with the application secret).
 */
export function outboxMessageId(id: number, identity: MessageIdentity): string {
  const tag = createHmac('sha256', identity.secret).update(`email-outbox:${id}`).digest('hex').slice(0, 20);
  return `<outbox-${id}.${tag}@${identity.domain}>`;
}

export type MessageIdentity = { secret: string; domain: string };

/** The domain of Message-IDs: the sender address's, else the portal's public host name. */
export function messageIdDomain(mailFrom: string, publicUrl: string | undefined): string {
  const address = /<([^>]*)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const domain = /@([a-z0-9.-]+)\s*$/i.exec(address)?.[1]?.toLowerCase();
  if (domain && domain !== 'localhost') return domain;
  return publicUrl ? new URL(publicUrl).hostname : (domain ?? 'localhost');
}

/** SMTP through nodemailer, e.g. `smtp://user:pass@mail.example.org:587`. */
export function createSmtpTransport(smtpUrl: string, from: string, identity: MessageIdentity): MailTransport {
  const transporter = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    send: async (email, attachments) => {
      await transporter.sendMail({
        from,
        to: email.toAddress,
        subject: email.subject,
        text: email.textBody,
        html: email.htmlBody ?? undefined,
        messageId: outboxMessageId(email.id, identity),
        attachments: [...attachments],
      });
    },
  };
}

export type DeliveryOptions = {
  /** The outbox writes (by default the repository's). */
  writes?: OutboxWrites;
  /** Told of a message the mail server accepted but that could not be recorded as sent in its lease. */
  onUnrecorded?: (id: number, error: unknown) => void;
  /** Where the logos of attached documents are read; without it they are drawn without one. */
  files?: FilesService;
};

/** The files of a message, drawn now: its billing documents, then its badges. */
async function renderAttachments(db: Database, email: QueuedEmail, files: FilesService | undefined): Promise<MailAttachment[]> {
  const attachments = email.attachments ?? [];
  const badges = attachments.filter((attachment) => attachment.kind === 'badge');
  const documents = attachments.filter((attachment) => attachment.kind !== 'badge');
  return [
    ...(await renderMailAttachments(db, documents, files && logoReader(db, files))),
    ...(await renderBadgeAttachments(db, badges, files)),
  ];
}

/** Delivers what is due, one batch; answers how many were sent. */
export async function deliverDueEmails(db: Database, transport: MailTransport, options: DeliveryOptions = {}): Promise<number> {
  const writes = options.writes ?? repo;
  let sent = 0;
  for (const email of await writes.claimDueEmails(db, BATCH, LEASE_SECONDS)) {
    // A fresh lease for this message alone: the batch's earlier sends may have used up the claim's.
    // A lapsed claim (null) may be another worker's now: left alone.
    const leasedUntil = await writes.renewClaim(db, email.id, email.nextAttemptAt, LEASE_SECONDS);
    if (!leasedUntil) continue;
    const deadline = Date.now() + LEASE_SECONDS * 1000 - LEASE_MARGIN_MS;
    try {
      // Drawn at each attempt from the frozen documents: a document that cannot be drawn fails the
      // attempt as the mail server refusing would, and the mail never leaves without it.
      await transport.send(email, await renderAttachments(db, email, options.files));
    } catch (error) {
      // A mail that must never go out (a cancelled badge's) fails for good at once.
      const lastAttempt = error instanceof UndeliverableMailError ? 0 : MAX_ATTEMPTS;
      await writes.markAttemptFailed(db, email.id, error instanceof Error ? error.message : String(error), lastAttempt);
      continue;
    }
    try {
      // The mail server has it: the database being away for a moment must not make it go out again.
      await retryUntil(deadline, () => writes.markSent(db, email.id));
      sent += 1;
    } catch (error) {
      // The lease will lapse and the message go out again, with the same Message-ID.
      options.onUnrecorded?.(email.id, error);
    }
  }
  return sent;
}

/** Polls the outbox until stopped; a failing round is logged and tried again at the next tick. */
export function startOutboxWorker(options: {
  db: Database;
  transport: MailTransport;
  intervalMs: number;
  files: FilesService;
  onError: (error: unknown) => void;
}): () => Promise<void> {
  const delivery: DeliveryOptions = {
    files: options.files,
    onUnrecorded: (id, error) =>
      options.onError(new Error(`Email ${id} was accepted by the mail server but could not be recorded as sent`, { cause: error })),
  };
  return runEvery(options.intervalMs, () => deliverDueEmails(options.db, options.transport, delivery), options.onError);
}
