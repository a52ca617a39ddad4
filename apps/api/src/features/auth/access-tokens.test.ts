import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createAccessTokens } from './access-tokens';

const SECRET = 'access-token-test-secret-0123456789abcdef';
const SESSION = '0b6d3a52-8f0e-4d8e-9a36-5f7c1f1d2e3a';

function clock(start = Date.UTC(2027, 2, 16, 9)) {
  let ms = start;
  return { now: () => ms, advance: (seconds: number) => (ms += seconds * 1000) };
}

describe('access tokens', () => {
  it('verifies a token again from memory until it expires, then refuses it', async () => {
    const time = clock();
    const tokens = createAccessTokens(SECRET, 60, time.now);
    const token = await tokens.sign({ adminId: 42, sessionId: SESSION });
    expect(await tokens.verify(token)).toEqual({ adminId: 42, sessionId: SESSION });
    expect(await tokens.verify(token)).toEqual({ adminId: 42, sessionId: SESSION });
    time.advance(59);
    expect(await tokens.verify(token)).toEqual({ adminId: 42, sessionId: SESSION });
    time.advance(1);
    expect(await tokens.verify(token)).toBeNull();
    // Not from memory either: another instance checks the signature and the expiry itself.
    expect(await createAccessTokens(SECRET, 60, time.now).verify(token)).toBeNull();
  });

  it('refuses a token altered after a verified one, and one signed with another secret', async () => {
    const time = clock();
    const tokens = createAccessTokens(SECRET, 60, time.now);
    const token = await tokens.sign({ adminId: 7, sessionId: SESSION });
    expect(await tokens.verify(token)).toEqual({ adminId: 7, sessionId: SESSION });
    const [header, payload, signature] = token.split('.');
    const otherSubject = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: '1' })).toString('base64url');
    expect(await tokens.verify(`${header}.${otherSubject}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${token}x`)).toBeNull();
    const foreign = await createAccessTokens('another-secret-of-enough-length-0123456789', 60, time.now).sign({ adminId: 7, sessionId: SESSION });
    expect(await tokens.verify(foreign)).toBeNull();
    expect(await tokens.verify('')).toBeNull();
  });

  it('refuses a genuine token that names no session', async () => {
    const time = clock();
    const sessionless = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuer('exhibitor-portal')
      .setAudience('exhibitor-portal-api')
      .setIssuedAt(Math.floor(time.now() / 1000))
      .setExpirationTime(Math.floor(time.now() / 1000) + 60)
      .sign(new TextEncoder().encode(SECRET));
    expect(await createAccessTokens(SECRET, 60, time.now).verify(sessionless)).toBeNull();
  });
});
