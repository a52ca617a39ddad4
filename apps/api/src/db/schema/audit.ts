import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { admins } from './admins';

/** Who changed what, when, with the record before and after. Never updated or deleted. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorAdminId: integer('actor_admin_id').references(() => admins.id, { onDelete: 'set null' }),
    /** The actor's name and email as they were, so the entry still says who after the account is gone. */
    actorLabel: text('actor_label'),
    /** The API token the actor wrote through, when not a signed-in session. */
    apiTokenId: integer('api_token_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    eventId: integer('event_id'),
    /** The exhibitor (its account id) whose records the entry is about: its History shows the entry, no other exhibitor's does. */
    exhibitorId: integer('exhibitor_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.id),
    index('audit_log_created_at_idx').on(t.createdAt),
    index('audit_log_event_idx').on(t.eventId, t.id),
    index('audit_log_exhibitor_idx').on(t.exhibitorId, t.id),
    index('audit_log_actor_idx').on(t.actorAdminId, t.id),
  ],
);
