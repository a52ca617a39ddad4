import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import type { Actor } from '../../lib/actor';
import { scopeOf } from '../auth/scope';
import { enqueueWebhookMessages } from '../webhooks/webhook-messages';

export type AuditEntry = {
  action: string;
  entityType: string;
  entityId?: string | number | null;
  eventId?: number | null;
  /**
   * The exhibitor (its account id) whose records the entry is about, for its History. Left out, it
   * is the acting exhibitor's or sub-account's own exhibitor; an organiser's write names it.
   */
  exhibitorId?: number | null;
  before?: object | null;
  after?: object | null;
};

const SECRET_KEYS = new Set(['passwordHash', 'password', 'tokenHash', 'secret', 'previousSecret']);

/** Drops secrets so the log can be read by whoever may read the records themselves. */
function redact(record: object | null | undefined): object | null {
  if (!record) return null;
  return Object.fromEntries(Object.entries(record).filter(([key]) => !SECRET_KEYS.has(key)));
}

function actingExhibitorId(actor: Actor | null): number | null {
  if (!actor) return null;
  const scope = scopeOf(actor.principal);
  return scope.kind === 'exhibitor' || scope.kind === 'sub-account' ? scope.exhibitorId : null;
}

/** Records one write; call it with the transaction of the write so both land or neither does. */
export async function recordAudit(db: Database, actor: Actor | null, entry: AuditEntry): Promise<void> {
  const principal = actor?.principal;
  await db.insert(auditLog).values({
    actorAdminId: principal?.id ?? null,
    actorLabel: principal ? `${`${principal.firstName} ${principal.lastName}`.trim()} <${principal.email}>` : null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    eventId: entry.eventId ?? null,
    exhibitorId: entry.exhibitorId !== undefined ? entry.exhibitorId : actingExhibitorId(actor),
    before: redact(entry.before),
    after: redact(entry.after),
    requestId: actor?.requestId ?? null,
    ipAddress: actor?.ip ?? null,
  });
  await enqueueWebhookMessages(db, {
    ...entry,
    exhibitorId: entry.exhibitorId !== undefined ? entry.exhibitorId : actingExhibitorId(actor),
    before: redact(entry.before),
    after: redact(entry.after),
  });
}
