import type { Principal } from './principal';

/**
 * The records a principal may reach (DESIGN §4), read from its ids rather than its role names so
 * that a misconfigured account never widens its reach: anyone with an event stays in that event,
 * anyone under an exhibitor stays with that exhibitor.
 */
export type Scope =
  | { kind: 'global'; vipOnly: boolean }
  | { kind: 'event'; eventId: number; vipOnly: boolean }
  | { kind: 'exhibitor'; eventId: number; exhibitorId: number; vipOnly: boolean }
  | { kind: 'sub-account'; eventId: number | null; exhibitorId: number; subAccountId: number; vipOnly: boolean };

export function scopeOf(principal: Principal): Scope {
  const vipOnly = principal.type === 'vipAdmin';
  if (principal.exhibitorId != null) {
    return {
      kind: 'sub-account',
      eventId: principal.eventId,
      exhibitorId: principal.exhibitorId,
      subAccountId: principal.id,
      vipOnly,
    };
  }
  if (principal.eventId != null && principal.type === 'exhibitor') {
    return { kind: 'exhibitor', eventId: principal.eventId, exhibitorId: principal.id, vipOnly };
  }
  if (principal.eventId != null) return { kind: 'event', eventId: principal.eventId, vipOnly };
  return { kind: 'global', vipOnly };
}

/** The event every record of this scope belongs to; null for the global scope. */
export function scopeEventId(scope: Scope): number | null {
  return scope.kind === 'global' ? null : scope.eventId;
}
