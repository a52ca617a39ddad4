import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
export const idParamsSchema = z.object({ id: idSchema });

/** Query of every list endpoint (DESIGN §5): 1-based page, per_page up to 100, free-text search. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
  sort: z.string().trim().max(60).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const listMetaSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
  /** Present and true when `total` is the database's estimate (very large results only). */
  estimated: z.boolean().optional(),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: listMetaSchema });
}

export function itemResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: item });
}

export function buildListMeta(page: number, perPage: number, total: number, estimated = false): ListMeta {
  return { page, per_page: perPage, total, total_pages: Math.ceil(total / perPage), ...(estimated ? { estimated } : {}) };
}

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The one error body of the API (DESIGN §5). */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  details: z.array(fieldErrorSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const isoDateTime = z.string().describe('ISO 8601 date-time');

/**
 * Options for a rule across fields (`refine`/`superRefine` on an object): it runs whenever the
 * fields it reads have parsed, even when another field failed — zod would skip it otherwise, and
 * a form would show that rule's error only on a second submit.
 */
export function whenParsed(...fields: string[]) {
  return {
    when: (payload: z.core.ParsePayload) =>
      !payload.issues.some((issue) => issue.path !== undefined && fields.includes(String(issue.path[0]))),
  };
}

/** The largest sort order of a listed item (categories, custom fields). */
export const MAX_SORT_ORDER = 100_000;

/** The message of every bounded whole-number field: it states the bounds, e.g. "A whole number from 0 to 1,000,000". */
export function wholeNumberMessage(min: number, max: number): string {
  return `A whole number from ${min.toLocaleString('en')} to ${max.toLocaleString('en')}`;
}

/** A whole number within bounds, every failure (type, fraction, range) stating the bounds. */
export function boundedInt(min: number, max: number) {
  const message = wholeNumberMessage(min, max);
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

/** The same as typed in a form (a string): whole-number text within bounds, stating them when not. */
export function boundedIntText(min: number, max: number) {
  const message = wholeNumberMessage(min, max);
  return z
    .string()
    .trim()
    .refine((text) => /^-?\d+$/.test(text) && Number(text) >= min && Number(text) <= max, message);
}

/** A trimmed, non-empty line of text. */
export function textLine(max: number) {
  return z.string().trim().min(1, 'Required').max(max, `At most ${max} characters`);
}

export function optionalTextLine(max: number) {
  return z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .transform((value) => (value === '' ? null : value))
    .nullish();
}

export const emailSchema = z
  .string()
  .trim()
  .max(254, 'At most 254 characters')
  .pipe(z.email('Enter a valid email address'))
  .transform((email) => email.toLowerCase());

export const websiteSchema = z
  .string()
  .trim()
  .max(300, 'At most 300 characters')
  .refine((value) => value === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(value), {
    message: 'Enter a web address starting with http:// or https://',
  })
  .transform((value) => (value === '' ? null : value))
  .nullish();
