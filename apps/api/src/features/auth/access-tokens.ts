import { ACCESS_TOKEN_TTL_SECONDS } from '@portal/shared/auth';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'exhibitor-portal';
const AUDIENCE = 'exhibitor-portal-api';
/** Tokens whose signature has been checked, kept until they expire; the oldest go first when full. */
const VERIFIED_CACHE_SIZE = 10_000;
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Who a token speaks for: the account, and the session (refresh-token family) it was issued in. */
export type AccessClaims = { adminId: number; sessionId: string };

export type AccessTokens = {
  sign(claims: AccessClaims): Promise<string>;
  /** The claims of a genuine unexpired token, or null. Whether its session is still open is the caller's check. */
  verify(token: string): Promise<AccessClaims | null>;
};

export function createAccessTokens(
  secret: string,
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
  now: () => number = Date.now,
): AccessTokens {
  const key = new TextEncoder().encode(secret);
  // Checking an HMAC signature costs more than the rest of a small request's own work, and a client
  // sends the same token for minutes. The whole token is the key, signature included, so only a
  // token that verified before can be found here; whether its account may still act and its
  // session is still open is checked on every request all the same (with the principal, in one query).
  const verified = new Map<string, AccessClaims & { expiresAtMs: number }>();

  async function verifySignature(token: string) {
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: new Date(now()),
      });
      const adminId = Number(payload.sub);
      const sessionId = payload.sid;
      if (!Number.isSafeInteger(adminId) || adminId <= 0 || payload.exp == null) return null;
      // A token without a session (issued before sessions were checked) cannot be ended, so it is refused.
      if (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId)) return null;
      return { adminId, sessionId, expiresAtMs: payload.exp * 1000 };
    } catch {
      return null;
    }
  }

  return {
    sign: ({ adminId, sessionId }) =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(adminId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(Math.floor(now() / 1000))
        .setExpirationTime(Math.floor(now() / 1000) + ttlSeconds)
        .sign(key),
    verify: async (token) => {
      const known = verified.get(token) ?? (await verifySignature(token));
      if (!known) return null;
      if (known.expiresAtMs <= now()) {
        verified.delete(token);
        return null;
      }
      if (!verified.has(token)) {
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
        verified.set(token, known);
      }
      return { adminId: known.adminId, sessionId: known.sessionId };
    },
  };
}
