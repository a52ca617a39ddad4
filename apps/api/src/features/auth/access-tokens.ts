import { ACCESS_TOKEN_TTL_SECONDS } from '@portal/shared/auth';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'exhibitor-portal';
const AUDIENCE = 'exhibitor-portal-api';

export type AccessTokens = {
  sign(adminId: number): Promise<string>;
  /** The admin id the token was issued to, or null when it is invalid or expired. */
  verify(token: string): Promise<number | null>;
};

export function createAccessTokens(secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (adminId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(adminId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        const adminId = Number(payload.sub);
        return Number.isSafeInteger(adminId) && adminId > 0 ? adminId : null;
      } catch {
        return null;
      }
    },
  };
}
