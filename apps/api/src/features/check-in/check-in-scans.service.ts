import type { CheckInLogEntry } from '@portal/shared/check-in';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { NotFoundError } from '../../lib/errors';
import { scopeOf } from '../auth/scope';
import { resolveConflict, undoScan, type ScanReach } from './check-in-ledger';
import { findLogEntry } from './check-in-log.repository';

/** An organiser's corrections of the log: undoing a scan, acknowledging a conflict. */
export function createCheckInScansService({ db }: { db: Database }) {
  /** An organiser reaches the scans of their event (all, for a global one); exhibitors none. */
  function reachOf(actor: Actor): ScanReach {
    const scope = scopeOf(actor.principal);
    if (scope.kind === 'global') return { eventId: null };
    if (scope.kind === 'event') return { eventId: scope.eventId };
    throw new NotFoundError('Check-in');
  }

  return {
    async undo(actor: Actor, id: number, reason: string): Promise<CheckInLogEntry> {
      await undoScan(db, id, reachOf(actor), { adminId: actor.principal.id }, reason);
      return findLogEntry(db, id);
    },

    async resolve(actor: Actor, id: number): Promise<CheckInLogEntry> {
      await resolveConflict(db, id, reachOf(actor));
      return findLogEntry(db, id);
    },
  };
}

export type CheckInScansService = ReturnType<typeof createCheckInScansService>;
