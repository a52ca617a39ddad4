import { z } from 'zod';
import { BADGE_TYPES, CATEGORY_TYPES } from './badge-categories';
import { boundedInt, idSchema, isoDateTime, listQueryWithSort } from './common';

export const allocationSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  adminId: z.number().int(),
  adminName: z.string(),
  companyName: z.string().nullable(),
  /** Set for a sub-account's allocation, carved out of its exhibitor's. */
  parentAllocationId: z.number().int().nullable(),
  badgeCategoryId: z.number().int(),
  badgeCategory: z.object({
    id: z.number().int(),
    name: z.string(),
    type: z.enum(CATEGORY_TYPES),
    badgeType: z.enum(BADGE_TYPES),
  }),
  quantity: z.number().int(),
  /** Registered against this allocation itself. */
  used: z.number().int(),
  /** Handed to sub-accounts (the sum of the children's quantities). */
  reserved: z.number().int(),
  /** Registered here and by the sub-accounts. */
  usedTotal: z.number().int(),
  /**
   * Places this holder's open badge links may still take (the uses left of links not used up,
   * expired or revoked): spoken for, though no badge is registered yet.
   */
  heldByLinks: z.number().int(),
  /** What can still be registered, handed out or sent a link here: `freePlaces`. */
  available: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Allocation = z.infer<typeof allocationSchema>;

/**
 * The places of an allocation nobody has spoken for: its quantity less the badges registered on it,
 * the places handed to sub-accounts and those its holder's open links may still take. The one rule
 * of the allocation screens and of bulk send, so that a screen's figures add up to its quantity.
 */
export function freePlaces(allocation: { quantity: number; used: number; reserved: number; heldByLinks: number }): number {
  return Math.max(0, allocation.quantity - allocation.used - allocation.reserved - allocation.heldByLinks);
}

const booleanQuery = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional();

export const ALLOCATION_SORTS = ['createdAt', 'quantity', 'used'] as const;

export const listAllocationsQuerySchema = listQueryWithSort(ALLOCATION_SORTS).extend({
  adminId: idSchema.optional(),
  eventId: idSchema.optional(),
  badgeCategoryId: idSchema.optional(),
  type: z.enum(CATEGORY_TYPES).optional(),
  includeChildAllocations: booleanQuery,
});
export type ListAllocationsQuery = z.infer<typeof listAllocationsQuerySchema>;

export const MAX_ALLOCATION_QUANTITY = 1_000_000;

export const allocationBodySchema = z.object({
  adminId: idSchema,
  badgeCategoryId: idSchema,
  quantity: boundedInt(0, MAX_ALLOCATION_QUANTITY),
});
export type AllocationBody = z.infer<typeof allocationBodySchema>;

export const bulkAllocationsBodySchema = z.object({
  eventId: idSchema,
  /** `set` replaces each quantity; `add` adds to it (a negative number takes away). */
  mode: z.enum(['set', 'add']).default('set'),
  items: z
    .array(
      z.object({
        adminId: idSchema,
        badgeCategoryId: idSchema,
        quantity: boundedInt(-MAX_ALLOCATION_QUANTITY, MAX_ALLOCATION_QUANTITY),
      }),
    )
    .min(1, 'Give at least one allocation')
    .max(5000, 'At most 5000 allocations at once'),
});
export type BulkAllocationsBody = z.input<typeof bulkAllocationsBodySchema>;

export const ALLOCATION_MESSAGES = {
  exhausted: (category: string) => `Allocation exhausted for ${category}`,
} as const;
