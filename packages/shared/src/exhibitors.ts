import { z } from 'zod';
import { emailSchema, idSchema, isoDateTime, listQueryWithSort, optionalTextLine, textLine, websiteSchema, whenParsed } from './common';
import { passwordSchema } from './passwords';

export const exhibitorSchema = z.object({
  /** The exhibitor's admin id: the account the company signs in with. */
  id: z.number().int(),
  eventId: z.number().int(),
  eventName: z.string(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  booth: z.string().nullable(),
  hall: z.string().nullable(),
  website: z.string().nullable(),
  profile: z.string().nullable(),
  isActive: z.boolean(),
  /** False while an invited exhibitor has not chosen its password. */
  hasPassword: z.boolean(),
  subAccountCount: z.number().int(),
  /** Badges registered under the exhibitor (its own and its sub-accounts'). */
  badgeCount: z.number().int(),
  lastLoginAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Exhibitor = z.infer<typeof exhibitorSchema>;

export const EXHIBITOR_SORTS = ['companyName', 'name', 'booth', 'createdAt'] as const;

export const listExhibitorsQuerySchema = listQueryWithSort(EXHIBITOR_SORTS).extend({ eventId: idSchema.optional() });
export type ListExhibitorsQuery = z.infer<typeof listExhibitorsQuerySchema>;

export const phoneSchema = z
  .string()
  .trim()
  .max(40, 'At most 40 characters')
  .refine((value) => value === '' || /^\+?[0-9 ()./-]{5,}$/.test(value), { message: 'Enter a valid phone number' })
  .transform((value) => (value === '' ? null : value))
  .nullish();

/** The parts of an exhibitor beyond its account: where it stands and what it shows. */
export const exhibitorProfileFields = {
  booth: optionalTextLine(40),
  hall: optionalTextLine(40),
  phone: phoneSchema,
  website: websiteSchema,
  profile: optionalTextLine(5000),
};

export const createExhibitorBodySchema = z
  .object({
    eventId: idSchema,
    companyName: optionalTextLine(200),
    companyId: idSchema.nullish(),
    firstName: textLine(100),
    lastName: textLine(100),
    email: emailSchema,
    /** Without one, the exhibitor is invited by email to choose it. */
    password: passwordSchema.optional(),
    ...exhibitorProfileFields,
  })
  .refine((body) => Boolean(body.companyName) !== Boolean(body.companyId), {
    message: 'Give either a new company name or an existing company',
    path: ['companyName'],
    ...whenParsed('companyName', 'companyId'),
  });
export type CreateExhibitorBody = z.input<typeof createExhibitorBodySchema>;
