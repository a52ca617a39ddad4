import {
  COUNTRY_CODES,
  formatBytes,
  isCalendarDate,
  MAX_FILE_SIZE_BYTES,
  TEXT_MAX_LENGTH,
  UPLOAD_CONTENT_TYPES,
  type PublicCustomField,
} from '@portal/shared/custom-fields';

const countryNames = new Intl.DisplayNames(undefined, { type: 'region' });

/** A country's name in the reader's language, from its ISO code. */
export function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** A stored answer as the badge list and the badge view show it. */
export type StoredAnswer = { value: unknown; file: { name: string } | null };

/**
 * A stored answer as text: a file by its name, a checkbox as Yes / No, choices by their labels,
 * a country by its name. Without the field's definition (a field since deleted) the raw value shows.
 */
export function answerText(
  answer: StoredAnswer | undefined,
  field: Pick<PublicCustomField, 'type' | 'options'> | undefined,
): string {
  if (answer?.file) return answer.file.name;
  const value = answer?.value;
  if (value === null || value === undefined || value === '') return '—';
  if (value === true || value === false) return value ? 'Yes' : 'No';
  const labelOf = (item: unknown) => {
    if (field?.type === 'country' && typeof item === 'string') return countryName(item);
    return field?.options.find((option) => option.value === item)?.label ?? String(item);
  };
  if (Array.isArray(value)) return value.map(labelOf).join(', ') || '—';
  return labelOf(value);
}

/** What a form holds for one custom field before it is sent. */
export type CustomFieldAnswer = string | string[] | boolean | File | null;

/** The empty answer of a field in a form, by type. */
export function emptyAnswer(field: Pick<PublicCustomField, 'type'>): CustomFieldAnswer {
  if (field.type === 'multiselect') return [];
  if (field.type === 'checkbox') return false;
  if (field.type === 'file') return null;
  return '';
}

/** A stored answer (from the badge view) as the form holds it. */
export function answerFromValue(field: Pick<PublicCustomField, 'type'>, value: unknown): CustomFieldAnswer {
  if (value === null || value === undefined) return emptyAnswer(field);
  if (field.type === 'multiselect') return Array.isArray(value) ? value.map(String) : [String(value)];
  if (field.type === 'checkbox') return value === true;
  if (field.type === 'file') return null;
  return String(value);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_CHARACTERS = /^\+?[0-9 ()./-]+$/;
const NUMBER_TEXT = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

function isEmpty(answer: CustomFieldAnswer | undefined): boolean {
  return (
    answer === undefined ||
    answer === null ||
    answer === false ||
    (typeof answer === 'string' && answer.trim() === '') ||
    (Array.isArray(answer) && answer.length === 0)
  );
}


function patternProblem(pattern: string | undefined, answer: string): string | null {
  if (!pattern) return null;
  try {
    return new RegExp(`^(?:${pattern})$`, 'u').test(answer) ? null : 'Not in the expected format';
  } catch {
    return null;
  }
}

/**
 * Why an answer would be refused, in the server's words, or null. The server checks again (a file's
 * type by its bytes too); this spares the registrant a round trip for the common mistakes.
 * `hasStoredFile` lets a required file field stay empty on an edit that keeps the file.
 */
export function answerProblem(
  field: Pick<PublicCustomField, 'type' | 'required' | 'options' | 'validation'>,
  answer: CustomFieldAnswer | undefined,
  hasStoredFile = false,
): string | null {
  const v = field.validation;
  if (isEmpty(answer)) return field.required && !(field.type === 'file' && hasStoredFile) ? 'Required' : null;
  switch (field.type) {
    case 'text':
    case 'textarea': {
      const text = String(answer).trim();
      const max = Math.min(v.max ?? Infinity, TEXT_MAX_LENGTH[field.type]);
      if (v.min !== undefined && text.length < v.min) return `At least ${v.min} characters`;
      if (text.length > max) return `At most ${max} characters`;
      return patternProblem(v.pattern, text);
    }
    case 'number': {
      const text = String(answer).trim();
      if (!NUMBER_TEXT.test(text)) return 'Enter a number';
      const number = Number(text);
      if (v.min !== undefined && number < v.min) return `At least ${v.min}`;
      if (v.max !== undefined && number > v.max) return `At most ${v.max}`;
      return null;
    }
    case 'email': {
      const email = String(answer).trim().toLowerCase();
      if (email.length > 254 || !EMAIL.test(email)) return 'Enter a valid email address';
      return patternProblem(v.pattern, email);
    }
    case 'phone': {
      const phone = String(answer).trim().replace(/\s+/g, ' ');
      const digits = phone.replace(/\D/g, '').length;
      if (phone.length > 40 || !PHONE_CHARACTERS.test(phone) || phone.indexOf('+') > 0 || digits < 5 || digits > 20) {
        return 'Enter a phone number, such as +44 20 7946 0000';
      }
      return patternProblem(v.pattern, phone);
    }
    case 'date': {
      const date = String(answer).trim();
      if (!isCalendarDate(date)) return 'Enter a date as YYYY-MM-DD';
      if (v.minDate && date < v.minDate) return `On or after ${v.minDate}`;
      if (v.maxDate && date > v.maxDate) return `On or before ${v.maxDate}`;
      return null;
    }
    case 'select':
    case 'radio':
      return field.options.some((option) => option.value === answer) ? null : 'Choose one of the options';
    case 'multiselect': {
      const chosen = answer as string[];
      if (v.min !== undefined && chosen.length < v.min) return `Choose at least ${v.min}`;
      if (v.max !== undefined && chosen.length > v.max) return `Choose at most ${v.max}`;
      return null;
    }
    case 'country':
      return COUNTRY_CODES.includes(String(answer)) ? null : 'Choose a country (two-letter ISO code)';
    case 'checkbox':
      return null;
    case 'file': {
      const file = answer as File;
      const allowed: readonly string[] = v.allowedMimeTypes ?? Object.keys(UPLOAD_CONTENT_TYPES);
      // The browser's type comes from the file name; an unknown one is left to the server, which reads the bytes.
      if (file.type && !allowed.includes(file.type)) {
        const names = allowed.map((type) => UPLOAD_CONTENT_TYPES[type as keyof typeof UPLOAD_CONTENT_TYPES] ?? type);
        return `This type of file is not accepted; use ${names.join(', ')}`;
      }
      const limit = Math.min(v.maxFileSizeBytes ?? MAX_FILE_SIZE_BYTES, MAX_FILE_SIZE_BYTES);
      if (file.size > limit) return `At most ${formatBytes(limit)}`;
      if (file.size === 0) return 'The file is empty';
      return null;
    }
  }
}

/** The answer as the API takes it, or undefined for a file (sent as its own part). */
export function answerForApi(field: Pick<PublicCustomField, 'type'>, answer: CustomFieldAnswer | undefined): unknown {
  if (field.type === 'file') return undefined;
  if (answer === undefined || (typeof answer === 'string' && answer.trim() === '')) return null;
  if (field.type === 'number') return Number(String(answer).trim());
  return answer;
}

/**
 * A form's answers as a badge request carries them: the values as JSON, each chosen file apart
 * (sent as its own `customField[{id}]` part). An empty file field sends nothing.
 */
export function answersForApi(
  fields: readonly Pick<PublicCustomField, 'id' | 'key' | 'type'>[],
  answers: Readonly<Record<string, CustomFieldAnswer | undefined>>,
): { customFieldValues: { customFieldId: number; value: unknown }[]; files: { customFieldId: number; file: File }[] } {
  const customFieldValues = [];
  const files = [];
  for (const field of fields) {
    const answer = answers[field.key];
    if (field.type !== 'file') customFieldValues.push({ customFieldId: field.id, value: answerForApi(field, answer) });
    else if (answer instanceof File) files.push({ customFieldId: field.id, file: answer });
  }
  return { customFieldValues, files };
}

/** A form schema's check of its answers: one issue per answer its field refuses, at `customFieldValues.{key}`. */
export function addAnswerIssues(
  fields: readonly Pick<PublicCustomField, 'key' | 'type' | 'required' | 'options' | 'validation'>[],
  answers: Readonly<Record<string, CustomFieldAnswer | undefined>>,
  ctx: { addIssue: (issue: { code: 'custom'; path: (string | number)[]; message: string }) => void },
  storedFiles: ReadonlySet<string> = new Set(),
) {
  for (const field of fields) {
    const problem = answerProblem(field, answers[field.key], storedFiles.has(field.key));
    if (problem) ctx.addIssue({ code: 'custom', path: ['customFieldValues', field.key], message: problem });
  }
}
