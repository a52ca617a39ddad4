import { z } from 'zod';
import { boundedInt, DEFAULT_PAGE_SIZE, emailSchema, idSchema, isoDateTime, MAX_PAGE_SIZE, queryInteger, textLine, websiteSchema } from './common';
import { phoneSchema } from './exhibitors';

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
  page: queryInteger(1, 1_000_000).default(1),
  per_page: queryInteger(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
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

/**
 * A company registering itself as an exhibitor through an exhibitor link. No password: the
 * account's owner chooses it through the emailed invitation, which proves the address is theirs.
 */
export const registerExhibitorBodySchema = z.object({
  companyName: textLine(200),
  firstName: textLine(100),
  lastName: textLine(100),
  email: emailSchema,
  phone: phoneSchema,
  website: websiteSchema,
});
export type RegisterExhibitorBody = z.input<typeof registerExhibitorBodySchema>;

/**
 * The answer to a registration, the same whether the email was new or already had an account:
 * either way the next step is in the mailbox, so the answer tells nobody which accounts exist.
 */
export const registrationReceivedSchema = z.object({
  email: z.string(),
  eventName: z.string(),
});
export type RegistrationReceived = z.infer<typeof registrationReceivedSchema>;

export const REGISTRATION_MESSAGES = {
  expired: 'This registration link has expired',
  usedUp: 'This registration link has reached its limit',
} as const;
