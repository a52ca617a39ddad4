import { z } from 'zod';
import { boundedInt, emailSchema, idSchema, isoDateTime, textLine, websiteSchema } from './common';
import { phoneSchema } from './exhibitors';
import { passwordSchema } from './passwords';

/** The most uses a registration link may allow. */
export const MAX_LINK_USES = 100_000;

export const REGISTRATION_LINK_KINDS = ['exhibitor', 'badge'] as const;

export const registrationLinkSchema = z.object({
  id: z.string(),
  kind: z.enum(REGISTRATION_LINK_KINDS),
  eventId: z.number().int(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  expiresAt: isoDateTime.nullable(),
  revokedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type RegistrationLink = z.infer<typeof registrationLinkSchema>;

export const listRegistrationLinksQuerySchema = z.object({
  eventId: idSchema.optional(),
  kind: z.enum(REGISTRATION_LINK_KINDS).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

export const createExhibitorLinkBodySchema = z.object({
  eventId: idSchema,
  kind: z.literal('exhibitor'),
  maxUses: boundedInt(1, MAX_LINK_USES).nullish(),
  expiresAt: z.iso.datetime({ offset: true }).nullish(),
});

/** What the public registration page shows: fixed event information, no record of anyone. */
export const publicRegistrationLinkSchema = z.object({
  id: z.string(),
  kind: z.enum(REGISTRATION_LINK_KINDS),
  event: z.object({
    name: z.string(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    venue: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
  }),
});
export type PublicRegistrationLink = z.infer<typeof publicRegistrationLinkSchema>;

export const linkParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Not a registration link') });

/** A company registering itself as an exhibitor through an exhibitor link. */
export const registerExhibitorBodySchema = z.object({
  companyName: textLine(200),
  firstName: textLine(100),
  lastName: textLine(100),
  email: emailSchema,
  password: passwordSchema,
  phone: phoneSchema,
  website: websiteSchema,
});
export type RegisterExhibitorBody = z.input<typeof registerExhibitorBodySchema>;

export const registeredExhibitorSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  companyName: z.string(),
  eventName: z.string(),
});

export const REGISTRATION_MESSAGES = {
  expired: 'This registration link has expired',
  usedUp: 'This registration link has reached its limit',
} as const;
