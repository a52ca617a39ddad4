import { describe, expect, it } from 'vitest';
import { LINK_STATE_LABELS, linkState } from './link-state';

const NOW = Date.parse('2027-05-01T12:00:00Z');
const open = { maxUses: 5, uses: 2, expiresAt: '2027-06-01T00:00:00Z', revokedAt: null };

describe('linkState', () => {
  it('is open while not revoked, not expired and not used up; no limit and no expiry stay open', () => {
    expect(linkState(open, NOW)).toBe('open');
    expect(linkState({ maxUses: null, uses: 900, expiresAt: null, revokedAt: null }, NOW)).toBe('open');
  });

  it('is expired from its expiry on, used up at its maximum, revoked over everything', () => {
    expect(linkState({ ...open, expiresAt: '2027-05-01T12:00:00Z' }, NOW)).toBe('expired');
    expect(linkState({ ...open, uses: 5 }, NOW)).toBe('used-up');
    expect(linkState({ ...open, uses: 5, expiresAt: '2027-04-01T00:00:00Z' }, NOW)).toBe('expired');
    expect(linkState({ ...open, uses: 5, revokedAt: '2027-04-02T00:00:00Z' }, NOW)).toBe('revoked');
  });

  it('labels each state', () => {
    expect(Object.values(LINK_STATE_LABELS)).toEqual(['Open', 'Expired', 'Used up', 'Revoked']);
  });
});
