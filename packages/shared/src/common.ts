import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** The largest id of an `integer` column, and so of every id the API accepts. */
export const MAX_ID = 2_147_483_647;
const ID_MESSAGE = `Give an id: a whole number from 1 to ${MAX_ID}`;

/**
 * An integer that a path, query string or form also gives as digits reads, in the OpenAPI
 * document, as the integer it is rather than as the union that parses it.
 */
function documentedAsInteger<T extends z.ZodType>(schema: T, minimum: number, maximum: number): T {
  schema._zod.toJSONSchema = () => ({ type: 'integer', minimum, maximum });
  return schema;
}

/**
 * A record id: a JSON integer, or in a path, query string or form field its canonical decimal
 * digits only, so that ` 12`, `012`, `0x0c` or `1.2e1` never address record 12.
 */
export const idSchema = documentedAsInteger(
  z.union(
    [
      z.number().int(ID_MESSAGE).min(1, ID_MESSAGE).max(MAX_ID, ID_MESSAGE),
      z
        .string()
        .regex(/^[1-9][0-9]{0,15}$/, ID_MESSAGE)
        .transform(Number)
        .pipe(z.number().max(MAX_ID, ID_MESSAGE)),
    ],
    { error: ID_MESSAGE },
  ),
  1,
  MAX_ID,
);
export const idParamsSchema = z.object({ id: idSchema });

/** A whole number of a query string (a page, a limit): decimal digits only, within bounds. */
export function queryInteger(min: number, max: number) {
  const message = `Give a whole number from ${min} to ${max}`;
  return documentedAsInteger(
    z.union(
      [
        z.number().int(message).min(min, message).max(max, message),
        z
          .string()
          .regex(/^(0|[1-9][0-9]{0,15})$/, message)
          .transform(Number)
          .pipe(z.number().min(min, message).max(max, message)),
      ],
      { error: message },
    ),
    min,
    max,
  );
}

/**
 * A yes/no option of a body that may come as JSON (a boolean) or as a multipart form field
 * (`true`/`false`).
 */
export const formBoolean = formBooleanField();

/**
 * `formBoolean` as a schema of its own, for a second yes/no option of the same body: one instance
 * used twice in a body loses its `'true'`/`'false'` branch in the OpenAPI document.
 */
export function formBooleanField() {
  return z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
    error: 'Give true or false',
  });
}

/**
 * `sort` of one list: one of its own keys, `-` first for descending. An enum, so that a name such
 * as `__proto__` is refused by validation and never reaches a lookup.
 */
export function sortSchema<const K extends readonly [string, ...string[]]>(keys: K) {
  const values = keys.flatMap((key) => [key, `-${key}`]) as Array<K[number] | `-${K[number]}`>;
  return z.enum(values, { error: `Sort by one of: ${values.join(', ')}` }).optional();
}

/** Query of every list endpoint (DESIGN §5): 1-based page, per_page up to 100, free-text search. */
export const listQuerySchema = z.object({
  page: queryInteger(1, 1_000_000).default(1),
  per_page: queryInteger(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
});

/** `listQuerySchema` with the sort keys of one list. */
export function listQueryWithSort<const K extends readonly [string, ...string[]]>(keys: K) {
  return listQuerySchema.extend({ sort: sortSchema(keys) });
}
export type ListQuery = z.infer<typeof listQuerySchema> & { sort?: string };

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
 * Whether `YYYY-MM-DD` names a real day of the years 1 to 9999: the range every client and
 * PostgreSQL read alike (PostgreSQL has no year 0, and JavaScript's Date parses five-digit and
 * negative years that PostgreSQL then refuses).
 */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= daysInMonth;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})[T ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?$/i;

/** Whether the text is an ISO 8601 date-time of the years 1 to 9999; with `offset`, its offset (`Z`, `+02:00`) is required. */
export function isDateTime(value: string, { offset }: { offset: boolean }): boolean {
  const match = DATE_TIME.exec(value);
  return Boolean(match && isCalendarDate(match[1]!) && (!offset || match[5]));
}

/** A calendar day in a request, `YYYY-MM-DD`, years 1 to 9999: every date field and filter uses it. */
export const isoDateInput = z
  .string()
  .trim()
  .refine(isCalendarDate, { message: 'Use a date of the form YYYY-MM-DD between the years 1 and 9999' })
  .describe('Date, YYYY-MM-DD');

/** An instant in a request: an ISO 8601 date-time with its offset, years 1 to 9999. */
export const isoDateTimeInput = z
  .string()
  .trim()
  .refine((value) => isDateTime(value, { offset: true }), {
    message: 'Use an ISO 8601 date-time with its offset, such as 2026-05-01T09:00:00Z, between the years 1 and 9999',
  })
  .describe('ISO 8601 date-time with offset');

/** A list filter's bound: a day (`2026-05-01`) or an instant (`2026-05-01T09:00:00Z`), years 1 to 9999. */
export const dateOrDateTimeQuery = z
  .string()
  .trim()
  .refine((value) => isCalendarDate(value) || isDateTime(value, { offset: false }), {
    message: 'Use a date such as 2026-05-01 or a date-time such as 2026-05-01T09:00:00Z, between the years 1 and 9999',
  })
  .describe('Date or ISO 8601 date-time');

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

// A link or markup in a name would let a sender word a mail to a stranger as it likes.
const NOT_A_PLAIN_NAME = /[<>\p{Cc}]|:\/\/|\bwww\./iu;

/** A person's name written into a mail sent to someone else: a line of plain text, no link or markup. */
export function personName(max: number) {
  return textLine(max).refine(
    (value) => !NOT_A_PLAIN_NAME.test(value),
    'A name only: no links, angle brackets or line breaks',
  );
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

/** A web address as people type it: `example.com` means `https://example.com`, as in a browser's address bar. */
const completeWebAddress = (value: string) => (value === '' || /^https?:\/\//i.test(value) ? value : `https://${value}`);

/**
 * A completed address a link can open: http(s), a host with a dot, an optional port, no spaces and
 * no login part (so that `mailto:a@example.com`, completed, is not read as a site).
 */
const WEB_ADDRESS = /^https?:\/\/[^\s/?#@:]+\.[^\s/?#@:]+(?::\d{1,5})?(?:[/?#]\S*)?$/i;

export const websiteSchema = z
  .string()
  .trim()
  .max(300, 'At most 300 characters')
  .transform(completeWebAddress)
  .refine((value) => value === '' || WEB_ADDRESS.test(value), { message: 'Enter a web address such as example.com' })
  .transform((value) => (value === '' ? null : value))
  .nullish();
