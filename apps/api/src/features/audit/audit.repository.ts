import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import type { Actor } from '../../lib/actor';

export type AuditEntry = {
  action: string;
  entityType: string;
  entityId?: string | number | null;
  eventId?: number | null;
  before?: object | null;
  after?: object | null;
};

const SECRET_KEYS = new Set(['passwordHash', 'password', 'tokenHash']);

/** Drops secrets so the log can be read by whoever may read the records themselves. */
function redact(record: object | null | undefined): object | null {
  if (!record) return null;
  return Object.fromEntries(Object.entries(record).filter(([key]) => !SECRET_KEYS.has(key)));
}

/** Records one write; call it with the transaction of the write so both land or neither does. */
export async function recordAudit(db: Database, actor: Actor | null, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorAdminId: actor?.principal.id ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    eventId: entry.eventId ?? null,
    before: redact(entry.before),
    after: redact(entry.after),
    requestId: actor?.requestId ?? null,
    ipAddress: actor?.ip ?? null,
  });
}
