import { z } from 'zod';
import { emailSchema, idSchema, isoDateTime, listQueryWithSort, textLine } from './common';
import { passwordSchema } from './passwords';
import { roleRefSchema } from './auth';
import { exhibitorProfileFields } from './exhibitors';

export const adminSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  roles: z.array(roleRefSchema),
  eventId: z.number().int().nullable(),
  eventName: z.string().nullable(),
  exhibitorId: z.number().int().nullable(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  isActive: z.boolean(),
  /** False while an invited account has not chosen its password yet. */
  hasPassword: z.boolean(),
  lastLoginAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Admin = z.infer<typeof adminSchema>;

export const ADMIN_SORTS = ['name', 'email', 'createdAt'] as const;

export const listAdminsQuerySchema = listQueryWithSort(ADMIN_SORTS).extend({
  roleId: idSchema.optional(),
  eventId: idSchema.optional(),
});
export type ListAdminsQuery = z.infer<typeof listAdminsQuerySchema>;

const adminFields = {
  email: emailSchema,
  firstName: textLine(100),
  lastName: textLine(100),
  roleIds: z.array(idSchema).max(20, 'At most 20 roles'),
  eventId: idSchema.nullish(),
  exhibitorId: idSchema.nullish(),
  companyId: idSchema.nullish(),
};

/** Without a password, the account is invited by email to choose it (as exhibitors are). */
export const createAdminBodySchema = z.object({ ...adminFields, password: passwordSchema.optional() });
export type CreateAdminBody = z.infer<typeof createAdminBodySchema>;

/**
 * Every field optional; a password here is a reset by someone who may manage admins. Exhibitors
 * are updated here too (spec §7), with their profile fields.
 */
export const updateAdminBodySchema = z
  .object({ ...adminFields, password: passwordSchema, isActive: z.boolean(), ...exhibitorProfileFields })
  .partial();
export type UpdateAdminBody = z.infer<typeof updateAdminBodySchema>;
