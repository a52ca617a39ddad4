import { describe, expect, it } from 'vitest';
import { createAccessTokens } from './access-tokens';

const SECRET = 'access-token-test-secret-0123456789abcdef';

function clock(start = Date.UTC(2027, 2, 16, 9)) {
  let ms = start;
  return { now: () => ms, advance: (seconds: number) => (ms += seconds * 1000) };
}

describe('access tokens', () => {
  it('verifies a token again from memory until it expires, then refuses it', async () => {
    const time = clock();
    const tokens = createAccessTokens(SECRET, 60, time.now);
    const token = await tokens.sign(42);
    expect(await tokens.verify(token)).toBe(42);
    expect(await tokens.verify(token)).toBe(42);
    time.advance(59);
    expect(await tokens.verify(token)).toBe(42);
    time.advance(1);
    expect(await tokens.verify(token)).toBeNull();
    // Not from memory either: another instance checks the signature and the expiry itself.
    expect(await createAccessTokens(SECRET, 60, time.now).verify(token)).toBeNull();
  });

  it('refuses a token altered after a verified one, and one signed with another secret', async () => {
    const time = clock();
    const tokens = createAccessTokens(SECRET, 60, time.now);
    const token = await tokens.sign(7);
    expect(await tokens.verify(token)).toBe(7);
    const [header, payload, signature] = token.split('.');
    const otherSubject = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: '1' })).toString('base64url');
    expect(await tokens.verify(`${header}.${otherSubject}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${token}x`)).toBeNull();
    const foreign = await createAccessTokens('another-secret-of-enough-length-0123456789', 60, time.now).sign(7);
    expect(await tokens.verify(foreign)).toBeNull();
    expect(await tokens.verify('')).toBeNull();
  });
});
