import { AUTH_MESSAGES } from '@portal/shared/auth';
import { hasPermissions, type Permission, type PermissionRequirement } from '@portal/shared/permissions';
import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import type { AccessTokens } from '../features/auth/access-tokens';
import { authenticateDevice, DEVICE_MESSAGES, deviceTokenHash, type CheckInDevice } from '../features/check-in/device-auth';
import { loadSessionPrincipal, type Principal } from '../features/auth/principal';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';

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

export type RouteEntry = { method: HTTPMethods; url: string; access: RouteAccess };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
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
      const claims = await opts.accessTokens.verify(token);
      const principal = claims ? await loadSessionPrincipal(opts.db, claims.adminId, claims.sessionId) : null;
      if (principal) request.sessionId = claims!.sessionId;
      return principal;
    }

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api') || route.method === 'HEAD' || route.url.startsWith('/api/docs')) return;
      const access = route.config?.access;
      if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
      for (const method of [route.method].flat()) app.routeTable.push({ method, url: route.url, access });

      route.onRequest = [
        async (request: FastifyRequest) => {
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
          const principal = await authenticate(request);
          if (!principal) throw new UnauthorizedError(AUTH_MESSAGES.authenticationRequired);
          request.principal = principal;
          if (access.kind === 'permission' && !hasPermissions(principal.permissions, access.requirement)) {
            throw new ForbiddenError(AUTH_MESSAGES.forbidden);
          }
        },
        ...[route.onRequest ?? []].flat(),
      ];
    });
  },
  { name: 'access' },
);
