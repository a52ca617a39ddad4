import { z } from 'zod';
import { BADGE_TYPES, CATEGORY_TYPES } from './badge-categories';
import { DEFAULT_PAGE_SIZE, emailSchema, formBoolean, formBooleanField, idSchema, isoDateInput, isoDateTime, listQueryWithSort, MAX_PAGE_SIZE, queryInteger, sortSchema, textLine } from './common';
import { phoneSchema } from './exhibitors';
import { passwordSchema } from './passwords';

export const BADGE_STATUSES = ['active', 'cancelled'] as const;
export type BadgeStatus = (typeof BADGE_STATUSES)[number];

export const BADGE_STATUS_LABELS: Readonly<Record<BadgeStatus, string>> = { active: 'Active', cancelled: 'Cancelled' };

export const fieldValueSchema = z.object({
  customFieldId: z.number().int(),
  key: z.string(),
  label: z.string(),
  value: z.unknown(),
  file: z.object({ id: z.string(), name: z.string(), contentType: z.string(), sizeBytes: z.number().int() }).nullable(),
});

export const badgeSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  /** The event as spec §3's user carries it. */
  event: z.object({ id: z.number().int(), name: z.string() }),
  eventName: z.string(),
  badgeCategoryId: z.number().int(),
  badgeCategory: z.object({ id: z.number().int(), name: z.string(), type: z.enum(CATEGORY_TYPES), badgeType: z.enum(BADGE_TYPES) }),
  exhibitorId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  createdByAdminId: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** The badge type, as the spec's exhibitor user calls it. */
  type: z.enum(BADGE_TYPES),
  status: z.enum(BADGE_STATUSES),
  /** Unique, printed as a QR code on the badge. */
  code: z.string(),
  customFieldValues: z.array(fieldValueSchema),
  /** How often the badge was printed, when last and by whom (their name). */
  printCount: z.number().int(),
  lastPrintedAt: isoDateTime.nullable(),
  lastPrintedBy: z.string().nullable(),
  addons: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The holder's consent to share contact details with exhibitors who scan the badge (docs/leads.md): the wording's version and when; null: none given. */
  leadConsent: z.object({ version: z.number().int(), at: isoDateTime }).nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Badge = z.infer<typeof badgeSchema>;

/** A badge in a list, with its answers (for custom-field columns) but without its add-ons and consent. */
export const badgeListItemSchema = badgeSchema.omit({ addons: true, leadConsent: true });
export type BadgeListItem = z.infer<typeof badgeListItemSchema>;

export const BADGE_SORTS = ['createdAt', 'name', 'email', 'company'] as const;

const booleanQuery = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional();

export const listBadgesQuerySchema = listQueryWithSort(BADGE_SORTS).extend({
  eventId: idSchema.optional(),
  badgeCategoryId: idSchema.optional(),
  badgeType: z.enum(BADGE_TYPES).optional(),
  exhibitorId: idSchema.optional(),
  subAccountId: idSchema.optional(),
  status: z.enum(BADGE_STATUSES).optional(),
  createdFrom: isoDateInput.optional(),
  createdTo: isoDateInput.optional(),
  /** Printed at least once (true) or never (false). */
  printed: booleanQuery,
});
export type ListBadgesQuery = z.infer<typeof listBadgesQuerySchema>;

export const FILTER_FIELDS = ['firstName', 'lastName', 'email', 'company', 'badgeType', 'badgeCategoryId', 'status', 'exhibitorId', 'createdAt'] as const;
export const FILTER_OPERATORS = ['eq', 'neq', 'contains', 'startsWith', 'in', 'before', 'after'] as const;

export const advancedFilterBodySchema = z.object({
  eventId: idSchema.optional(),
  combinator: z.enum(['and', 'or']).default('and'),
  conditions: z
    .array(
      z.object({
        field: z.enum(FILTER_FIELDS),
        operator: z.enum(FILTER_OPERATORS),
        value: z.union([z.string().max(200), z.number(), z.array(z.union([z.string().max(200), z.number()])).max(100)]),
      }),
    )
    .max(20),
  page: queryInteger(1, 1_000_000).default(1),
  per_page: queryInteger(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sort: sortSchema(BADGE_SORTS),
});
export type AdvancedFilterBody = z.input<typeof advancedFilterBodySchema>;
export type AdvancedFilter = z.infer<typeof advancedFilterBodySchema>;

export const submittedFieldValueSchema = z.object({ customFieldId: idSchema, value: z.unknown() });

const badgeFields = {
  firstName: textLine(100),
  lastName: textLine(100),
  email: emailSchema,
  phone: phoneSchema,
  customFieldValues: z.array(submittedFieldValueSchema).max(200).default([]),
  /**
   * The badge holder's password (spec §3's exhibitor user): a credential, so held to the password
   * rules, stored only as a hash and never answered. Left out or null (an empty form field): none
   * given, or on an update the stored one kept.
   */
  password: passwordSchema.nullish(),
  /**
   * The holder's answer to the event's consent question (docs/leads.md): yes records the current
   * wording's version, no clears a consent given before. Ignored where the event asks none.
   */
  leadConsent: formBooleanField().optional(),
};

/**
 * A new badge. `type` (the badge type) must match the category's when given; `exhibitorId` and
 * `adminId` place it under an exhibitor or one of its sub-accounts when an organiser registers it.
 */
export const createBadgeBodySchema = z.object({
  ...badgeFields,
  badgeCategoryId: idSchema,
  type: z.enum(BADGE_TYPES).optional(),
  exhibitorId: idSchema.nullish(),
  adminId: idSchema.nullish(),
  eventId: idSchema.optional(),
  /**
   * Whether the holder is emailed the badge (its PDF and QR code) once it is registered. Left out:
   * no mail, as before e-badges, so that an integration written for the spec's call does not start
   * mailing people; the portal's form sends it, ticked by default.
   */
  sendConfirmation: formBoolean.optional(),
});
export type CreateBadgeBody = z.input<typeof createBadgeBodySchema>;

/**
 * Changes to a badge. The spec's exhibitor user also carries where the badge belongs (category,
 * type, event, exhibitor, sub-account): a client may send them back as it read them, and they must
 * then be what the badge has; moving a badge is a new badge.
 */
export const updateBadgeBodySchema = z
  .object({
    ...badgeFields,
    status: z.enum(BADGE_STATUSES),
    customFieldValues: z.array(submittedFieldValueSchema).max(200),
    badgeCategoryId: idSchema,
    type: z.enum(BADGE_TYPES),
    eventId: idSchema,
    exhibitorId: idSchema.nullable(),
    adminId: idSchema.nullable(),
  })
  .partial();
export type UpdateBadgeBody = z.input<typeof updateBadgeBodySchema>;

export const bulkAddonAssignmentBodySchema = z.object({
  badgeIds: z.array(idSchema).min(1).max(5000),
  addonCategoryId: idSchema,
  action: z.enum(['assign', 'remove']),
});
