import { z } from 'zod';
import { emailSchema, idSchema, isoDateTime, listQueryWithSort, textLine } from './common';
import { passwordSchema } from './passwords';

export const subAccountSchema = z.object({
  id: z.number().int(),
  exhibitorId: z.number().int(),
  exhibitorName: z.string(),
  companyName: z.string().nullable(),
  eventId: z.number().int().nullable(),
  eventName: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  isActive: z.boolean(),
  lastLoginAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type SubAccount = z.infer<typeof subAccountSchema>;

export const SUB_ACCOUNT_SORTS = ['name', 'email', 'createdAt'] as const;

export const listSubAccountsQuerySchema = listQueryWithSort(SUB_ACCOUNT_SORTS).extend({
  exhibitorId: idSchema.optional(),
  eventId: idSchema.optional(),
});
export type ListSubAccountsQuery = z.infer<typeof listSubAccountsQuerySchema>;

export const createSubAccountBodySchema = z.object({
  firstName: textLine(100),
  lastName: textLine(100),
  email: emailSchema,
  password: passwordSchema,
  /** Required when an admin creates one; an exhibitor always creates its own. */
  exhibitorId: idSchema.optional(),
});
export type CreateSubAccountBody = z.input<typeof createSubAccountBodySchema>;

export const updateSubAccountBodySchema = z
  .object({
    firstName: textLine(100),
    lastName: textLine(100),
    email: emailSchema,
    password: passwordSchema,
    isActive: z.boolean(),
  })
  .partial();
export type UpdateSubAccountBody = z.input<typeof updateSubAccountBodySchema>;
