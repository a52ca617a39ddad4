import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { scopeOf } from '../auth/scope';
import { findEventInScope } from '../events/events.repository';

/**
 * The event whose check-in (or other organiser's work) an organiser manages, when the caller
 * reaches it: system-wide, or its own event. Another event is not found (404), so its ids reveal
 * nothing; an exhibitor's account given an organiser's permission by a custom role is refused.
 */
export async function organisedEvent(db: Database, actor: Actor, eventId: number, refusal = 'Only the organiser runs check-in') {
  const scope = scopeOf(actor.principal);
  if (scope.kind !== 'global' && scope.eventId !== eventId) throw new NotFoundError('Event');
  const event = await findEventInScope(db, eventId, scope);
  if (!event) throw new NotFoundError('Event');
  if (scope.kind !== 'global' && scope.kind !== 'event') throw new ForbiddenError(refusal);
  return event;
}

/** Whether the caller reaches a record of this event; the record is then loaded through `organisedEvent`. */
export function mayReachEvent(actor: Actor, eventId: number): boolean {
  const scope = scopeOf(actor.principal);
  return scope.kind === 'global' || scope.eventId === eventId;
}
