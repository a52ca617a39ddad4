import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';
import { claimDueEmails, markAttemptFailed, markSent, type QueuedEmail } from './email.repository';

export type MailTransport = { send(email: QueuedEmail): Promise<void> };

export const MAX_ATTEMPTS = 8;
const BATCH = 20;
const LEASE_SECONDS = 120;

/** SMTP through nodemailer, e.g. `smtp://user:pass@mail.example.org:587`. */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    send: async (email) => {
      await transporter.sendMail({
        from,
        to: email.toAddress,
        subject: email.subject,
        text: email.textBody,
        html: email.htmlBody ?? undefined,
      });
    },
  };
}

/** Delivers what is due, one batch; answers how many were sent. */
export async function deliverDueEmails(db: Database, transport: MailTransport): Promise<number> {
  let sent = 0;
  for (const email of await claimDueEmails(db, BATCH, LEASE_SECONDS)) {
    try {
      await transport.send(email);
      await markSent(db, email.id);
      sent += 1;
    } catch (error) {
      await markAttemptFailed(db, email.id, error instanceof Error ? error.message : String(error), MAX_ATTEMPTS);
    }
  }
  return sent;
}

/** Polls the outbox until stopped; a failing round is logged and tried again at the next tick. */
export function startOutboxWorker(options: {
  db: Database;
  transport: MailTransport;
  intervalMs: number;
  onError: (error: unknown) => void;
}): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => deliverDueEmails(options.db, options.transport)).catch(options.onError);
  }, options.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
