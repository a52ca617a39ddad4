import { COUNTRY_CODES, definitionIssues, fieldKeyFromLabel, isCountryCode, patternProblem } from '@portal/shared/custom-fields';
import { describe, expect, it } from 'vitest';

describe('custom-field definitions', () => {
  it('makes keys from labels', () => {
    expect(fieldKeyFromLabel('Company VAT number')).toBe('company_vat_number');
    expect(fieldKeyFromLabel('  Café / Taille ')).toBe('cafe_taille');
    expect(fieldKeyFromLabel('2nd phone')).toBe('field_2nd_phone');
    expect(fieldKeyFromLabel('!!!')).toBe('field');
    expect(fieldKeyFromLabel('x'.repeat(100))).toHaveLength(60);
  });

  it('ships every ISO 3166-1 alpha-2 code and Kosovo, each with a name', () => {
    expect(COUNTRY_CODES).toHaveLength(250);
    expect(new Set(COUNTRY_CODES).size).toBe(250);
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    for (const code of COUNTRY_CODES) expect(names.of(code), code).toBeTruthy();
    expect(isCountryCode('FI')).toBe(true);
    expect(isCountryCode('fi')).toBe(false);
    expect(isCountryCode('EU')).toBe(false);
  });

  it('accepts plain patterns and refuses broken or explosive ones', () => {
    for (const ok of ['[A-Z]{2}\\d+', '\\+?[0-9 ]+', '(ab)?c', '(foo|bar)+', '[(]+x', 'a\\(+\\)+']) expect(patternProblem(ok), ok).toBeNull();
    expect(patternProblem('([a-z')).toBe('Not a valid regular expression');
    expect(patternProblem('\\p{Nope}')).toBe('Not a valid regular expression');
    expect(patternProblem('(a)\\1')).toBe('Back-references are not allowed');
    expect(patternProblem('(?<x>a)\\k<x>')).toBe('Back-references are not allowed');
    for (const bad of ['(a+)+', '(a*)*b', '(\\.[a-z]+)*', '((ab)*c){2,}', '(x{2,3})+']) expect(patternProblem(bad), bad).toMatch(/Nested repetition/);
    expect(patternProblem('a'.repeat(201))).toBe('At most 200 characters');
  });

  it('ties a definition’s parts together', () => {
    expect(definitionIssues({ type: 'multiselect', options: [{ value: 'a', label: 'A' }], validation: { min: 1, max: 1 } })).toEqual([]);
    expect(definitionIssues({ type: 'text', options: [], validation: { min: 1.5 } })).toEqual([{ path: 'validation.min', message: 'Use a whole number of zero or more' }]);
    expect(definitionIssues({ type: 'checkbox', options: [], validation: { max: 3 } }).map((i) => i.path)).toEqual(['validation.min']);
    expect(definitionIssues({ type: 'text', options: [], validation: { minDate: '2027-01-01' } }).map((i) => i.path)).toEqual(['validation.minDate']);
    expect(definitionIssues({ type: 'file', options: [], validation: { maxFileSizeBytes: 1, allowedMimeTypes: ['image/png'] } })).toEqual([]);
  });
});
