import { z } from 'zod';
import { boundedInt, idSchema, isoDateTime, listQueryWithSort, MAX_SORT_ORDER, optionalTextLine, queryInteger, textLine } from './common';
import { normalizePermission } from './permissions';
import { vatRateSchema } from './vat';
import type { UserType } from './user-types';

export const BADGE_TYPES = ['exhibitor', 'visitor', 'contractor', 'vip'] as const;
export type BadgeType = (typeof BADGE_TYPES)[number];

export const BADGE_TYPE_LABELS: Readonly<Record<BadgeType, string>> = {
  exhibitor: 'Exhibitor',
  visitor: 'Visitor',
  contractor: 'Contractor',
  vip: 'VIP',
};

export const CATEGORY_TYPES = ['badge', 'addon'] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];

export const BADGE_CATEGORY_PAGE_SIZE = 50;

/**
 * The badge types a user may see (spec §5): a VIP admin only vip; otherwise CAN_SEE_VIP_BADGES
 * gives vip, CAN_SEE_EXHIBITOR_BADGES exhibitor, CAN_SEE_VISITOR_BADGES visitor and contractor.
 */
export function visibleBadgeTypes(permissions: Iterable<string>, userType: UserType): BadgeType[] {
  const granted = new Set([...permissions].map(normalizePermission));
  if (userType === 'vipAdmin') return granted.has('can_see_vip') ? ['vip'] : [];
  return BADGE_TYPES.filter((type) => {
    if (type === 'vip') return granted.has('can_see_vip');
    if (type === 'exhibitor') return granted.has('can_see_exhibitor');
    return granted.has('can_see_visitor');
  });
}

/** A category as menus and pickers read it (the by-event calls): without counting its badges. */
export const badgeCategorySummarySchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  name: z.string(),
  displayName: z.string().nullable(),
  type: z.enum(CATEGORY_TYPES),
  badgeType: z.enum(BADGE_TYPES),
  /** Price of one extra badge or add-on, in the event currency's minor unit (ISO 4217 exponent). */
  unitPrice: z.number().int(),
  /** This category's VAT rate in percent; null: the event's default rate (its Invoicing page). */
  vatRate: z.number().nullable(),
  currency: z.string(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  description: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type BadgeCategorySummary = z.infer<typeof badgeCategorySummarySchema>;

/**
 * The highest price of an extra badge, in minor units of any currency: 1,000,000.00 USD,
 * ¥100,000,000, 100,000.000 KWD. The price form says it in the event's currency.
 */
export const MAX_UNIT_PRICE = 100_000_000;
const unitPriceMinorUnits = z
  .number()
  .int('A whole number of the currency’s smallest unit')
  .min(0, 'The price cannot be negative')
  .max(MAX_UNIT_PRICE, 'At most 100,000,000 of the currency’s smallest unit');

/** A category with its number of active badges, as the category list and details show it. */
export const badgeCategorySchema = badgeCategorySummarySchema.extend({
  badgeCount: z.number().int(),
  /** An add-on whose every unit lets one member of the exhibitor's staff scan leads (docs/leads.md). */
  grantsLeadScanning: z.boolean(),
});
export type BadgeCategory = z.infer<typeof badgeCategorySchema>;

export const BADGE_CATEGORY_SORTS = ['sortOrder', 'name', 'createdAt'] as const;

export const listBadgeCategoriesQuerySchema = listQueryWithSort(BADGE_CATEGORY_SORTS).extend({
  eventId: idSchema.optional(),
  type: z.enum(CATEGORY_TYPES).optional(),
  badgeType: z.enum(BADGE_TYPES).optional(),
});
export type ListBadgeCategoriesQuery = z.infer<typeof listBadgeCategoriesQuerySchema>;

export const eventCategoriesQuerySchema = z.object({
  badgeType: z.enum(BADGE_TYPES).optional(),
  type: z.enum(CATEGORY_TYPES).default('badge'),
  limit: queryInteger(1, 500).default(BADGE_CATEGORY_PAGE_SIZE),
});

export const eventParamsSchema = z.object({ eventId: idSchema });

const categoryFields = {
  name: textLine(120),
  displayName: optionalTextLine(120),
  type: z.enum(CATEGORY_TYPES).default('badge'),
  badgeType: z.enum(BADGE_TYPES),
  unitPrice: unitPriceMinorUnits.default(0),
  vatRate: vatRateSchema.nullable().default(null),
  isActive: z.boolean().default(true),
  sortOrder: boundedInt(0, MAX_SORT_ORDER).default(0),
  description: optionalTextLine(2000),
  grantsLeadScanning: z.boolean().default(false),
};

export const createBadgeCategoryBodySchema = z.object({ eventId: idSchema, ...categoryFields });
export type CreateBadgeCategoryBody = z.input<typeof createBadgeCategoryBodySchema>;

export const updateBadgeCategoryBodySchema = z
  .object({
    name: categoryFields.name,
    displayName: categoryFields.displayName,
    badgeType: categoryFields.badgeType,
    unitPrice: unitPriceMinorUnits,
    vatRate: vatRateSchema.nullable(),
    isActive: z.boolean(),
    sortOrder: boundedInt(0, MAX_SORT_ORDER),
    description: categoryFields.description,
    grantsLeadScanning: z.boolean(),
  })
  .partial();
export type UpdateBadgeCategoryBody = z.input<typeof updateBadgeCategoryBodySchema>;
