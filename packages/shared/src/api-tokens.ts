import { z } from 'zod';
import { isoDateTime, isoDateTimeInput, textLine } from './common';
import { permissionListSchema } from './roles';

/** Tells an API token from a person's access token (a JWT) and a check-in device's (`chk_`). */
export const API_TOKEN_PREFIX = 'ept_';
/** How many characters of a token its owner sees in the list, prefix included, to tell tokens apart. */
export const API_TOKEN_SHOWN_CHARACTERS = 12;
/** The most tokens one account holds that are not revoked: enough for every program it connects. */
export const MAX_API_TOKENS_PER_ACCOUNT = 50;

export const API_TOKEN_MESSAGES = {
  invalid: 'This API token is unknown, expired or revoked',
  sessionOnly: 'An API token cannot do this: sign in to the portal as a person instead',
  fieldRefused: (field: string) => `An API token cannot change ${field}: sign in to the portal as a person instead`,
  notHeld: (permission: string) => `You do not hold ${permission}, so a token of yours cannot have it`,
  tooMany: `An account holds at most ${MAX_API_TOKENS_PER_ACCOUNT} tokens that are not revoked: revoke one first`,
};

export const createApiTokenBodySchema = z.object({
  name: textLine(100),
  /** Catalogue names in any accepted spelling, each once; every one must be the creator's own. */
  permissions: permissionListSchema.refine((list) => list.length > 0, 'Choose at least one permission'),
  /** When the token stops working; null or absent: never (until revoked). */
  expiresAt: isoDateTimeInput
    .refine((value) => Date.parse(value) > Date.now(), 'Choose a time in the future')
    .nullish(),
});
/** As the server reads it (catalogue names); the client sends the input form. */
export type CreateApiTokenBody = z.infer<typeof createApiTokenBodySchema>;
export type CreateApiTokenInput = z.input<typeof createApiTokenBodySchema>;

export const API_TOKEN_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiTokenStatus = (typeof API_TOKEN_STATUSES)[number];

export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The token's first characters, `ept_` included; the rest is never shown again. */
  prefix: z.string(),
  permissions: z.array(z.string()),
  status: z.enum(API_TOKEN_STATUSES),
  createdAt: isoDateTime,
  expiresAt: isoDateTime.nullable(),
  lastUsedAt: isoDateTime.nullable(),
  revokedAt: isoDateTime.nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** A new token with its secret, answered once: only its hash is kept. */
export const createdApiTokenSchema = z.object({ apiToken: apiTokenSchema, token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
