import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../features/auth/passwords';
import type { Database } from '../client';
import { adminRoles, admins } from '../schema/admins';
import { companies } from '../schema/companies';
import { events } from '../schema/events';
import { roles } from '../schema/roles';

export type DemoLogin = { role: string; email: string; password: string };

/** The demo accounts, also listed in the README. Well known, so never seeded unless asked for. */
export const DEMO_LOGINS = {
  systemAdmin: { role: SYSTEM_ROLE_NAMES.systemAdmin, email: 'admin@example.com', password: 'Admin-Demo-2026' },
  eventAdmin: { role: SYSTEM_ROLE_NAMES.eventAdmin, email: 'organiser@example.com', password: 'Organiser-Demo-2026' },
  vipAdmin: { role: SYSTEM_ROLE_NAMES.vipAdmin, email: 'vip@example.com', password: 'Vip-Demo-2026' },
  exhibitor: { role: SYSTEM_ROLE_NAMES.exhibitor, email: 'exhibitor@aurora-robotics.example', password: 'Exhibitor-Demo-2026' },
  secondExhibitor: { role: SYSTEM_ROLE_NAMES.exhibitor, email: 'exhibitor@fjord-energy.example', password: 'Exhibitor-Demo-2026' },
  subAccount: { role: SYSTEM_ROLE_NAMES.subAccount, email: 'staff@aurora-robotics.example', password: 'Staff-Demo-2026' },
} satisfies Record<string, DemoLogin>;

/** Seeds the demo show when the database has no account yet; answers whether it did. */
export async function seedDemoData(db: Database): Promise<boolean> {
  const [existing] = await db.select({ count: sql<number>`cast(count(*) as integer)` }).from(admins);
  if ((existing?.count ?? 0) > 0) return false;

  const hashes = Object.fromEntries(
    await Promise.all(Object.entries(DEMO_LOGINS).map(async ([key, login]) => [key, await hashPassword(login.password)])),
  ) as Record<keyof typeof DEMO_LOGINS, string>;

  await db.transaction(async (tx) => {
    const roleIds = Object.fromEntries(
      (await tx.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.isSystem, true))).map((r) => [r.name, r.id]),
    );
    const [event] = await tx
      .insert(events)
      .values({
        name: 'Nordic Tech Expo 2027',
        slug: 'nordic-tech-expo-2027',
        description: 'Three days of robotics, clean energy and industrial software, with 400 exhibitors.',
        startDate: '2027-03-16',
        endDate: '2027-03-18',
        venue: 'Harbour Exhibition Centre',
        city: 'Oslo',
        country: 'Norway',
        timezone: 'Europe/Oslo',
        currency: 'USD',
        status: 'published',
      })
      .returning({ id: events.id });
    const eventId = event!.id;
    const [aurora, fjord] = await tx
      .insert(companies)
      .values([
        { name: 'Aurora Robotics AS', country: 'Norway', website: 'https://aurora-robotics.example', eventId },
        { name: 'Fjord Energy Systems', country: 'Sweden', website: 'https://fjord-energy.example', eventId },
      ])
      .returning({ id: companies.id });

    const insert = async (
      key: keyof typeof DEMO_LOGINS,
      firstName: string,
      lastName: string,
      placement: { eventId?: number; exhibitorId?: number; companyId?: number } = {},
    ) => {
      const login = DEMO_LOGINS[key];
      const [row] = await tx
        .insert(admins)
        .values({ email: login.email, passwordHash: hashes[key], firstName, lastName, ...placement })
        .returning({ id: admins.id });
      await tx.insert(adminRoles).values({ adminId: row!.id, roleId: roleIds[login.role]! });
      return row!.id;
    };

    await insert('systemAdmin', 'Sigrid', 'Halvorsen');
    await insert('eventAdmin', 'Ola', 'Nordmann', { eventId });
    await insert('vipAdmin', 'Ingrid', 'Berg', { eventId });
    const auroraId = await insert('exhibitor', 'Lars', 'Eriksen', { eventId, companyId: aurora!.id });
    await insert('secondExhibitor', 'Maja', 'Lindqvist', { eventId, companyId: fjord!.id });
    await insert('subAccount', 'Emil', 'Dahl', { eventId, exhibitorId: auroraId, companyId: aurora!.id });
  });
  return true;
}
