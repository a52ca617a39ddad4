import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { createHash } from 'node:crypto';
import type { Config } from '../../config';

/** The longest lifetime (exp − iat) a single sign-on token may have. */
export const SSO_MAX_TOKEN_LIFETIME_SECONDS = 5 * 60;
/** How far ahead of this server's clock an identity provider's `iat` may be. */
export const SSO_CLOCK_SKEW_SECONDS = 60;

/** A token the identity provider vouches for: whose it is, and what marks it as used until when. */
export type SsoAssertion = { email: string; useKey: string; expiresAt: Date };

export type SsoVerifier = {
  /** The assertion of a genuine, short-lived token, or null when the token is not good. */
  verify(token: string): Promise<SsoAssertion | null>;
};

/**
 * Single sign-on tokens come from a configured identity provider, signed with a shared secret
 * (HS256) or a key from its JWKS; issuer and audience are checked when configured, expiry always.
 * A token must say when it was issued and live at most five minutes: it travels in a URL, so a
 * long-lived one would be a password in browser histories and logs. Whether it was used before is
 * the caller's check (in the database, so that replicas agree).
 */
export function createSsoVerifier(
  config: Pick<Config, 'SSO_JWT_SECRET' | 'SSO_JWKS_URL' | 'SSO_ISSUER' | 'SSO_AUDIENCE'>,
  now: () => number = Date.now,
): SsoVerifier {
  const options = () => ({
    issuer: config.SSO_ISSUER || undefined,
    audience: config.SSO_AUDIENCE || undefined,
    requiredClaims: ['exp', 'iat'],
    currentDate: new Date(now()),
  });
  let verifyJwt: ((token: string) => Promise<{ payload: JWTPayload }>) | undefined;
  if (config.SSO_JWKS_URL) {
    const jwks = createRemoteJWKSet(new URL(config.SSO_JWKS_URL));
    const algorithms = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'];
    verifyJwt = (token) => jwtVerify(token, jwks, { ...options(), algorithms });
  } else if (config.SSO_JWT_SECRET) {
    const secret = new TextEncoder().encode(config.SSO_JWT_SECRET);
    verifyJwt = (token) => jwtVerify(token, secret, { ...options(), algorithms: ['HS256', 'HS384', 'HS512'] });
  }
  return {
    verify: async (token) => {
      if (!verifyJwt) return null;
      let payload: JWTPayload;
      try {
        ({ payload } = await verifyJwt(token));
      } catch {
        return null;
      }
      const { exp, iat, jti } = payload;
      if (typeof exp !== 'number' || typeof iat !== 'number') return null;
      if (exp - iat > SSO_MAX_TOKEN_LIFETIME_SECONDS) return null;
      if (iat > now() / 1000 + SSO_CLOCK_SKEW_SECONDS) return null;
      const email = typeof payload.email === 'string' ? payload.email : payload.sub;
      if (typeof email !== 'string' || !email.includes('@')) return null;
      const useKey =
        typeof jti === 'string' && jti.length > 0 && jti.length <= 200
          ? `jti:${jti}`
          : `sha256:${createHash('sha256').update(token).digest('hex')}`;
      return { email: email.toLowerCase(), useKey, expiresAt: new Date(exp * 1000) };
    },
  };
}
