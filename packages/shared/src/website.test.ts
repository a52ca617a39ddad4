import { describe, expect, it } from 'vitest';
import { websiteSchema } from './common';

describe('web addresses as people type them', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['  www.polar-drones.example/en ', 'https://www.polar-drones.example/en'],
    ['example.com:8443/shop?x=1', 'https://example.com:8443/shop?x=1'],
    ['http://example.com', 'http://example.com'],
    ['HTTPS://Example.com', 'HTTPS://Example.com'],
  ])('completes %j to %j', (typed, stored) => {
    expect(websiteSchema.parse(typed)).toBe(stored);
  });

  it('reads an empty address as none', () => {
    expect(websiteSchema.parse('')).toBeNull();
    expect(websiteSchema.parse(null)).toBeNull();
  });

  it.each([
    'not a url',
    'localhost',
    'ftp://example.com',
    'javascript:alert(1)',
    'mailto:a@example.com',
    'https://exa mple.com',
  ])('refuses %j', (typed) => {
    const result = websiteSchema.safeParse(typed);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Enter a web address such as example.com');
  });
});
