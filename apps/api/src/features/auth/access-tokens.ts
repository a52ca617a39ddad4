import { ACCESS_TOKEN_TTL_SECONDS } from '@portal/shared/auth';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'exhibitor-portal';
const AUDIENCE = 'exhibitor-portal-api';
/** Tokens whose signature has been checked, kept until they expire; the oldest go first when full. */
const VERIFIED_CACHE_SIZE = 10_000;

export type AccessTokens = {
  sign(adminId: number): Promise<string>;
  /** The admin id the token was issued to, or null when it is invalid or expired. */
  verify(token: string): Promise<number | null>;
};

export function createAccessTokens(
  secret: string,
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
  now: () => number = Date.now,
): AccessTokens {
  const key = new TextEncoder().encode(secret);
  // Checking an HMAC signature costs more than the rest of a small request's own work, and a client
  // sends the same token for minutes. The whole token is the key, signature included, so only a
  // token that verified before can be found here; whether its account may still act is checked
  // on every request all the same (the principal is loaded from the database).
  const verified = new Map<string, { adminId: number; expiresAtMs: number }>();

  async function verifySignature(token: string) {
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: new Date(now()),
      });
      const adminId = Number(payload.sub);
      if (!Number.isSafeInteger(adminId) || adminId <= 0 || payload.exp == null) return null;
      return { adminId, expiresAtMs: payload.exp * 1000 };
    } catch {
      return null;
    }
  }

  return {
    sign: (adminId) =>
      new SignJWT({})
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
      return known.adminId;
    },
  };
}
