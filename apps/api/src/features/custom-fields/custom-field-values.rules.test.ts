import type { CustomFieldType } from '@portal/shared/custom-fields';
import { describe, expect, it } from 'vitest';
import { validateFieldValues, type FieldDefinition, type FieldValuesOptions } from './custom-field-values.rules';

let nextId = 1;
function field(type: CustomFieldType, extra: Partial<FieldDefinition> = {}): FieldDefinition {
  const id = nextId++;
  return { id, key: `${type}_${id}`, label: type, type, options: [], required: false, isActive: true, validation: {}, ...extra };
}

const colours = [
  { value: 'red', label: 'Red' },
  { value: 'green', label: 'Green' },
  { value: 'blue', label: 'Blue' },
];

/**
 * A pattern budget no answer of these tests could use up, so that a busy machine cannot fail them;
 * the production budget is tested on its own, with a pattern no machine can finish within it.
 */
const unhurried: FieldValuesOptions = { patternTimeLimitMs: 60_000 };

/** The normalised value of one answer, or its error message. */
function check(definition: FieldDefinition, value: unknown, options = unhurried) {
  const { values, errors } = validateFieldValues([definition], [{ customFieldId: definition.id, value }], new Map(), options);
  if (errors.length) return { error: errors[0]!.message, field: errors[0]!.field };
  return { value: values[0]?.value };
}

describe('custom-field values', () => {
  it('text: trims, checks length and a whole-answer pattern', () => {
    const f = field('text', { validation: { min: 2, max: 5, pattern: '[A-Z]+' } });
    expect(check(f, '  ABC ')).toEqual({ value: 'ABC' });
    expect(check(f, 'A').error).toBe('At least 2 characters');
    expect(check(f, 'ABCDEF').error).toBe('At most 5 characters');
    expect(check(f, 'ABc').error).toBe('Not in the expected format');
    expect(check(f, 'xABCx').error).toBe('Not in the expected format');
    expect(check(f, 42).error).toBe('Enter text');
    expect(check(f, ['A']).error).toBe('Enter text');
    expect(check(f, 'AB')).toMatchObject({ value: 'AB' });
    expect(check(f, 'AB').field).toBeUndefined();
  });

  it('text: caps answers even when the field sets no maximum', () => {
    expect(check(field('text'), 'x'.repeat(1000))).toEqual({ value: 'x'.repeat(1000) });
    expect(check(field('text'), 'x'.repeat(1001)).error).toBe('At most 1000 characters');
    expect(check(field('textarea'), 'line\n'.repeat(1000).trim())).toHaveProperty('value');
    expect(check(field('textarea'), 'x'.repeat(10_001)).error).toBe('At most 10000 characters');
  });

  it('text: a pattern that backtracks badly is stopped, not run for ever', () => {
    const f = field('text', { validation: { pattern: '(a|a)*' } });
    // About 2^40 steps before this answer is found not to match: hours, far beyond any budget.
    const explosive = `${'a'.repeat(40)}b`;
    const productionBudget = {};
    expect(check(f, explosive, productionBudget).error).toBe('This answer could not be checked; shorten it');
    expect(check(f, explosive, { patternTimeLimitMs: 1 }).error).toBe('This answer could not be checked; shorten it');
    // The same pattern on a short answer is no problem.
    expect(check(f, 'aaaa')).toEqual({ value: 'aaaa' });
  });

  it('refuses a pattern budget the time limit cannot use', () => {
    const f = field('text', { validation: { pattern: '[a-z]+' } });
    for (const patternTimeLimitMs of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => check(f, 'abc', { patternTimeLimitMs }), String(patternTimeLimitMs)).toThrow(RangeError);
    }
  });

  it('number: accepts numbers and numeric text, within min and max', () => {
    const f = field('number', { validation: { min: -1.5, max: 100 } });
    expect(check(f, 42)).toEqual({ value: 42 });
    expect(check(f, ' 7.25 ')).toEqual({ value: 7.25 });
    expect(check(f, '-1.5')).toEqual({ value: -1.5 });
    expect(check(f, 0)).toEqual({ value: 0 });
    expect(check(f, -2).error).toBe('At least -1.5');
    expect(check(f, '101').error).toBe('At most 100');
    for (const bad of ['12abc', '0x10', 'Infinity', 'NaN', true, ['1'], {}, '1,5']) expect(check(f, bad).error).toBe('Enter a number');
    expect(check(field('number'), Number.POSITIVE_INFINITY).error).toBe('Enter a number');
  });

  it('email: lower-cases a valid address, refuses others', () => {
    const f = field('email');
    expect(check(f, ' Ana@Example.COM ')).toEqual({ value: 'ana@example.com' });
    for (const bad of ['ana', 'ana@', '@example.com', 'ana@example', 'a b@example.com', 5]) expect(check(f, bad)).toHaveProperty('error');
    expect(check(f, `${'a'.repeat(250)}@example.com`)).toHaveProperty('error');
    const company = field('email', { validation: { pattern: '.+@acme\\.example' } });
    expect(check(company, 'bo@acme.example')).toEqual({ value: 'bo@acme.example' });
    expect(check(company, 'bo@other.example').error).toBe('Not in the expected format');
  });

  it('phone: digits with the usual separators and an optional leading plus', () => {
    const f = field('phone');
    expect(check(f, '+44 20 7946 0000')).toEqual({ value: '+44 20 7946 0000' });
    expect(check(f, '(030) 123-4567')).toEqual({ value: '(030) 123-4567' });
    expect(check(f, 5551234)).toEqual({ value: '5551234' });
    for (const bad of ['1234', 'call me', '44+20 7946 0000', '+1 555 CALL NOW', '1'.repeat(21), true]) expect(check(f, bad)).toHaveProperty('error');
  });

  it('date: a calendar date as YYYY-MM-DD within the field’s dates', () => {
    const f = field('date', { validation: { minDate: '2027-01-01', maxDate: '2027-12-31' } });
    expect(check(f, '2027-02-28')).toEqual({ value: '2027-02-28' });
    expect(check(f, '2027-01-01')).toEqual({ value: '2027-01-01' });
    expect(check(f, '2026-12-31').error).toBe('On or after 2027-01-01');
    expect(check(f, '2028-01-01').error).toBe('On or before 2027-12-31');
    for (const bad of ['2027-02-29', '2027-13-01', '27-01-01', '2027-01-01T10:00:00Z', '01/02/2027', 20270101]) {
      expect(check(f, bad).error).toBe('Enter a date as YYYY-MM-DD');
    }
  });

  it('select and radio: one of the options’ values', () => {
    for (const type of ['select', 'radio'] as const) {
      const f = field(type, { options: colours });
      expect(check(f, 'green')).toEqual({ value: 'green' });
      for (const bad of ['Green', 'purple', ['red'], 1]) expect(check(f, bad).error).toBe('Choose one of the options');
    }
  });

  it('multiselect: a subset of the options, each once, within min and max, in the options’ order', () => {
    const f = field('multiselect', { options: colours, validation: { min: 1, max: 2 } });
    expect(check(f, ['blue', 'red'])).toEqual({ value: ['red', 'blue'] });
    expect(check(f, 'green')).toEqual({ value: ['green'] });
    expect(check(f, ['red', 'green', 'blue']).error).toBe('Choose at most 2');
    expect(check(f, ['red', 'red']).error).toBe('Each option once');
    expect(check(f, ['red', 'purple']).error).toBe('Choose among the options');
    expect(check(f, [1]).error).toBe('Choose among the options');
    expect(check(f, { red: true }).error).toBe('Choose among the options');
    expect(check(field('multiselect', { options: colours, validation: { min: 2 } }), ['red']).error).toBe('Choose at least 2');
  });

  it('checkbox: booleans and the words a form sends; a required one must be ticked', () => {
    const f = field('checkbox');
    expect(check(f, true)).toEqual({ value: true });
    expect(check(f, false)).toEqual({ value: false });
    expect(check(f, 'on')).toEqual({ value: true });
    expect(check(f, 'false')).toEqual({ value: false });
    expect(check(f, 1)).toEqual({ value: true });
    for (const bad of ['maybe', 2, ['true'], {}]) expect(check(f, bad).error).toBe('Tick or untick the box');
    const consent = field('checkbox', { required: true });
    expect(check(consent, true)).toEqual({ value: true });
    expect(check(consent, false).error).toBe('Required');
  });

  it('country: an ISO 3166-1 alpha-2 code, upper-cased', () => {
    const f = field('country');
    expect(check(f, 'de')).toEqual({ value: 'DE' });
    expect(check(f, ' FI ')).toEqual({ value: 'FI' });
    for (const bad of ['ZZ', 'EU', 'DEU', 'Germany', 49, 'D']) expect(check(f, bad)).toHaveProperty('error');
  });

  it('file: type and size from the server’s detection, within the field’s limits', () => {
    const f = field('file', { required: true, validation: { maxFileSizeBytes: 1000, allowedMimeTypes: ['application/pdf', 'image/png'] } });
    const run = (info: { sizeBytes: number; contentType: string } | undefined, extra: Parameters<typeof validateFieldValues>[3] = {}) =>
      validateFieldValues([f], [], new Map(info ? [[f.id, info]] : []), extra);
    expect(run({ sizeBytes: 500, contentType: 'application/pdf' })).toEqual({
      values: [{ customFieldId: f.id, key: f.key, type: 'file', value: null, file: { sizeBytes: 500, contentType: 'application/pdf' } }],
      errors: [],
    });
    expect(run({ sizeBytes: 1001, contentType: 'image/png' }).errors[0]!.message).toBe('At most 1000 bytes');
    expect(run({ sizeBytes: 0, contentType: 'image/png' }).errors[0]!.message).toBe('The file is empty');
    expect(run({ sizeBytes: 10, contentType: 'image/gif' }).errors[0]!.message).toMatch(/^This type of file is not accepted; use PDF, PNG image/);
    expect(run(undefined).errors).toEqual([{ field: `customFieldValues.${f.key}`, message: 'Required' }]);
    expect(run(undefined, { storedFiles: new Set([f.id]) }).errors).toEqual([]);
    expect(validateFieldValues([f], [{ customFieldId: f.id, value: 'file-id-from-elsewhere' }]).errors[0]!.message).toBe('Upload the file itself');
  });

  it('file: at most 10 MB and only recognised types when the field sets no limits', () => {
    const f = field('file');
    const run = (info: { sizeBytes: number; contentType: string }) => validateFieldValues([f], [], new Map([[f.id, info]])).errors;
    expect(run({ sizeBytes: 10 * 1024 * 1024, contentType: 'image/webp' })).toEqual([]);
    expect(run({ sizeBytes: 10 * 1024 * 1024 + 1, contentType: 'image/webp' })[0]!.message).toBe('At most 10 MB');
    expect(run({ sizeBytes: 10, contentType: 'application/octet-stream' })).toHaveLength(1);
    expect(run({ sizeBytes: 10, contentType: 'application/zip' })).toHaveLength(1);
  });

  it('required fields, empty answers and clearing', () => {
    const name = field('text', { required: true });
    const note = field('text');
    const empty = validateFieldValues([name, note], [{ customFieldId: note.id, value: '  ' }]);
    expect(empty.errors).toEqual([{ field: `customFieldValues.${name.key}`, message: 'Required' }]);
    expect(empty.values).toEqual([{ customFieldId: note.id, key: note.key, type: 'text', value: null }]);
    for (const blank of [null, '', [], undefined]) {
      expect(validateFieldValues([name], [{ customFieldId: name.id, value: blank }]).errors[0]!.message).toBe('Required');
    }
    expect(validateFieldValues([note], []).values).toEqual([]);
  });

  it('partial: checks only what is submitted', () => {
    const name = field('text', { required: true });
    const phone = field('phone');
    expect(validateFieldValues([name, phone], [{ customFieldId: phone.id, value: '+358 40 123 4567' }], new Map(), { partial: true })).toEqual({
      values: [{ customFieldId: phone.id, key: phone.key, type: 'phone', value: '+358 40 123 4567' }],
      errors: [],
    });
    expect(validateFieldValues([name], [{ customFieldId: name.id, value: null }], new Map(), { partial: true }).errors).toHaveLength(1);
  });

  it('unknown, foreign, duplicate and inactive fields', () => {
    const mine = field('text');
    const inactive = field('text', { isActive: false, required: true });
    const result = validateFieldValues(
      [mine, inactive],
      [
        { customFieldId: 999_999, value: 'x' },
        { customFieldId: mine.id, value: 'a' },
        { customFieldId: mine.id, value: 'b' },
        { customFieldId: inactive.id, value: 'dropped' },
      ],
      new Map([[888_888, { sizeBytes: 1, contentType: 'text/plain' }], [mine.id, { sizeBytes: 1, contentType: 'text/plain' }]]),
    );
    expect(result.errors).toEqual([
      { field: 'customFieldValues', message: 'Unknown custom field 999999' },
      { field: `customFieldValues.${mine.key}`, message: 'Answered twice' },
      { field: 'customFieldValues', message: 'Unknown custom field 888888' },
      { field: `customFieldValues.${mine.key}`, message: 'This field does not take a file' },
    ]);
    expect(result.values).toEqual([{ customFieldId: mine.id, key: mine.key, type: 'text', value: 'a' }]);
  });

  it('reports every field’s error at once', () => {
    const a = field('number');
    const b = field('email');
    const c = field('country', { required: true });
    const { errors } = validateFieldValues([a, b, c], [
      { customFieldId: a.id, value: 'x' },
      { customFieldId: b.id, value: 'y' },
    ]);
    expect(errors.map((e) => e.field)).toEqual([`customFieldValues.${a.key}`, `customFieldValues.${b.key}`, `customFieldValues.${c.key}`]);
  });
});
