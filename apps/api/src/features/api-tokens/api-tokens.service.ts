import {
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  API_TOKEN_SHOWN_CHARACTERS,
  MAX_API_TOKENS_PER_ACCOUNT,
  type ApiToken,
  type CreateApiTokenBody,
  type CreatedApiToken,
} from '@portal/shared/api-tokens';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { BusinessRuleError, NotFoundError } from '../../lib/errors';
import { sha256Hex } from '../../lib/sha256';
import { recordAudit } from '../audit/audit.repository';
import * as repo from './api-tokens.repository';

export function toApiToken(row: repo.ApiTokenRow, now = new Date()): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.tokenPrefix,
    permissions: [...row.permissions].sort(),
    status: row.revokedAt ? 'revoked' : row.expiresAt && row.expiresAt <= now ? 'expired' : 'active',
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** What the audit log keeps of a token: never its secret or hash. */
const audited = (token: ApiToken) => ({
  name: token.name,
  prefix: token.prefix,
  permissions: token.permissions,
  expiresAt: token.expiresAt,
  revokedAt: token.revokedAt,
});

/** A new token: the prefix, then 32 random bytes (256 bits) as base64url. */
const newApiToken = () => `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

/**
 * An account's own API tokens (docs/api-tokens.md). Everyone signed in manages only their own, so
 * no permission guards it; the access hook keeps tokens themselves out of these routes.
 */
export function createApiTokensService({ db }: { db: Database }) {
  return {
    async list(actor: Actor): Promise<ApiToken[]> {
      const now = new Date();
      return (await repo.listOwnTokens(db, actor.principal.id)).map((row) => toApiToken(row, now));
    },

    /** Creates a token with some of the creator's own permissions and shows its secret, once. */
    async create(actor: Actor, body: CreateApiTokenBody): Promise<CreatedApiToken> {
      const { principal } = actor;
      const notHeld = body.permissions.flatMap((permission, index) =>
        principal.permissions.has(permission) ? [] : [{ field: `permissions.${index}`, message: API_TOKEN_MESSAGES.notHeld(permission) }],
      );
      if (notHeld.length > 0) throw new BusinessRuleError(notHeld[0]!.message, notHeld);
      const token = newApiToken();
      return db.transaction(async (tx) => {
        await repo.lockAccount(tx, principal.id);
        if ((await repo.countUnrevokedTokens(tx, principal.id)) >= MAX_API_TOKENS_PER_ACCOUNT) {
          throw new BusinessRuleError(API_TOKEN_MESSAGES.tooMany);
        }
        const row = await repo.insertToken(tx, {
          adminId: principal.id,
          name: body.name,
          tokenHash: sha256Hex(token),
          tokenPrefix: token.slice(0, API_TOKEN_SHOWN_CHARACTERS),
          permissions: body.permissions,
          expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
        });
        const apiToken = toApiToken(row);
        await recordAudit(tx, actor, { action: 'create', entityType: 'api_token', entityId: row.id, eventId: principal.eventId, after: audited(apiToken) });
        return { apiToken, token };
      });
    },

    /** Revokes one of the caller's own tokens for good; revoking it again changes nothing. */
    async revoke(actor: Actor, id: number): Promise<ApiToken> {
      const adminId = actor.principal.id;
      return db.transaction(async (tx) => {
        const before = await repo.findOwnToken(tx, adminId, id);
        if (!before) throw new NotFoundError('API token');
        const revoked = await repo.revokeToken(tx, adminId, id);
        if (!revoked) return toApiToken(before);
        const after = toApiToken(revoked);
        await recordAudit(tx, actor, {
          action: 'revoke',
          entityType: 'api_token',
          entityId: id,
          eventId: actor.principal.eventId,
          before: audited(toApiToken(before)),
          after: audited(after),
        });
        return after;
      });
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
