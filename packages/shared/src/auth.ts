import { z } from 'zod';
import { emailSchema, isoDateTime } from './common';
import { passwordSchema } from './passwords';
import { USER_TYPES } from './user-types';

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Required').max(1024),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const roleRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** The signed-in admin as login, refresh-free profile calls and SSO return it. */
export const sessionAdminSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  roles: z.array(roleRefSchema),
  permissions: z.array(z.string()),
  eventId: z.number().int().nullable(),
  event: z
    .object({
      id: z.number().int(),
      name: z.string(),
      startDate: z.string().nullable(),
      endDate: z.string().nullable(),
      venue: z.string().nullable(),
      city: z.string().nullable(),
      country: z.string().nullable(),
      /** The event's IANA time zone: its times (a lead's scan, a day of the show) are shown on its clock. */
      timezone: z.string(),
    })
    .nullable(),
  exhibitorId: z.number().int().nullable(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  type: z.enum(USER_TYPES),
  /** When the account was created (spec §3: the user's createdAt). */
  createdAt: isoDateTime,
});
export type SessionAdmin = z.infer<typeof sessionAdminSchema>;

export const loginResponseSchema = z.object({
  admin: sessionAdminSchema,
  token: z.string(),
  refreshToken: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshBodySchema = z.object({ refreshToken: z.string().min(1, 'Required').max(200) });
export const refreshResponseSchema = z.object({ token: z.string(), refreshToken: z.string() });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const logoutBodySchema = z.object({ refreshToken: z.string().max(200).optional() });

export const acceptInvitationBodySchema = z.object({
  token: z.string().min(1, 'Required').max(200),
  password: passwordSchema,
});

/** Asks for an email with a link to choose a new password; answered alike whether or not the account exists. */
export const passwordResetRequestBodySchema = z.object({ email: emailSchema });
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBodySchema>;

/** Sets a new password with the token from a reset email; the token travels in the body, never in a URL of the API. */
export const passwordResetBodySchema = z.object({
  token: z.string().min(1, 'Required').max(200),
  password: passwordSchema,
});
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

export const passwordResetRequestedSchema = z.object({ message: z.string() });

/**
 * Asks whether an emailed link (invitation, password reset) still works, when its page opens and
 * before anything is typed; the token travels in the body, never in a URL of the API. Nothing is
 * used up by asking.
 */
export const linkTokenBodySchema = z.object({ token: z.string().min(1, 'Required').max(200) });
export type LinkTokenBody = z.infer<typeof linkTokenBodySchema>;

export const passwordResetCheckSchema = z.object({ valid: z.boolean() });
export type PasswordResetCheck = z.infer<typeof passwordResetCheckSchema>;

/** A working invitation names the event and the company the account is for; a spent one nothing. */
export const invitationCheckSchema = z.object({
  valid: z.boolean(),
  eventName: z.string().nullable(),
  companyName: z.string().nullable(),
});
export type InvitationCheck = z.infer<typeof invitationCheckSchema>;

export const ssoParamsSchema = z.object({ token: z.string().min(1).max(8192) });

export { AUTH_MESSAGES } from './auth-messages';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;

