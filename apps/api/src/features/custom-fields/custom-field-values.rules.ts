import {
  formatBytes,
  isCalendarDate,
  isCountryCode,
  MAX_FILE_SIZE_BYTES,
  TEXT_MAX_LENGTH,
  UPLOAD_CONTENT_TYPES,
  type CustomFieldOption,
  type CustomFieldType,
  type CustomFieldValidation,
} from '@portal/shared/custom-fields';
import type { FieldError } from '@portal/shared/common';
import vm from 'node:vm';
import { z } from 'zod';

/** The parts of a field definition its answers are checked against. */
export type FieldDefinition = {
  id: number;
  key: string;
  label: string;
  type: CustomFieldType;
  options: CustomFieldOption[];
  required: boolean;
  isActive: boolean;
  validation: CustomFieldValidation;
};

export type SubmittedValue = { customFieldId: number; value: unknown };

/** An uploaded file as the server detected it (`detectContentType`), never as the client named it. */
export type UploadedFileInfo = { sizeBytes: number; contentType: string };

/** A stored answer: JSON for every type but file. */
export type FieldAnswer = string | number | boolean | string[];

export type NormalizedFieldValue =
  | { customFieldId: number; key: string; type: Exclude<CustomFieldType, 'file'>; value: FieldAnswer | null }
  /** Store this upload (the caller holds its bytes) as the field's file; with `file: null`, remove the stored one. */
  | { customFieldId: number; key: string; type: 'file'; value: null; file: UploadedFileInfo | null };

export type FieldValuesOptions = {
  /**
   * Check only the fields submitted (an edit that leaves the others as they are); otherwise a
   * required field missing from `submitted` is an error.
   */
  partial?: boolean;
  /** Fields that already have a stored file, which satisfies `required` without a new upload. */
  storedFiles?: ReadonlySet<number>;
  /**
   * How long one answer's pattern may run, in whole milliseconds (`PATTERN_TIME_LIMIT_MS` unless
   * given); past it the answer is refused as one that could not be checked.
   */
  patternTimeLimitMs?: number;
};

/**
 * Checks a badge's answers against the definitions that apply to its category (its own fields and
 * the event-wide ones, as `findFieldsForCategory` returns them) and normalises them.
 *
 * - An id that is not among `definitions` (another category's or event's field) is an error.
 * - Answers to inactive fields are dropped without error: a form loaded before the field was
 *   switched off may still send it. Inactive fields are never required.
 * - An empty answer (missing, null, blank text, empty list) is `value: null` (clears the answer)
 *   unless the field is required. A required checkbox must be ticked.
 * - A file field is answered through `files` only; `submitted` may not carry a value for it but
 *   an empty one, which removes the stored file.
 *
 * Errors name the field as `customFieldValues.<key>` so the form shows them beside the input.
 */
export function validateFieldValues(
  definitions: readonly FieldDefinition[],
  submitted: readonly SubmittedValue[],
  files: ReadonlyMap<number, UploadedFileInfo> = new Map(),
  options: FieldValuesOptions = {},
): { values: NormalizedFieldValue[]; errors: FieldError[] } {
  const timeLimitMs = options.patternTimeLimitMs ?? PATTERN_TIME_LIMIT_MS;
  // Checked here: the VM would refuse it too, and matchesPattern would take that for a slow pattern.
  if (!Number.isInteger(timeLimitMs) || timeLimitMs <= 0) {
    throw new RangeError(`The pattern time limit must be a positive whole number of milliseconds, not ${timeLimitMs}`);
  }
  const byId = new Map(definitions.map((definition) => [definition.id, definition]));
  const errors: FieldError[] = [];
  const values: NormalizedFieldValue[] = [];
  const answered = new Map<number, unknown>();

  for (const entry of submitted) {
    const definition = byId.get(entry.customFieldId);
    if (!definition) {
      errors.push({ field: 'customFieldValues', message: `Unknown custom field ${entry.customFieldId}` });
    } else if (answered.has(entry.customFieldId)) {
      errors.push({ field: fieldPath(definition), message: 'Answered twice' });
    } else {
      answered.set(entry.customFieldId, entry.value);
    }
  }
  for (const id of files.keys()) {
    const definition = byId.get(id);
    if (!definition) errors.push({ field: 'customFieldValues', message: `Unknown custom field ${id}` });
    else if (definition.type !== 'file') errors.push({ field: fieldPath(definition), message: 'This field does not take a file' });
  }

  for (const definition of definitions) {
    if (!definition.isActive) continue;
    const field = fieldPath(definition);
    if (definition.type === 'file') {
      if (answered.has(definition.id) && !isEmpty(answered.get(definition.id))) {
        errors.push({ field, message: 'Upload the file itself' });
        continue;
      }
      const file = files.get(definition.id);
      if (file) {
        const problem = fileProblem(definition.validation, file);
        if (problem) errors.push({ field, message: problem });
        else values.push({ customFieldId: definition.id, key: definition.key, type: 'file', value: null, file });
      } else if (answered.has(definition.id)) {
        // An empty answer without a file removes the stored file, where the field may be empty.
        if (definition.required) errors.push({ field, message: 'Required' });
        else values.push({ customFieldId: definition.id, key: definition.key, type: 'file', value: null, file: null });
      } else if (definition.required && !options.storedFiles?.has(definition.id) && !options.partial) {
        errors.push({ field, message: 'Required' });
      }
      continue;
    }
    if (!answered.has(definition.id) && options.partial) continue;
    const raw = answered.get(definition.id);
    if (isEmpty(raw)) {
      if (definition.required) errors.push({ field, message: 'Required' });
      else if (answered.has(definition.id)) values.push({ customFieldId: definition.id, key: definition.key, type: definition.type, value: null });
      continue;
    }
    const result = normalizeAnswer(definition, raw, timeLimitMs);
    if ('error' in result) errors.push({ field, message: result.error });
    else if (definition.type === 'checkbox' && definition.required && result.value !== true) errors.push({ field, message: 'Required' });
    else values.push({ customFieldId: definition.id, key: definition.key, type: definition.type, value: result.value });
  }
  return { values, errors };
}

function fieldPath(definition: FieldDefinition): string {
  return `customFieldValues.${definition.key}`;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

type Outcome = { value: FieldAnswer } | { error: string };

const emailFormat = z.email();
const PHONE_CHARACTERS = /^\+?[0-9 ()./-]+$/;
// E.164 allows 15 digits; a few more leave room for extensions written inline.
const PHONE_DIGITS = { min: 5, max: 20 };
const NUMBER_TEXT = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
const TRUE_WORDS = new Set(['true', '1', 'on', 'yes']);
const FALSE_WORDS = new Set(['false', '0', 'off', 'no']);

function normalizeAnswer(definition: FieldDefinition, raw: unknown, patternTimeLimitMs: number): Outcome {
  const v = definition.validation;
  switch (definition.type) {
    case 'text':
    case 'textarea': {
      if (typeof raw !== 'string') return { error: 'Enter text' };
      const text = raw.trim();
      const max = Math.min(v.max ?? Infinity, TEXT_MAX_LENGTH[definition.type]);
      if (v.min !== undefined && text.length < v.min) return { error: `At least ${v.min} characters` };
      if (text.length > max) return { error: `At most ${max} characters` };
      return matchesPattern(v.pattern, text, patternTimeLimitMs);
    }
    case 'number': {
      const number = typeof raw === 'number' ? raw : typeof raw === 'string' && NUMBER_TEXT.test(raw.trim()) ? Number(raw.trim()) : NaN;
      if (!Number.isFinite(number)) return { error: 'Enter a number' };
      if (v.min !== undefined && number < v.min) return { error: `At least ${v.min}` };
      if (v.max !== undefined && number > v.max) return { error: `At most ${v.max}` };
      return { value: number };
    }
    case 'email': {
      if (typeof raw !== 'string') return { error: 'Enter an email address' };
      const email = raw.trim().toLowerCase();
      if (email.length > 254 || !emailFormat.safeParse(email).success) return { error: 'Enter a valid email address' };
      return matchesPattern(v.pattern, email, patternTimeLimitMs);
    }
    case 'phone': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return { error: 'Enter a phone number' };
      const phone = String(raw).trim().replace(/\s+/g, ' ');
      const digits = phone.replace(/\D/g, '').length;
      if (phone.length > 40 || !PHONE_CHARACTERS.test(phone) || phone.indexOf('+') > 0 || digits < PHONE_DIGITS.min || digits > PHONE_DIGITS.max) {
        return { error: 'Enter a phone number, such as +44 20 7946 0000' };
      }
      return matchesPattern(v.pattern, phone, patternTimeLimitMs);
    }
    case 'date': {
      if (typeof raw !== 'string' || !isCalendarDate(raw.trim())) return { error: 'Enter a date as YYYY-MM-DD' };
      const date = raw.trim();
      if (v.minDate && date < v.minDate) return { error: `On or after ${v.minDate}` };
      if (v.maxDate && date > v.maxDate) return { error: `On or before ${v.maxDate}` };
      return { value: date };
    }
    case 'select':
    case 'radio': {
      if (typeof raw !== 'string' || !definition.options.some((option) => option.value === raw)) return { error: 'Choose one of the options' };
      return { value: raw };
    }
    case 'multiselect': {
      const chosen = typeof raw === 'string' ? [raw] : raw;
      if (!Array.isArray(chosen) || !chosen.every((item): item is string => typeof item === 'string')) return { error: 'Choose among the options' };
      const allowed = new Set(definition.options.map((option) => option.value));
      if (chosen.some((item) => !allowed.has(item))) return { error: 'Choose among the options' };
      if (new Set(chosen).size !== chosen.length) return { error: 'Each option once' };
      if (v.min !== undefined && chosen.length < v.min) return { error: `Choose at least ${v.min}` };
      if (v.max !== undefined && chosen.length > v.max) return { error: `Choose at most ${v.max}` };
      // Kept in the options' order, so that equal answers are stored alike.
      return { value: definition.options.map((option) => option.value).filter((value) => chosen.includes(value)) };
    }
    case 'checkbox': {
      if (typeof raw === 'boolean') return { value: raw };
      const word = typeof raw === 'string' ? raw.trim().toLowerCase() : typeof raw === 'number' ? String(raw) : '';
      if (TRUE_WORDS.has(word)) return { value: true };
      if (FALSE_WORDS.has(word)) return { value: false };
      return { error: 'Tick or untick the box' };
    }
    case 'country': {
      const code = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
      if (!isCountryCode(code)) return { error: 'Choose a country (two-letter ISO code)' };
      return { value: code };
    }
    case 'file':
      return { error: 'Upload the file itself' };
  }
}

/** Answers come from anyone registering; a pattern that backtracks badly gets this much time. */
const PATTERN_TIME_LIMIT_MS = 50;
const patternContext = vm.createContext({ pattern: /$/u, answer: '', matched: false });
const patternTest = new vm.Script('matched = pattern.test(answer)');

/** Whole-answer match, as the HTML `pattern` attribute; run under a time limit. */
function matchesPattern(pattern: string | undefined, answer: string, timeLimitMs: number): Outcome {
  if (pattern === undefined) return { value: answer };
  let compiled: RegExp;
  try {
    compiled = new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    return { error: 'This field’s pattern is not valid; ask the organiser' };
  }
  Object.assign(patternContext, { pattern: compiled, answer, matched: false });
  try {
    patternTest.runInContext(patternContext, { timeout: timeLimitMs });
  } catch {
    return { error: 'This answer could not be checked; shorten it' };
  }
  return patternContext.matched === true ? { value: answer } : { error: 'Not in the expected format' };
}

function fileProblem(validation: CustomFieldValidation, file: UploadedFileInfo): string | null {
  const allowed: readonly string[] = validation.allowedMimeTypes ?? Object.keys(UPLOAD_CONTENT_TYPES);
  if (!allowed.includes(file.contentType)) {
    const names = allowed.map((type) => UPLOAD_CONTENT_TYPES[type as keyof typeof UPLOAD_CONTENT_TYPES] ?? type);
    return `This type of file is not accepted; use ${names.join(', ')}`;
  }
  const limit = Math.min(validation.maxFileSizeBytes ?? MAX_FILE_SIZE_BYTES, MAX_FILE_SIZE_BYTES);
  if (file.sizeBytes > limit) return `At most ${formatBytes(limit)}`;
  if (file.sizeBytes === 0) return 'The file is empty';
  return null;
}

