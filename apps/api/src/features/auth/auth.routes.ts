import {
  acceptInvitationBodySchema,
  AUTH_MESSAGES,
  invitationCheckSchema,
  linkTokenBodySchema,
  loginBodySchema,
  loginResponseSchema,
  logoutBodySchema,
  passwordResetBodySchema,
  passwordResetCheckSchema,
  passwordResetRequestBodySchema,
  passwordResetRequestedSchema,
  refreshBodySchema,
  refreshResponseSchema,
  sessionAdminSchema,
  ssoParamsSchema,
} from '@portal/shared/auth';
import { itemResponseSchema } from '@portal/shared/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { errorResponses as errors } from '../../lib/route-schemas';
import { publicRoute, signedIn } from '../../plugins/access';
import type { AuthService } from './auth.service';
import type { PasswordReset } from './password-reset';
import { toSessionAdmin } from './principal';

const client = (request: FastifyRequest) => ({ ip: request.ip, requestId: request.id });
/** Signing in, sessions and passwords are a person's: an API token presented here is refused. */
const sessionRoute = { access: publicRoute, sessionOnly: true } as const;

export async function authRoutes(
  app: FastifyInstance,
  { auth, passwordReset }: { auth: AuthService; passwordReset: PasswordReset },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'POST',
    url: '/admin/auth/login',
    config: sessionRoute,
    schema: { tags: ['auth'], body: loginBodySchema, response: { 200: loginResponseSchema, ...errors } },
    handler: (request) => auth.login(request.body.email, request.body.password, client(request)),
  });

  routes.route({
    method: 'POST',
    url: '/auth/refresh',
    config: sessionRoute,
    schema: { tags: ['auth'], body: refreshBodySchema, response: { 200: refreshResponseSchema, ...errors } },
    handler: (request) => auth.refresh(request.body.refreshToken),
  });

  routes.route({
    method: 'POST',
    url: '/auth/logout',
    config: sessionRoute,
    schema: { tags: ['auth'], body: logoutBodySchema.nullish(), response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      const actor = request.principal ? actorOf(request) : null;
      await auth.logout({ refreshToken: request.body?.refreshToken, sessionId: request.sessionId }, actor);
      return reply.code(204).send(null);
    },
  });

  routes.route({
    method: 'POST',
    url: '/auth/accept-invitation',
    config: sessionRoute,
    schema: { tags: ['auth'], body: acceptInvitationBodySchema, response: { 200: loginResponseSchema, ...errors } },
    handler: (request) => auth.acceptInvitation(request.body.token, request.body.password, client(request)),
  });

  routes.route({
    method: 'POST',
    url: '/auth/accept-invitation/check',
    config: { access: publicRoute },
    schema: {
      tags: ['auth'],
      summary: 'Whether an invitation link still works, and the event and company it is for; uses nothing up',
      body: linkTokenBodySchema,
      response: { 200: itemResponseSchema(invitationCheckSchema), ...errors },
    },
    handler: async (request) => ({ data: await auth.checkInvitation(request.body.token, client(request)) }),
  });

  routes.route({
    method: 'POST',
    url: '/auth/password-reset/check',
    config: { access: publicRoute },
    schema: {
      tags: ['auth'],
      summary: 'Whether a password reset link still works; uses nothing up',
      body: linkTokenBodySchema,
      response: { 200: itemResponseSchema(passwordResetCheckSchema), ...errors },
    },
    handler: async (request) => ({ data: { valid: await passwordReset.check(request.body.token, client(request)) } }),
  });

  routes.route({
    method: 'POST',
    url: '/auth/password-reset/request',
    config: sessionRoute,
    schema: {
      tags: ['auth'],
      summary: 'Emails a link to choose a new password; the same 202 whether or not the account exists',
      body: passwordResetRequestBodySchema,
      response: { 202: passwordResetRequestedSchema, ...errors },
    },
    handler: async (request, reply) => {
      await passwordReset.request(request.body.email, client(request));
      return reply.code(202).send({ message: AUTH_MESSAGES.passwordResetRequested });
    },
  });

  routes.route({
    method: 'POST',
    url: '/auth/password-reset',
    config: sessionRoute,
    schema: {
      tags: ['auth'],
      summary: `Sets a new password with an emailed token, once; ends every session. A bad token answers 400 "${AUTH_MESSAGES.passwordResetInvalid}"`,
      body: passwordResetBodySchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await passwordReset.reset(request.body.token, request.body.password, client(request));
      return reply.code(204).send(null);
    },
  });

  routes.route({
    method: 'GET',
    url: '/auth/me',
    config: { access: signedIn },
    schema: { tags: ['auth'], response: { 200: z.object({ data: sessionAdminSchema }), ...errors } },
    handler: async (request) => ({ data: toSessionAdmin(actorOf(request).principal) }),
  });

  routes.route({
    method: 'GET',
    url: '/integrations/jwt/verify/:token',
    config: sessionRoute,
    schema: {
      tags: ['auth'],
      summary: `Single sign-on; a bad, foreign or expired token answers 401 "${AUTH_MESSAGES.ssoFailed}"`,
      params: ssoParamsSchema,
      response: { 200: loginResponseSchema, ...errors },
    },
    handler: (request) => auth.loginWithSso(request.params.token, client(request)),
  });
}
