import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database, DatabaseHandle } from '../db/client';
import { adminRoles, admins } from '../db/schema/admins';
import { badgeCategories, badges, customFields } from '../db/schema/badges';
import { companies } from '../db/schema/companies';
import { events } from '../db/schema/events';
import { roles } from '../db/schema/roles';
import { createAccessTokens } from '../features/auth/access-tokens';
import { hashPassword } from '../features/auth/passwords';
import { openTestDatabase } from './database';

export const TEST_SECRET = 'test-secret-of-at-least-thirty-two-characters';
export const TEST_PASSWORD = 'Correct-Horse-42';

export type TestUser = { id: number; email: string; token: string };

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  /** Sends a request as this user (or anonymously with null). */
  request(user: TestUser | null, options: InjectOptions): Promise<LightMyRequestResponse>;
  createUser(spec: UserSpec): Promise<TestUser>;
  close(): Promise<void>;
};

export type UserSpec = {
  email?: string;
  roles?: string[];
  eventId?: number | null;
  exhibitorId?: number | null;
  companyId?: number | null;
  password?: string;
};

let passwordHash: Promise<string> | undefined;
let counter = 0;

export async function createTestApp(overrides: Partial<Config> = {}, options: Pick<AppOptions, 'stripeGateway'> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
  const app = await buildApp({ config, database, secret: TEST_SECRET, logger: false, ...options });
  await app.ready();
  const tokens = createAccessTokens(TEST_SECRET);
  const db = database.db;

  return {
    app,
    db,
    database,
    request: (user, options) =>
      app.inject({
        ...options,
        headers: { ...options.headers, ...(user ? { authorization: `Bearer ${user.token}` } : {}) },
      }),
    async createUser(spec) {
      const email = spec.email ?? `user${++counter}-${Date.now()}@test.example`;
      const hash = spec.password ? hashPassword(spec.password) : (passwordHash ??= hashPassword(TEST_PASSWORD));
      const [row] = await db
        .insert(admins)
        .values({
          email,
          passwordHash: await hash,
          firstName: 'Test',
          lastName: `User ${counter}`,
          eventId: spec.eventId ?? null,
          exhibitorId: spec.exhibitorId ?? null,
          companyId: spec.companyId ?? null,
        })
        .returning({ id: admins.id });
      for (const name of spec.roles ?? []) {
        const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
        if (!role) throw new Error(`No role ${name}`);
        await db.insert(adminRoles).values({ adminId: row!.id, roleId: role.id });
      }
      return { id: row!.id, email, token: await tokens.sign(row!.id) };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export type World = Awaited<ReturnType<typeof createWorld>>;

/**
 * Two events with one account of every user type each, plus an account with no role at all:
 * enough to check every permission and every scope rule.
 */
export async function createWorld(t: TestApp) {
  const [eventA, eventB] = await t.db
    .insert(events)
    .values([
      { name: 'Event A', slug: `event-a-${++counter}` },
      { name: 'Event B', slug: `event-b-${++counter}` },
    ])
    .returning({ id: events.id });
  const [companyA, companyB, sharedCompany] = await t.db
    .insert(companies)
    .values([
      { name: 'Company A', eventId: eventA!.id },
      { name: 'Company B', eventId: eventB!.id },
      { name: 'Global Company', eventId: null },
    ])
    .returning({ id: companies.id });
  const R = SYSTEM_ROLE_NAMES;
  const systemAdmin = await t.createUser({ roles: [R.systemAdmin] });
  const eventAdminA = await t.createUser({ roles: [R.eventAdmin], eventId: eventA!.id });
  const eventAdminB = await t.createUser({ roles: [R.eventAdmin], eventId: eventB!.id });
  const vipAdminA = await t.createUser({ roles: [R.vipAdmin], eventId: eventA!.id });
  const exhibitorA = await t.createUser({ roles: [R.exhibitor], eventId: eventA!.id, companyId: companyA!.id });
  const exhibitorB = await t.createUser({ roles: [R.exhibitor], eventId: eventB!.id, companyId: companyB!.id });
  const subAccountA = await t.createUser({
    roles: [R.subAccount],
    eventId: eventA!.id,
    exhibitorId: exhibitorA.id,
    companyId: companyA!.id,
  });
  const noRole = await t.createUser({});
  const [categoryA, vipCategoryA, categoryB] = await t.db
    .insert(badgeCategories)
    .values([
      { eventId: eventA!.id, name: 'Exhibitor staff', badgeType: 'exhibitor' },
      { eventId: eventA!.id, name: 'VIP guests', badgeType: 'vip' },
      { eventId: eventB!.id, name: 'Exhibitor staff', badgeType: 'exhibitor' },
    ])
    .returning({ id: badgeCategories.id });
  const [badgeA, badgeB] = await t.db
    .insert(badges)
    .values([
      { eventId: eventA!.id, badgeCategoryId: categoryA!.id, exhibitorId: exhibitorA.id, firstName: 'Ada', lastName: 'A', email: `ada${counter}@a.example`, badgeType: 'exhibitor', code: `A${counter}CODE` },
      { eventId: eventB!.id, badgeCategoryId: categoryB!.id, exhibitorId: exhibitorB.id, firstName: 'Bo', lastName: 'B', email: `bo${counter}@b.example`, badgeType: 'exhibitor', code: `B${counter}CODE` },
    ])
    .returning({ id: badges.id });
  const [fieldB] = await t.db
    .insert(customFields)
    .values({ eventId: eventB!.id, badgeCategoryId: categoryB!.id, label: 'Company size', key: `company_size_${counter}`, type: 'number' })
    .returning({ id: customFields.id });
  return {
    fieldB: fieldB!.id,
    badgeA: badgeA!.id,
    badgeB: badgeB!.id,
    categoryA: categoryA!.id,
    vipCategoryA: vipCategoryA!.id,
    categoryB: categoryB!.id,
    eventA: eventA!.id,
    eventB: eventB!.id,
    companyA: companyA!.id,
    companyB: companyB!.id,
    sharedCompany: sharedCompany!.id,
    systemAdmin,
    eventAdminA,
    eventAdminB,
    vipAdminA,
    exhibitorA,
    exhibitorB,
    subAccountA,
    noRole,
  };
}
