import {
  AUTH_MESSAGES,
  REFRESH_TOKEN_TTL_DAYS,
  type InvitationCheck,
  type LoginResponse,
  type RefreshResponse,
} from '@portal/shared/auth';
import { eq, sql } from 'drizzle-orm';
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../../db/client';
import { admins } from '../../db/schema/admins';
import { TooManyRequestsError, UnauthorizedError } from '../../lib/errors';
import { sha256Hex } from '../../lib/sha256';
import type { AttemptLimiter } from '../../lib/attempt-limiter';
import { recordAudit } from '../audit/audit.repository';
import type { AccessTokens } from './access-tokens';
import { accountDelayMs } from './login-delay';
import { consumeOneTimeToken, findOpenOneTimeToken } from './one-time-tokens.repository';
import { hashPassword, spendVerificationTime, verifyPassword } from './passwords';
import { findLoginCandidate, loadPrincipal, toSessionAdmin, type Principal } from './principal';
import * as refreshTokens from './refresh-tokens.repository';
import type { SsoVerifier } from './sso';
import { markSsoTokenUsed } from './sso-token-uses.repository';

export type AuthServiceDeps = {
  db: Database;
  accessTokens: AccessTokens;
  sso: SsoVerifier;
  limiter: AttemptLimiter;
  limits: { perAccount: number; perAddress: number; accountDelayMaxMs: number };
};

type ClientInfo = { ip: string; requestId: string };

export function createAuthService({ db, accessTokens, sso, limiter, limits }: AuthServiceDeps) {
  async function issueSession(tx: Database, principal: Principal, familyId: string = randomUUID()) {
    const refreshToken = randomBytes(32).toString('base64url');
    await refreshTokens.insertRefreshToken(tx, {
      adminId: principal.id,
      familyId,
      tokenHash: sha256Hex(refreshToken),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    });
    return { token: await accessTokens.sign({ adminId: principal.id, sessionId: familyId }), refreshToken };
  }

  async function startSession(principal: Principal, client: ClientInfo, method: string): Promise<LoginResponse> {
    return db.transaction(async (tx) => {
      await tx.update(admins).set({ lastLoginAt: sql`now()` }).where(eq(admins.id, principal.id));
      await refreshTokens.deleteExpiredRefreshTokens(tx);
      await recordAudit(tx, { principal, ...client }, { action: method, entityType: 'admin', entityId: principal.id });
      return { admin: toSessionAdmin(principal), ...(await issueSession(tx, principal)) };
    });
  }

  /** Counts the attempt and refuses it when it is past the limit, in one step (see AttemptLimiter). */
  async function refuseWhenThrottled(key: string, max: number) {
    const { count, retryAfterSeconds } = await limiter.hit(key);
    if (count > max) {
      throw new TooManyRequestsError(AUTH_MESSAGES.tooManyAttempts, retryAfterSeconds);
    }
  }

  return {
    /**
     * Same answer, and about the same time, for an unknown email and a wrong password. Failures
     * are counted per address and account together, which refuses with 429, and per account
     * from everywhere, which only slows every sign-in to the account down (see accountDelayMs):
     * so guessing is limited, and nobody can lock the owner out from another address.
     */
    async login(email: string, password: string, client: ClientInfo): Promise<LoginResponse> {
      const account = email.toLowerCase();
      const pairKey = `pair:${client.ip}:${account}`;
      const accountKey = `account:${account}`;
      await refuseWhenThrottled(`address:${client.ip}`, limits.perAddress);
      // Counted before the password is checked, so concurrent guesses cannot all pass one check;
      // a successful sign-in clears it.
      await refuseWhenThrottled(pairKey, limits.perAccount);
      const { count: accountFailures } = await limiter.count(accountKey);
      const delay = accountDelayMs(accountFailures, limits.perAccount, limits.accountDelayMaxMs);
      if (delay > 0) await sleep(delay);
      const candidate = await findLoginCandidate(db, account);
      const valid = candidate
        ? await verifyPassword(candidate.passwordHash, password)
        : (await spendVerificationTime(password), false);
      if (!candidate || !valid || !candidate.isActive) {
        await limiter.hit(accountKey);
        throw new UnauthorizedError(AUTH_MESSAGES.invalidCredentials);
      }
      await Promise.all([limiter.reset(pairKey), limiter.reset(accountKey)]);
      return startSession(candidate.principal, client, 'login');
    },

    async loginWithSso(token: string, client: ClientInfo): Promise<LoginResponse> {
      await refuseWhenThrottled(`address:${client.ip}`, limits.perAddress);
      const assertion = await sso.verify(token);
      const firstUse = assertion ? await markSsoTokenUsed(db, assertion.useKey, assertion.expiresAt) : false;
      const candidate = assertion && firstUse ? await findLoginCandidate(db, assertion.email) : null;
      if (!candidate || !candidate.isActive) throw new UnauthorizedError(AUTH_MESSAGES.ssoFailed);
      return startSession(candidate.principal, client, 'login_sso');
    },

    /**
     * Rotates a refresh token. A token that was already rotated means it leaked or was replayed:
     * the whole family is revoked, so the newer token stops working too.
     */
    async refresh(presented: string): Promise<RefreshResponse> {
      const outcome = await db.transaction(async (tx) => {
        const stored = await refreshTokens.findRefreshTokenForUpdate(tx, sha256Hex(presented));
        if (!stored || stored.revokedAt) return null;
        if (stored.rotatedAt) {
          await refreshTokens.revokeFamily(tx, stored.familyId);
          return null;
        }
        if (stored.expiresAt.getTime() <= Date.now()) return null;
        const principal = await loadPrincipal(tx, stored.adminId);
        if (!principal) return null;
        await refreshTokens.markRotated(tx, stored.id);
        return issueSession(tx, principal, stored.familyId);
      });
      if (!outcome) throw new UnauthorizedError(AUTH_MESSAGES.refreshFailed);
      return outcome;
    },

    /**
     * Whether an invitation link still works and what it is for (the event, the company), for its
     * page to say before a password is chosen. Asking uses nothing up; asks are counted per address.
     */
    async checkInvitation(token: string, client: ClientInfo): Promise<InvitationCheck> {
      await refuseWhenThrottled(`invitation-check:${client.ip}`, limits.perAddress);
      const invited = await findOpenOneTimeToken(db, token, 'invitation');
      const principal = invited ? await loadPrincipal(db, invited) : null;
      if (!principal) return { valid: false, eventName: null, companyName: null };
      return { valid: true, eventName: principal.event?.name ?? null, companyName: principal.companyName };
    },

    /** Sets the password of an invited account and signs it in; the token works once. */
    async acceptInvitation(token: string, password: string, client: ClientInfo): Promise<LoginResponse> {
      const passwordHash = await hashPassword(password);
      const adminId = await db.transaction(async (tx) => {
        const invited = await consumeOneTimeToken(tx, token, 'invitation');
        if (invited) await tx.update(admins).set({ passwordHash, updatedAt: sql`now()` }).where(eq(admins.id, invited));
        return invited;
      });
      const principal = adminId ? await loadPrincipal(db, adminId) : null;
      if (!principal) throw new UnauthorizedError(AUTH_MESSAGES.invitationInvalid);
      return startSession(principal, client, 'accept_invitation');
    },

    /**
     * Ends the session the refresh token belongs to, and the one the caller's access token belongs
     * to (the same one, from the web client); an unknown token is not an error.
     */
    async logout(
      presented: { refreshToken?: string; sessionId: string | null },
      actor: ({ principal: Principal } & ClientInfo) | null,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const familyId = presented.refreshToken
          ? await refreshTokens.findFamilyOf(tx, sha256Hex(presented.refreshToken))
          : undefined;
        for (const id of new Set([familyId, presented.sessionId])) if (id) await refreshTokens.revokeFamily(tx, id);
        if (actor) await recordAudit(tx, actor, { action: 'logout', entityType: 'admin', entityId: actor.principal.id });
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
