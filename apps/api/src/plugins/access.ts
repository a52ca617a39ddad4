import { API_TOKEN_MESSAGES } from '@portal/shared/api-tokens';
import { AUTH_MESSAGES } from '@portal/shared/auth';
import { hasPermissions, type Permission, type PermissionRequirement } from '@portal/shared/permissions';
import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { authenticateApiToken, isApiToken } from '../features/api-tokens/api-token-auth';
import type { AccessTokens } from '../features/auth/access-tokens';
import { authenticateDevice, DEVICE_MESSAGES, deviceTokenHash, type CheckInDevice } from '../features/check-in/device-auth';
import { loadSessionPrincipal, type Principal } from '../features/auth/principal';
import { AppError, ForbiddenError, UnauthorizedError } from '../lib/errors';

/** What a route demands of its caller. Every /api route declares one; there is no default. */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'permission'; requirement: Required<PermissionRequirement> }
  /**
   * A paired check-in device (its `chk_` token), never a person; `supervisor` refuses a steward's
   * device. `checkedByRoute`: the route's own statement finds the device by its token (the scan,
   * the door's most frequent call, saves a round trip); the hook only refuses a token that is not
   * a device's, and hands the route its hash.
   */
  | { kind: 'device'; role?: 'supervisor'; checkedByRoute?: true };

export const publicRoute: RouteAccess = { kind: 'public' };
export const signedIn: RouteAccess = { kind: 'signed-in' };

export const anyDevice: RouteAccess = { kind: 'device' };
export const supervisorDevice: RouteAccess = { kind: 'device', role: 'supervisor' };
export const deviceCheckedByRoute: RouteAccess = { kind: 'device', checkedByRoute: true };

export function requires(...permissions: Permission[]): RouteAccess {
  return { kind: 'permission', requirement: { permissions, mode: 'all' } };
}

export function requiresAny(...permissions: Permission[]): RouteAccess {
  return { kind: 'permission', requirement: { permissions, mode: 'any' } };
}

/**
 * What an API token (`ept_`) may not do where a person's session may: `true`, the whole route (sign-in,
 * sessions, making tokens); a list, the body fields a token may not send (an account's password
 * and email, which would hand the account to whoever holds the token).
 */
export type SessionOnly = true | readonly string[];

export type RouteEntry = { method: HTTPMethods; url: string; access: RouteAccess; sessionOnly?: SessionOnly };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    sessionOnly?: SessionOnly;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** The sign-in (refresh-token family) the request's access token belongs to. */
    sessionId: string | null;
    /** The check-in device of a device route's token (kind 'device'); null elsewhere. */
    device: CheckInDevice | null;
    /** The stored form of a device token that the route checks itself (`checkedByRoute`); null elsewhere. */
    deviceTokenHash: string | null;
  }
  interface FastifyInstance {
    /** Every /api route with its access rule, read by the access-matrix test. */
    routeTable: RouteEntry[];
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * One mechanism for authentication and permissions: each route states its rule in its config
 * and this hook enforces it before validation, so an anonymous caller gets 401 whatever it sent.
 * Scope (which records) is the services' part, since only they know whose record an id is.
 */
export default fp(
  async (app: FastifyInstance, opts: { db: Database; accessTokens: AccessTokens }) => {
    app.decorateRequest('principal', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('device', null);
    app.decorateRequest('deviceTokenHash', null);
    app.decorate('routeTable', [] as RouteEntry[]);

    async function authenticate(request: FastifyRequest): Promise<Principal | null> {
      const token = bearerToken(request);
      if (!token) return null;
      if (isApiToken(token)) return authenticateApiToken(opts.db, token);
      const claims = await opts.accessTokens.verify(token);
      const principal = claims ? await loadSessionPrincipal(opts.db, claims.adminId, claims.sessionId) : null;
      if (principal) request.sessionId = claims!.sessionId;
      return principal;
    }

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api') || route.method === 'HEAD' || route.url.startsWith('/api/docs')) return;
      const access = route.config?.access;
      if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
      const sessionOnly = route.config?.sessionOnly;
      for (const method of [route.method].flat()) app.routeTable.push({ method, url: route.url, access, sessionOnly });

      route.onRequest = [
        async (request: FastifyRequest) => {
          // A sign-in or session route refuses a token before anything else, valid or not.
          if (sessionOnly === true && access.kind === 'public' && isApiToken(bearerToken(request))) {
            throw new ForbiddenError(API_TOKEN_MESSAGES.sessionOnly);
          }
          if (access.kind === 'public') {
            request.principal = await authenticate(request).catch(() => null);
            return;
          }
          if (access.kind === 'device' && access.checkedByRoute) {
            request.deviceTokenHash = deviceTokenHash(bearerToken(request));
            if (!request.deviceTokenHash) throw new UnauthorizedError(DEVICE_MESSAGES.unpaired);
            return;
          }
          if (access.kind === 'device') {
            const token = bearerToken(request);
            const device = token ? await authenticateDevice(opts.db, token) : null;
            if (!device) throw new UnauthorizedError(DEVICE_MESSAGES.unpaired);
            if (access.role === 'supervisor' && device.role !== 'supervisor') throw new ForbiddenError(DEVICE_MESSAGES.supervisorOnly);
            request.device = device;
            return;
          }
          const token = bearerToken(request);
          const principal = await authenticate(request);
          if (!principal) throw new UnauthorizedError(isApiToken(token) ? API_TOKEN_MESSAGES.invalid : AUTH_MESSAGES.authenticationRequired);
          request.principal = principal;
          if (sessionOnly === true && principal.apiTokenId != null) throw new ForbiddenError(API_TOKEN_MESSAGES.sessionOnly);
          if (access.kind === 'permission' && !hasPermissions(principal.permissions, access.requirement)) {
            throw new ForbiddenError(AUTH_MESSAGES.forbidden);
          }
        },
        ...[route.onRequest ?? []].flat(),
      ];
      if (Array.isArray(sessionOnly)) {
        // The body is parsed by now, not yet validated: the refusal comes before any 400 for the same body.
        route.preValidation = [
          async (request: FastifyRequest) => {
            if (request.principal?.apiTokenId == null || typeof request.body !== 'object' || request.body === null) return;
            const field = sessionOnly.find((name) => (request.body as Record<string, unknown>)[name] !== undefined);
            if (field) {
              const message = API_TOKEN_MESSAGES.fieldRefused(field);
              throw new AppError(403, 'Forbidden', message, [{ field, message }]);
            }
          },
          ...[route.preValidation ?? []].flat(),
        ];
      }
    });
  },
  { name: 'access' },
);
