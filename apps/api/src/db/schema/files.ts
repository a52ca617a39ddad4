import { bigint, customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { events } from './events';

/**
 * Uploaded files (custom-field answers, logos, import files). The bytes live in the file store
 * (`file_contents` on PostgreSQL, DATA_DIR/files on the embedded database) under `storage_key`;
 * the client's name is kept for display only, and the type is the one the server detected.
 */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    purpose: text('purpose').notNull(),
    createdByAdminId: integer('created_by_admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The orphan sweep looks bytes on disk up by their key.
  (t) => [index('files_event_idx').on(t.eventId), uniqueIndex('files_storage_key_key').on(t.storageKey)],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The bytes of stored files on PostgreSQL, where every API process reaches them: each file in
 * parts of at most `FILE_PART_BYTES` (file-store.ts), so that reading or writing one holds a pooled
 * connection for one part at a time. Part 0 is written first, so every key written has one.
 */
export const fileContents = pgTable(
  'file_contents',
  {
    storageKey: text('storage_key').notNull(),
    part: integer('part').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storageKey, t.part] })],
);
