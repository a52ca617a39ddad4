import { z } from 'zod';
import { boundedInt, idSchema, isoDateTime, listQueryWithSort, MAX_SORT_ORDER, textLine, whenParsed, isCalendarDate, isoDateInput } from './common';

export const CUSTOM_FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'email',
  'phone',
  'date',
  'select',
  'multiselect',
  'checkbox',
  'radio',
  'country',
  'file',
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const CUSTOM_FIELD_TYPE_LABELS: Readonly<Record<CustomFieldType, string>> = {
  text: 'Text',
  textarea: 'Long text',
  number: 'Number',
  email: 'Email',
  phone: 'Phone',
  date: 'Date',
  select: 'Drop-down',
  multiselect: 'Multiple choice',
  checkbox: 'Checkbox',
  radio: 'Single choice',
  country: 'Country / nationality',
  file: 'File',
};

/**
 * What a field is asked of: `badge`, the organiser's questions on the badge forms; `lead`, an
 * exhibitor's own qualifier questions about the visitors it scans (docs/leads.md), which belong to
 * that exhibitor alone and never appear on a badge form, an import or an export.
 */
export const CUSTOM_FIELD_ENTITY_TYPES = ['badge', 'lead'] as const;
export type CustomFieldEntityType = (typeof CUSTOM_FIELD_ENTITY_TYPES)[number];

/** The types a lead question may have: answered at the booth, so never a file and nothing a form of the visitor's would ask. */
export const LEAD_QUESTION_TYPES = ['text', 'textarea', 'radio', 'select', 'multiselect', 'checkbox'] as const satisfies readonly CustomFieldType[];
export type LeadQuestionType = (typeof LEAD_QUESTION_TYPES)[number];

/** Types answered by picking among the field's options. */
export const OPTION_FIELD_TYPES: readonly CustomFieldType[] = ['select', 'multiselect', 'radio'];
/** Types whose answer is free text and may be constrained by a pattern. */
export const PATTERN_FIELD_TYPES: readonly CustomFieldType[] = ['text', 'textarea', 'email', 'phone'];
/** Types where `min`/`max` apply: text length, number value, number of choices. */
export const RANGE_FIELD_TYPES: readonly CustomFieldType[] = ['text', 'textarea', 'number', 'multiselect'];

/** Longest text answer when the field sets no maximum; also bounds the work of a pattern. */
export const TEXT_MAX_LENGTH: Readonly<Record<'text' | 'textarea', number>> = { text: 1000, textarea: 10_000 };
export const MAX_FILE_SIZE_BYTES = 10 * 1024 * 1024;

/** A file size as every screen and message of the portal writes it: MB and KB, counted in 1024s. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
/** Kept short so that a pattern stays readable and cheap to check. */
export const MAX_PATTERN_LENGTH = 200;
export const MAX_OPTIONS = 200;
export const MAX_FIELDS_PER_IMPORT = 500;

/** Content types the server recognises from a file's bytes; a file field accepts a subset. */
export const UPLOAD_CONTENT_TYPES = {
  'application/pdf': 'PDF',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/webp': 'WebP image',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook (.xlsx)',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document (.docx)',
  'text/plain': 'Plain text',
  'text/csv': 'CSV',
} as const;
export type UploadContentType = keyof typeof UPLOAD_CONTENT_TYPES;
export const UPLOAD_CONTENT_TYPE_LIST = Object.keys(UPLOAD_CONTENT_TYPES) as UploadContentType[];

/**
 * ISO 3166-1 alpha-2 codes, plus XK (Kosovo), which the standard leaves user-assigned but passports
 * and the EU use. Names come from `Intl.DisplayNames` in the reader's language.
 */
export const COUNTRY_CODES: readonly string[] = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV
BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES
ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE
IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY
MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU
NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM
SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE
VG VI VN VU WF WS XK YE YT ZA ZM ZW`
  .trim()
  .split(/\s+/);

const countryCodes = new Set(COUNTRY_CODES);
export function isCountryCode(code: string): boolean {
  return countryCodes.has(code);
}

export const FIELD_KEY_PATTERN = /^[a-z][a-z0-9_]{0,62}$/;

/** A field key from its label: "Company VAT number" → "company_vat_number". */
export function fieldKeyFromLabel(label: string): string {
  const key = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60)
    .replace(/_+$/g, '');
  if (!key) return 'field';
  return /^[a-z]/.test(key) ? key : `field_${key}`.slice(0, 63);
}

/** Kept here too: custom-field rules on both sides read dates through this module. */
export { isCalendarDate };

export const customFieldOptionSchema = z.object({
  value: z.string().trim().min(1, 'Required').max(200, 'At most 200 characters'),
  label: textLine(200),
});
export type CustomFieldOption = z.infer<typeof customFieldOptionSchema>;

export const customFieldValidationSchema = z
  .object({
    /** Text length, number value or number of choices, by type. */
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
    minDate: isoDateInput.optional(),
    maxDate: isoDateInput.optional(),
    /** Must match the whole answer, as the HTML `pattern` attribute does. */
    pattern: z.string().min(1).optional(),
    maxFileSizeBytes: z.number().int().min(1).max(MAX_FILE_SIZE_BYTES, 'At most 10 MB').optional(),
    allowedMimeTypes: z.array(z.enum(UPLOAD_CONTENT_TYPE_LIST)).min(1).max(UPLOAD_CONTENT_TYPE_LIST.length).optional(),
  })
  .strict();
export type CustomFieldValidation = z.infer<typeof customFieldValidationSchema>;

/**
 * Why a pattern is refused, or null. Patterns run against answers of anyone registering, so
 * beyond compiling they must not backtrack catastrophically: a quantified group may not contain
 * another quantifier (star height one), and back-references are refused.
 */
export function patternProblem(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN_LENGTH) return `At most ${MAX_PATTERN_LENGTH} characters`;
  try {
    new RegExp(pattern, 'u');
  } catch {
    return 'Not a valid regular expression';
  }
  if (/\\[1-9]|\\k</.test(pattern)) return 'Back-references are not allowed';
  if (hasNestedQuantifier(pattern)) return 'Nested repetition such as (a+)+ is not allowed';
  return null;
}

function hasNestedQuantifier(pattern: string): boolean {
  // For each open group: whether something inside it repeats.
  const groups: boolean[] = [];
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') groups.push(false);
    else if (c === ')') {
      const innerRepeats = groups.pop() ?? false;
      const next = pattern[i + 1];
      const quantified = next === '*' || next === '+' || next === '?' || next === '{';
      if (quantified && innerRepeats && next !== '?') return true;
      if (groups.length && (innerRepeats || quantified)) groups[groups.length - 1] = true;
    } else if ((c === '*' || c === '+' || c === '{') && groups.length) {
      groups[groups.length - 1] = true;
    }
  }
  return false;
}

type DefinitionShape = {
  type: CustomFieldType;
  options: CustomFieldOption[];
  validation: CustomFieldValidation;
};

/**
 * The rules tying a definition's parts together, as field errors. Used by the create schema and,
 * on an update, by the server on the merged record; the web form can run it too.
 */
export function definitionIssues({ type, options, validation }: DefinitionShape): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  const v = validation;
  if (OPTION_FIELD_TYPES.includes(type)) {
    if (options.length === 0) issues.push({ path: 'options', message: 'Add at least one option' });
    const seen = new Set<string>();
    options.forEach((option, index) => {
      if (seen.has(option.value)) issues.push({ path: `options.${index}.value`, message: 'Each option needs its own value' });
      seen.add(option.value);
    });
  } else if (options.length > 0) {
    issues.push({ path: 'options', message: 'Only drop-down, multiple and single choice fields have options' });
  }
  if ((v.min !== undefined || v.max !== undefined) && !RANGE_FIELD_TYPES.includes(type)) {
    issues.push({ path: 'validation.min', message: 'A minimum and maximum apply to text, number and multiple choice fields' });
  }
  if (type !== 'number') {
    for (const bound of ['min', 'max'] as const) {
      const value = v[bound];
      if (value !== undefined && (!Number.isInteger(value) || value < 0)) {
        issues.push({ path: `validation.${bound}`, message: 'Use a whole number of zero or more' });
      }
    }
  }
  if (v.min !== undefined && v.max !== undefined && v.min > v.max) {
    issues.push({ path: 'validation.max', message: 'The maximum cannot be below the minimum' });
  }
  if ((v.minDate !== undefined || v.maxDate !== undefined) && type !== 'date') {
    issues.push({ path: 'validation.minDate', message: 'Date limits apply to date fields' });
  }
  if (v.minDate && v.maxDate && v.minDate > v.maxDate) {
    issues.push({ path: 'validation.maxDate', message: 'The latest date cannot be before the earliest' });
  }
  if (v.pattern !== undefined) {
    if (!PATTERN_FIELD_TYPES.includes(type)) {
      issues.push({ path: 'validation.pattern', message: 'A pattern applies to text, email and phone fields' });
    } else {
      const problem = patternProblem(v.pattern);
      if (problem) issues.push({ path: 'validation.pattern', message: problem });
    }
  }
  if ((v.maxFileSizeBytes !== undefined || v.allowedMimeTypes !== undefined) && type !== 'file') {
    issues.push({ path: 'validation.maxFileSizeBytes', message: 'File limits apply to file fields' });
  }
  return issues;
}

export const customFieldSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  badgeCategoryId: z.number().int().nullable(),
  badgeCategoryName: z.string().nullable(),
  entityType: z.enum(CUSTOM_FIELD_ENTITY_TYPES),
  /** The exhibitor a lead question belongs to; null for the organiser's badge fields. */
  exhibitorId: z.number().int().nullable(),
  label: z.string(),
  key: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  options: z.array(customFieldOptionSchema),
  required: z.boolean(),
  isActive: z.boolean(),
  /** Never released to an exhibitor who scans the badge, whatever the event's release list says. */
  isPrivate: z.boolean(),
  sortOrder: z.number().int(),
  helpText: z.string().nullable(),
  validation: customFieldValidationSchema,
  /**
   * Badges that answered it (a lead question: leads that answered it): changing its type or
   * deleting it is refused while answers exist.
   */
  answerCount: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type CustomField = z.infer<typeof customFieldSchema>;

/** What a registration form needs, and nothing about the event's internals. */
export const publicCustomFieldSchema = customFieldSchema.pick({
  id: true,
  label: true,
  key: true,
  type: true,
  options: true,
  required: true,
  helpText: true,
  validation: true,
  sortOrder: true,
});
export type PublicCustomField = z.infer<typeof publicCustomFieldSchema>;

export const CUSTOM_FIELD_SORTS = ['sortOrder', 'label', 'key', 'type', 'createdAt'] as const;

export const listCustomFieldsQuerySchema = listQueryWithSort(CUSTOM_FIELD_SORTS).extend({
  eventId: idSchema.optional(),
  badgeCategoryId: idSchema.optional(),
  entityType: z.enum(CUSTOM_FIELD_ENTITY_TYPES).optional(),
});
export type ListCustomFieldsQuery = z.infer<typeof listCustomFieldsQuerySchema>;

export const categoryFieldsQuerySchema = z.object({ entityType: z.enum(CUSTOM_FIELD_ENTITY_TYPES).optional() });

export const publicCategoryFieldsQuerySchema = z.object({
  entityType: z.enum(CUSTOM_FIELD_ENTITY_TYPES).default('badge'),
  isActive: z
    .enum(['true', 'false'])
    .default('true')
    .refine((value) => value === 'true', { message: 'Inactive fields are listed for administrators only' }),
});

const fieldKey = z
  .string()
  .trim()
  .regex(FIELD_KEY_PATTERN, 'Use lower-case letters, digits and underscores, starting with a letter (at most 63)');

const definitionFields = {
  badgeCategoryId: idSchema.nullable().default(null),
  entityType: z.enum(CUSTOM_FIELD_ENTITY_TYPES).default('badge'),
  label: textLine(200),
  key: fieldKey.optional(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  options: z.array(customFieldOptionSchema).max(MAX_OPTIONS, `At most ${MAX_OPTIONS} options`).default([]),
  required: z.boolean().default(false),
  isActive: z.boolean().default(true),
  isPrivate: z.boolean().default(false),
  sortOrder: boundedInt(0, MAX_SORT_ORDER).default(0),
  helpText: z
    .string()
    .trim()
    .max(1000, 'At most 1000 characters')
    .transform((value) => (value === '' ? null : value))
    .nullish()
    .transform((value) => value ?? null),
  validation: customFieldValidationSchema.default({}),
};

function addDefinitionIssues(body: DefinitionShape, ctx: z.RefinementCtx) {
  // An update may leave options or validation out: nothing to check them against then.
  if (!Array.isArray(body.options) || typeof body.validation !== 'object' || body.validation === null) return;
  for (const issue of definitionIssues(body)) {
    ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) });
  }
}

export const createCustomFieldBodySchema = z.object({ eventId: idSchema, ...definitionFields }).superRefine(addDefinitionIssues, whenParsed('type', 'options', 'validation'));
export type CreateCustomFieldBody = z.input<typeof createCustomFieldBodySchema>;

/** Every part is optional; the rules between them are checked on the merged field by the server. */
export const updateCustomFieldBodySchema = z
  .object({
    badgeCategoryId: idSchema.nullable(),
    label: definitionFields.label,
    key: fieldKey,
    type: definitionFields.type,
    options: z.array(customFieldOptionSchema).max(MAX_OPTIONS, `At most ${MAX_OPTIONS} options`),
    required: z.boolean(),
    isActive: z.boolean(),
    isPrivate: z.boolean(),
    sortOrder: boundedInt(0, MAX_SORT_ORDER),
    helpText: definitionFields.helpText,
    validation: customFieldValidationSchema,
  })
  .partial();
export type UpdateCustomFieldBody = z.input<typeof updateCustomFieldBodySchema>;

export const reorderCustomFieldsBodySchema = z.object({
  eventId: idSchema,
  badgeCategoryId: idSchema.nullable().default(null),
  /** `lead`: the caller's own lead questions, which are one group. */
  entityType: z.enum(CUSTOM_FIELD_ENTITY_TYPES).default('badge'),
  ids: z
    .array(idSchema)
    .min(1, 'Give at least one field')
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Each field once' }),
});
export type ReorderCustomFieldsBody = z.input<typeof reorderCustomFieldsBodySchema>;

export const exportQuerySchema = z.object({ eventId: idSchema.optional() });

// ---- Export and import document (docs/custom-fields.md) ----

export const EXPORT_FORMAT = 'exhibitor-portal.custom-fields';
/** Raised when the document changes shape; older versions stay readable, newer ones are refused. */
export const EXPORT_VERSION = 1;

const exportedFieldSchema = z
  .object({
    categoryRef: z.string().min(1).max(100).nullable(),
    // An exhibitor's lead questions are its own: never carried from one event to another.
    entityType: z.enum(['badge'], { error: 'Only badge fields are exported and imported' }),
    label: textLine(200),
    key: fieldKey,
    type: z.enum(CUSTOM_FIELD_TYPES),
    options: z.array(customFieldOptionSchema).max(MAX_OPTIONS),
    required: z.boolean(),
    isActive: z.boolean(),
    /** Absent from files of earlier versions, which had no private fields. */
    isPrivate: z.boolean().default(false),
    sortOrder: boundedInt(0, MAX_SORT_ORDER),
    helpText: z.string().max(1000).nullable(),
    validation: customFieldValidationSchema,
  })
  .superRefine(addDefinitionIssues, whenParsed('type', 'options', 'validation'));

export const customFieldsDocumentSchema = z
  .object({
    format: z.literal(EXPORT_FORMAT),
    version: z.literal(EXPORT_VERSION),
    exportedAt: isoDateTime,
    event: z.object({ name: z.string().max(200) }),
    categories: z
      .array(z.object({ ref: z.string().min(1).max(100), name: z.string().max(200), badgeType: z.string().max(40) }))
      .max(1000),
    fields: z.array(exportedFieldSchema).max(MAX_FIELDS_PER_IMPORT, `At most ${MAX_FIELDS_PER_IMPORT} fields per file`),
  })
  .superRefine((doc, ctx) => {
    const refs = new Set<string>();
    doc.categories.forEach((category, index) => {
      if (refs.has(category.ref)) ctx.addIssue({ code: 'custom', message: 'Each category once', path: ['categories', index, 'ref'] });
      refs.add(category.ref);
    });
    const keys = new Set<string>();
    doc.fields.forEach((field, index) => {
      if (field.categoryRef !== null && !refs.has(field.categoryRef)) {
        ctx.addIssue({ code: 'custom', message: 'No such category in this file', path: ['fields', index, 'categoryRef'] });
      }
      const scopeKey = `${field.categoryRef ?? ''}\u0000${field.entityType}\u0000${field.key}`;
      if (keys.has(scopeKey)) ctx.addIssue({ code: 'custom', message: 'This key appears twice', path: ['fields', index, 'key'] });
      keys.add(scopeKey);
    });
  });
export type CustomFieldsDocument = z.infer<typeof customFieldsDocumentSchema>;
export type ExportedCustomField = CustomFieldsDocument['fields'][number];

export const importBodySchema = z.object({
  eventId: idSchema,
  /** Checked by the server, so that a foreign or newer file gets a message saying so. */
  document: z.unknown(),
  /** Category reference of the file → category of the target event, or null to leave its fields out. */
  categoryMapping: z.record(z.string().max(100), idSchema.nullable()).default({}),
  onConflict: z.enum(['skip', 'replace']).default('skip'),
});
export type ImportBody = z.input<typeof importBodySchema>;

export const IMPORT_ACTIONS = ['create', 'update', 'skip'] as const;

export const importReportSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  fields: z.array(
    z.object({
      index: z.number().int(),
      key: z.string(),
      label: z.string(),
      categoryRef: z.string().nullable(),
      badgeCategoryId: z.number().int().nullable(),
      action: z.enum(IMPORT_ACTIONS),
      /** Why a field is skipped or replaces another. */
      reason: z.string().nullable(),
      /** The field created or replaced; null in a preview and for skipped fields. */
      customFieldId: z.number().int().nullable(),
    }),
  ),
});
export type ImportReport = z.infer<typeof importReportSchema>;
