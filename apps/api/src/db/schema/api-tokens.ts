import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins } from './admins';

/**
 * A token an account creates for a program to act for it: a subset of the creator's permissions
 * within the creator's scope, never more. Only its SHA-256 is kept; it is shown once. It dies
 * with its creator's account.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The first characters of the token, shown so that its owner can tell tokens apart. */
    tokenPrefix: text('token_prefix').notNull(),
    permissions: jsonb('permissions').$type<string[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('api_tokens_token_key').on(t.tokenHash), index('api_tokens_admin_idx').on(t.adminId, t.id)],
);
