import { AUTH_MESSAGES } from '@portal/shared/auth';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { admins } from '../../db/schema/admins';
import type { AttemptLimiter } from '../../lib/attempt-limiter';
import { TooManyRequestsError, ValidationError } from '../../lib/errors';
import { noSoonerThan } from '../../lib/uniform-timing';
import { recordAudit } from '../audit/audit.repository';
import { enqueueEmail } from '../email/email.repository';
import { resolveTemplate } from '../email-templates/template-resolution';
import { renderTemplate } from '../email-templates/template-rendering';
import { consumeOneTimeToken, createOneTimeToken, expireOneTimeTokens, findOpenOneTimeToken } from './one-time-tokens.repository';
import { hashPassword } from './passwords';
import { loadPrincipal } from './principal';
import { revokeAllForAdmin } from './refresh-tokens.repository';

/** Reset emails one address may be sent per limiter window; further requests are answered alike and send nothing. */
export const PASSWORD_RESET_MAX_PER_EMAIL = 3;
/**
 * Every request is answered after at least this long, so that the writes made for an existing
 * account (a token, an email) do not tell it apart from an unknown one.
 */
const REQUEST_ANSWER_MIN_MS = 300;

type ClientInfo = { ip: string; requestId: string };

export function createPasswordReset(deps: {
  db: Database;
  limiter: AttemptLimiter;
  maxPerAddress: number;
  ttlMinutes: number;
  publicUrl: string;
}) {
  const { db, limiter } = deps;

  async function refuseBusyAddress(ip: string) {
    const { count, retryAfterSeconds } = await limiter.hit(`reset:${ip}`);
    if (count > deps.maxPerAddress) throw new TooManyRequestsError(AUTH_MESSAGES.tooManyResetRequests, retryAfterSeconds);
  }

  async function queueResetEmail(email: string) {
    const [account] = await db
      .select({ id: admins.id, firstName: admins.firstName, lastName: admins.lastName, eventId: admins.eventId, isActive: admins.isActive })
      .from(admins)
      .where(eq(admins.email, email));
    if (!account?.isActive) return;
    await db.transaction(async (tx) => {
      // Only the newest link works.
      await expireOneTimeTokens(tx, account.id, 'password_reset');
      const token = await createOneTimeToken(tx, account.id, 'password_reset', deps.ttlMinutes / 60);
      // The account's event may word this mail its own way; else the global template, else the built-in one.
      const template = await resolveTemplate(tx, { purpose: 'password_reset', eventId: account.eventId });
      const mail = renderTemplate(template, {
        firstName: account.firstName,
        lastName: account.lastName,
        resetLink: `${deps.publicUrl}/reset-password/${token}`,
        linkValidMinutes: String(deps.ttlMinutes),
      });
      await enqueueEmail(tx, {
        toAddress: email,
        eventId: account.eventId,
        recipientAdminId: account.id,
        purpose: 'password_reset',
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
      });
    });
  }

  return {
    /** Emails a reset link to an active account; the answer is the same, after about the same time, for any email. */
    async request(email: string, client: ClientInfo): Promise<void> {
      await refuseBusyAddress(client.ip);
      await noSoonerThan(REQUEST_ANSWER_MIN_MS, async () => {
        const address = email.toLowerCase();
        const { count } = await limiter.hit(`reset-email:${address}`);
        if (count <= PASSWORD_RESET_MAX_PER_EMAIL) await queueResetEmail(address);
      });
    },

    /**
     * Whether a reset link still works, for its page to say so before a password is typed. Counts
     * against the address's budget of reset calls, like the reset itself.
     */
    async check(token: string, client: ClientInfo): Promise<boolean> {
      await refuseBusyAddress(client.ip);
      const owner = await findOpenOneTimeToken(db, token, 'password_reset');
      return owner !== null && (await loadPrincipal(db, owner)) !== null;
    },

    /** Sets the password with a reset token, once, and ends every session of the account. */
    async reset(token: string, password: string, client: ClientInfo): Promise<void> {
      await refuseBusyAddress(client.ip);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const owner = await consumeOneTimeToken(tx, token, 'password_reset');
        const principal = owner ? await loadPrincipal(tx, owner) : null;
        // Thrown inside the transaction, so that a deactivated account's token is not used up either.
        if (!principal) throw ValidationError.field('token', AUTH_MESSAGES.passwordResetInvalid);
        await tx.update(admins).set({ passwordHash, updatedAt: sql`now()` }).where(eq(admins.id, principal.id));
        await expireOneTimeTokens(tx, principal.id, 'password_reset');
        await revokeAllForAdmin(tx, principal.id);
        await recordAudit(tx, { principal, ...client }, { action: 'password_reset', entityType: 'admin', entityId: principal.id });
      });
    },
  };
}

export type PasswordReset = ReturnType<typeof createPasswordReset>;
