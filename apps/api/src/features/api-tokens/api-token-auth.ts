import { API_TOKEN_PREFIX } from '@portal/shared/api-tokens';
import { normalizePermission } from '@portal/shared/permissions';
import type { Database } from '../../db/client';
import { sha256Hex } from '../../lib/sha256';
import { loadPrincipal, type Principal } from '../auth/principal';
import { findUsableToken, touchToken } from './api-tokens.repository';

export const isApiToken = (token: string | null): token is string => token?.startsWith(API_TOKEN_PREFIX) ?? false;

/**
 * The principal an API token acts as: its creator as the creator is now (scope, type, an account
 * since deactivated refuses), holding only the permissions both the token and the creator hold, so
 * a permission the creator loses leaves its tokens too. Null for an unknown, expired or revoked
 * token. Its last use is written at most once a minute.
 */
export async function authenticateApiToken(db: Database, token: string): Promise<Principal | null> {
  const found = await findUsableToken(db, sha256Hex(token));
  if (!found) return null;
  const creator = await loadPrincipal(db, found.adminId);
  if (!creator) return null;
  if (found.stale) await touchToken(db, found.id);
  const granted = new Set(found.permissions.map(normalizePermission));
  return {
    ...creator,
    permissions: new Set([...creator.permissions].filter((permission) => granted.has(permission))),
    apiTokenId: found.id,
  };
}
