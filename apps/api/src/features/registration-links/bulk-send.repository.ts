import { freePlaces } from '@portal/shared/allocations';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Database } from '../../db/client';
import { admins } from '../../db/schema/admins';
import { badgeCategories, badges } from '../../db/schema/badges';
import { companies } from '../../db/schema/companies';
import { events } from '../../db/schema/events';
import { registrationLinks } from '../../db/schema/registration-links';
import { heldByOpenLinks, openBadgeLink } from '../allocations/allocations.repository';

/** An account that may own links: its event, the exhibitor above it (for a sub-account) and its company. */
export async function findOwner(db: Database, id: number) {
  const [row] = await db
    .select({ id: admins.id, eventId: admins.eventId, exhibitorId: admins.exhibitorId, companyName: companies.name })
    .from(admins)
    .leftJoin(companies, eq(companies.id, admins.companyId))
    .where(eq(admins.id, id));
  return row;
}

export async function findEvent(db: Database, id: number) {
  const [row] = await db
    .select({ id: events.id, name: events.name, startDate: events.startDate, endDate: events.endDate, timezone: events.timezone })
    .from(events)
    .where(eq(events.id, id));
  return row;
}

export async function findCategory(db: Database, id: number) {
  const [row] = await db
    .select({
      id: badgeCategories.id,
      eventId: badgeCategories.eventId,
      name: badgeCategories.name,
      displayName: badgeCategories.displayName,
      type: badgeCategories.type,
      badgeType: badgeCategories.badgeType,
    })
    .from(badgeCategories)
    .where(eq(badgeCategories.id, id));
  return row;
}

/** Of these addresses (lower case), those found in `email` of the rows of `table` that `where` picks. */
async function addressesAmong(db: Database, table: PgTable, email: AnyPgColumn, where: SQL | undefined, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const lowered = sql<string>`lower(${email})`;
  const rows = await db.selectDistinct({ email: lowered }).from(table).where(and(where, inArray(lowered, emails)));
  return new Set(rows.map((r) => r.email));
}

/** Of these addresses, those already holding an active badge of the category. */
export const addressesWithBadge = (db: Database, badgeCategoryId: number, emails: string[]) =>
  addressesAmong(db, badges, badges.email, and(eq(badges.badgeCategoryId, badgeCategoryId), eq(badges.status, 'active')), emails);

/** Of these addresses, those with an open badge link of the category. */
export const addressesWithOpenLink = (db: Database, badgeCategoryId: number, emails: string[]) =>
  addressesAmong(db, registrationLinks, registrationLinks.email, and(openBadgeLink, eq(registrationLinks.badgeCategoryId, badgeCategoryId)), emails);

/**
 * Places of the owner's allocation of the category not yet spoken for (`freePlaces`, the rule of
 * the allocation screens): its quantity less the badges registered, the places handed to its
 * sub-accounts and the uses its open links may still take. With `lock`, the allocation row stays
 * locked to the end of the transaction, so two sends never hand out the same places.
 */
export async function placesLeft(
  db: Database,
  ownerId: number,
  badgeCategoryId: number,
  lock = false,
): Promise<number> {
  const [allocation] = await queryRows<{ quantity: number; used: number; reserved: number; heldByLinks: number }>(
    db,
    sql`select a.quantity, a.used,
               cast(coalesce((select sum(c.quantity) from allocations c where c.parent_allocation_id = a.id), 0) as integer) as reserved,
               ${heldByOpenLinks(sql`a.admin_id`, sql`a.badge_category_id`)} as "heldByLinks"
          from allocations a
         where a.admin_id = ${ownerId} and a.badge_category_id = ${badgeCategoryId}
         ${lock ? sql`for update` : sql``}`,
  );
  return allocation ? freePlaces(allocation) : 0;
}
