import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { events } from './events';
import { roles } from './roles';

/** Everyone who signs in: system, event and VIP admins, exhibitors and their sub-accounts. */
export const admins = pgTable(
  'admins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    /** Null while an invited account has not chosen its password. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'restrict' }),
    /** For a sub-account: the admin id of the exhibitor it belongs to. */
    exhibitorId: integer('exhibitor_id').references((): AnyPgColumn => admins.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('admins_email_key').on(t.email),
    index('admins_event_id_idx').on(t.eventId),
    index('admins_exhibitor_id_idx').on(t.exhibitorId),
    index('admins_company_id_idx').on(t.companyId),
    // The default order of admin lists, so a page is read from the index instead of sorting every match;
    // in the same collation as the lists' ORDER BY (lib/listing nameOrder), else the index serves no list.
    index('admins_name_order_idx').on(sql`(${t.lastName} || ' ' || ${t.firstName}) collate "name_order"`, t.id),
    index('admins_search_trgm').using(
      'gin',
      sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email}) gin_trgm_ops`,
    ),
  ],
);

export const adminRoles = pgTable(
  'admin_roles',
  {
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.roleId] }), index('admin_roles_role_id_idx').on(t.roleId)],
);
