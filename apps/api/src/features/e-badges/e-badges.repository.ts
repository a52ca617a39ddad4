import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { admins } from '../../db/schema/admins';
import { badgeCategories, badges } from '../../db/schema/badges';
import { companies } from '../../db/schema/companies';

/** What a badge's mail names: the person, the code, the category, and whose badge it is. */
export async function findBadgeForMail(db: Database, id: number) {
  const [row] = await db
    .select({
      id: badges.id,
      status: badges.status,
      email: badges.email,
      firstName: badges.firstName,
      lastName: badges.lastName,
      code: badges.code,
      eventId: badges.eventId,
      exhibitorId: badges.exhibitorId,
      badgeCategoryId: badges.badgeCategoryId,
      badgeCategory: sql<string>`coalesce(${badgeCategories.displayName}, ${badgeCategories.name})`,
    })
    .from(badges)
    .innerJoin(badgeCategories, eq(badgeCategories.id, badges.badgeCategoryId))
    .where(eq(badges.id, id));
  return row;
}
export type BadgeForMail = NonNullable<Awaited<ReturnType<typeof findBadgeForMail>>>;

/**
 * Who hands out the badges of an exhibitor, as a mail names it: its company, else its contact's
 * name; the organiser's own badges (no exhibitor) name nobody.
 */
export async function findIssuerName(db: Database, exhibitorId: number | null): Promise<string> {
  if (exhibitorId === null) return '';
  const [row] = await db
    .select({ company: companies.name, firstName: admins.firstName, lastName: admins.lastName })
    .from(admins)
    .leftJoin(companies, eq(companies.id, admins.companyId))
    .where(eq(admins.id, exhibitorId));
  if (!row) return '';
  return row.company ?? `${row.firstName} ${row.lastName}`;
}
