import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { Config } from '../../config';

export type SsoVerifier = {
  /** The email the identity provider vouches for, or null when the token is not good. */
  verify(token: string): Promise<string | null>;
};

/**
 * Single sign-on tokens come from a configured identity provider, signed with a shared secret
 * (HS256) or a key from its JWKS; issuer and audience are checked when configured, expiry always.
 */
export function createSsoVerifier(config: Pick<Config, 'SSO_JWT_SECRET' | 'SSO_JWKS_URL' | 'SSO_ISSUER' | 'SSO_AUDIENCE'>): SsoVerifier {
  const options = {
    issuer: config.SSO_ISSUER || undefined,
    audience: config.SSO_AUDIENCE || undefined,
    requiredClaims: ['exp'],
  };
  let verifyJwt: ((token: string) => Promise<{ payload: JWTPayload }>) | undefined;
  if (config.SSO_JWKS_URL) {
    const jwks = createRemoteJWKSet(new URL(config.SSO_JWKS_URL));
    const algorithms = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'];
    verifyJwt = (token) => jwtVerify(token, jwks, { ...options, algorithms });
  } else if (config.SSO_JWT_SECRET) {
    const secret = new TextEncoder().encode(config.SSO_JWT_SECRET);
    verifyJwt = (token) => jwtVerify(token, secret, { ...options, algorithms: ['HS256', 'HS384', 'HS512'] });
  }
  return {
    verify: async (token) => {
      if (!verifyJwt) return null;
      try {
        const { payload } = await verifyJwt(token);
        const email = typeof payload.email === 'string' ? payload.email : payload.sub;
        return typeof email === 'string' && email.includes('@') ? email.toLowerCase() : null;
      } catch {
        return null;
      }
    },
  };
}
