import { describe, expect, it } from 'vitest';
import { countryCode } from './vat';

describe('countryCode', () => {
  it('reads a country given by its code or its English name, in any case', () => {
    expect(countryCode('lv')).toBe('LV');
    expect(countryCode(' Latvia ')).toBe('LV');
    expect(countryCode('germany')).toBe('DE');
    expect(countryCode('GR')).toBe('GR');
  });

  it('answers null for nothing and for what names no country', () => {
    expect(countryCode(null)).toBeNull();
    expect(countryCode('  ')).toBeNull();
    expect(countryCode('Atlantis')).toBeNull();
    expect(countryCode('QQ')).toBeNull();
  });
});
