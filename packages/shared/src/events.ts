import { z } from 'zod';
import { isCurrencyCode } from './currencies';
import { emailSchema, isoDateInput, isoDateTime, listQueryWithSort, optionalTextLine, textLine, whenParsed } from './common';

export const EVENT_STATUSES = ['draft', 'published', 'archived'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const EVENT_STATUS_LABELS: Readonly<Record<EventStatus, string>> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};

export const eventSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  venue: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  timezone: z.string(),
  currency: z.string(),
  /** Receives a copy of every invoice and credit note of the event. */
  accountingEmail: z.string().nullable(),
  status: z.enum(EVENT_STATUSES),
  exhibitorCount: z.number().int(),
  badgeCount: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type PortalEvent = z.infer<typeof eventSchema>;

/** The currencies an event may be given: those the installation's payment provider takes. */
export const eventCurrenciesSchema = z.object({
  provider: z.string(),
  currencies: z.array(z.object({ code: z.string(), exponent: z.number().int() })),
});
export type EventCurrencies = z.infer<typeof eventCurrenciesSchema>;

export const EVENT_SORTS = ['name', 'startDate', 'createdAt'] as const;

export const listEventsQuerySchema = listQueryWithSort(EVENT_SORTS).extend({
  /** The spec's event list query names its search `name`. */
  name: z.string().trim().max(200).optional(),
  status: z.enum(EVENT_STATUSES).optional(),
});
export type ListEventsQuery = z.infer<typeof listEventsQuerySchema>;

const TIME_ZONES = new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const eventFields = {
  name: textLine(200),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(100, 'At most 100 characters')
    .regex(SLUG_PATTERN, 'Use lower-case letters, digits and single hyphens')
    .optional(),
  description: optionalTextLine(5000),
  startDate: isoDateInput.nullish(),
  endDate: isoDateInput.nullish(),
  venue: optionalTextLine(200),
  city: optionalTextLine(100),
  country: optionalTextLine(100),
  timezone: z
    .string()
    .refine((value) => TIME_ZONES.has(value), { message: 'Unknown time zone' })
    .optional(),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isCurrencyCode, 'Not a currency an event can charge in; use an ISO 4217 code such as USD')
    .optional(),
  /** Empty clears it. */
  accountingEmail: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), emailSchema.nullable()).optional(),
  status: z.enum(EVENT_STATUSES).optional(),
};

const datesInOrder = (body: { startDate?: string | null; endDate?: string | null }) =>
  !body.startDate || !body.endDate || body.endDate >= body.startDate;
const datesMessage = {
  message: 'The end date cannot be before the start date',
  path: ['endDate'],
  ...whenParsed('startDate', 'endDate'),
};

export const eventBodySchema = z.object(eventFields).refine(datesInOrder, datesMessage);
export type EventBody = z.input<typeof eventBodySchema>;

export const updateEventBodySchema = z.object(eventFields).partial().refine(datesInOrder, datesMessage);

/** A URL-safe slug from a name: "Nordic Tech Expo 2027" → "nordic-tech-expo-2027". */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'event';
}
