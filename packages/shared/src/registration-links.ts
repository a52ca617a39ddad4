import { z } from 'zod';
import {
  boundedInt,
  DEFAULT_PAGE_SIZE,
  emailSchema,
  idSchema,
  isoDateTime,
  MAX_PAGE_SIZE,
  queryInteger,
  personName,
  textLine,
  websiteSchema,
  isoDateTimeInput,
  formBoolean,
} from './common';
import { submittedFieldValueSchema } from './badges';
import { publicCustomFieldSchema } from './custom-fields';
import { phoneSchema } from './exhibitors';
import { leadConsentQuestionSchema } from './leads';

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
  lastUsedAt: isoDateTime.nullable(),
  /** Badge links: the category registered, its owner (exhibitor or sub-account) whose allocation pays, the one recipient if any. */
  badgeCategoryId: z.number().int().nullable(),
  badgeCategoryName: z.string().nullable(),
  exhibitorId: z.number().int().nullable(),
  ownerName: z.string().nullable(),
  email: z.string().nullable(),
});
export type RegistrationLink = z.infer<typeof registrationLinkSchema>;

export const listRegistrationLinksQuerySchema = z.object({
  eventId: idSchema.optional(),
  kind: z.enum(REGISTRATION_LINK_KINDS).optional(),
  badgeCategoryId: idSchema.optional(),
  exhibitorId: idSchema.optional(),
  page: queryInteger(1, 1_000_000).default(1),
  per_page: queryInteger(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

const linkLimits = {
  maxUses: boundedInt(1, MAX_LINK_USES).nullish(),
  expiresAt: isoDateTimeInput.nullish(),
};

export const createExhibitorLinkBodySchema = z.object({
  eventId: idSchema,
  kind: z.literal('exhibitor'),
  ...linkLimits,
});

/**
 * A badge link: anyone holding it registers a badge of the category on a place of the owner's
 * allocation. `exhibitorId` names the owner (an exhibitor or a sub-account); an exhibitor or a
 * sub-account leaves it out and owns the link itself.
 */
export const createBadgeLinkBodySchema = z.object({
  kind: z.literal('badge'),
  badgeCategoryId: idSchema,
  exhibitorId: idSchema.optional(),
  ...linkLimits,
});
export type CreateBadgeLinkBody = z.input<typeof createBadgeLinkBodySchema>;

export const createRegistrationLinkBodySchema = z.discriminatedUnion('kind', [
  createExhibitorLinkBodySchema,
  createBadgeLinkBodySchema,
]);
export type CreateRegistrationLinkBody = z.input<typeof createRegistrationLinkBodySchema>;
export type CreateRegistrationLink = z.infer<typeof createRegistrationLinkBodySchema>;

/**
 * A single-use badge link for one recipient, emailed at once with the chosen template of purpose
 * registration_link (else the category's, the event's, the global one, the built-in text).
 * Without `badgeCategoryId` the owner's only allocated badge category is used.
 */
export const createUserLinkBodySchema = z.object({
  email: emailSchema,
  firstName: personName(100),
  lastName: personName(100),
  badgeCategoryId: idSchema.optional(),
  exhibitorId: idSchema.optional(),
  emailTemplateId: idSchema.optional(),
  expiresAt: linkLimits.expiresAt,
});
export type CreateUserLinkBody = z.input<typeof createUserLinkBodySchema>;
export type CreateUserLink = z.infer<typeof createUserLinkBodySchema>;

export const createUserBadgeCategoryLinkBodySchema = createUserLinkBodySchema.extend({ badgeCategoryId: idSchema });

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
  /** Badge links: what the form registers and asks. */
  category: z.object({ id: z.number().int(), name: z.string(), badgeType: z.string() }).nullable(),
  customFields: z.array(publicCustomFieldSchema),
  /** The recipient a single-person link was sent to: the form registers this address only. */
  email: z.string().nullable(),
  /** Badge links of an event that asks visitors for consent to share their contact details with exhibitors (docs/leads.md). */
  leadConsent: leadConsentQuestionSchema.nullable(),
});
export type PublicRegistrationLink = z.infer<typeof publicRegistrationLinkSchema>;

/** The shape of a link id the portal makes (24 URL-safe characters); text of any other shape names no link. */
export const REGISTRATION_LINK_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * A link id as given in a path or body: any text. One that is not of a link's shape is looked up no
 * further and answers 404 like an unknown one: to the visitor, both are a link that does not exist.
 */
export const linkParamsSchema = z.object({ id: z.string().describe('The registration link id') });

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

/** A badge registered through a badge link; `customFieldValues` as for a badge (files go as `customField[{id}]` parts). */
export const registerBadgeBodySchema = z.object({
  email: emailSchema,
  firstName: textLine(100),
  lastName: textLine(100),
  phone: phoneSchema,
  customFieldValues: z.array(submittedFieldValueSchema).max(200).default([]),
  /** The answer to the consent question, when the link's event asks one; never required. */
  leadConsent: formBoolean.optional(),
});
export type RegisterBadgeBody = z.input<typeof registerBadgeBodySchema>;
export type RegisterBadge = z.infer<typeof registerBadgeBodySchema>;

/** `POST /auth/register`: the JSON form of a badge registration, the link named in the body. */
export const registerThroughLinkBodySchema = registerBadgeBodySchema.extend({
  registrationLinkId: linkParamsSchema.shape.id,
});

/**
 * The answer to a badge registration, the same for a first and a repeated submission: the badge
 * code goes to the registrant's mailbox only, so holding a link tells nothing about its registrants.
 */
export const badgeRegisteredSchema = z.object({
  email: z.string(),
  eventName: z.string(),
  badgeCategory: z.string(),
});
export type BadgeRegistered = z.infer<typeof badgeRegisteredSchema>;

export const REGISTRATION_MESSAGES = {
  expired: 'This registration link has expired',
  usedUp: 'This registration link has reached its limit',
  otherRecipient: 'This link was sent to another address: register with the address it was sent to',
} as const;
