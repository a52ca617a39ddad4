import type { FastifyRequest } from 'fastify';
import { UnauthorizedError } from './errors';
import type { Principal } from '../features/auth/principal';

/** Who is acting, carried from the request into services for scoping and the audit log. */
export type Actor = { principal: Principal; requestId: string; ip: string };

export function actorOf(request: FastifyRequest): Actor {
  if (!request.principal) throw new UnauthorizedError('Authentication required');
  return { principal: request.principal, requestId: request.id, ip: request.ip };
}
