import type { BadgeType } from '@portal/shared/badge-categories';
import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../features/auth/passwords';
import type { Database } from '../client';
import { newBadgeCode } from '../../features/badges/badge-codes';
import { adminRoles, admins } from '../schema/admins';
import { findPurchase } from '../../features/allocation-purchases/allocation-purchases.repository';
import { issueInvoice } from '../../features/invoices/documents';
import { allocationPurchases } from '../schema/allocation-purchases';
import { allocations, badgeCategories, badgeFieldValues, badges, customFields } from '../schema/badges';
import { paymentAttempts } from '../schema/payments';
import { companies } from '../schema/companies';
import { events } from '../schema/events';
import { roles } from '../schema/roles';
import { insertBuiltInLayouts } from '../../features/badge-layouts/badge-layouts.repository';

export type DemoLogin = { role: string; email: string; password: string };

/** The demo accounts, also listed in the README. Well known, so never seeded unless asked for. */
export const DEMO_LOGINS = {
  systemAdmin: { role: SYSTEM_ROLE_NAMES.systemAdmin, email: 'admin@example.com', password: 'Admin-Demo-2026' },
  eventAdmin: { role: SYSTEM_ROLE_NAMES.eventAdmin, email: 'organiser@example.com', password: 'Organiser-Demo-2026' },
  vipAdmin: { role: SYSTEM_ROLE_NAMES.vipAdmin, email: 'vip@example.com', password: 'Vip-Demo-2026' },
  exhibitor: {
    role: SYSTEM_ROLE_NAMES.exhibitor,
    email: 'exhibitor@aurora-robotics.example',
    password: 'Exhibitor-Demo-2026',
  },
  secondExhibitor: {
    role: SYSTEM_ROLE_NAMES.exhibitor,
    email: 'exhibitor@fjord-energy.example',
    password: 'Exhibitor-Demo-2026',
  },
  subAccount: {
    role: SYSTEM_ROLE_NAMES.subAccount,
    email: 'staff@aurora-robotics.example',
    password: 'Staff-Demo-2026',
  },
} satisfies Record<string, DemoLogin>;

/** Seeds the demo show when the database has no account yet; answers whether it did. */
export async function seedDemoData(db: Database): Promise<boolean> {
  const [existing] = await db.select({ count: sql<number>`cast(count(*) as integer)` }).from(admins);
  if ((existing?.count ?? 0) > 0) return false;

  const hashes = Object.fromEntries(
    await Promise.all(
      Object.entries(DEMO_LOGINS).map(async ([key, login]) => [key, await hashPassword(login.password)]),
    ),
  ) as Record<keyof typeof DEMO_LOGINS, string>;

  await db.transaction(async (tx) => {
    const roleIds = Object.fromEntries(
      (await tx.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.isSystem, true))).map((r) => [
        r.name,
        r.id,
      ]),
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
    await insertBuiltInLayouts(tx, eventId);
    const [aurora, fjord] = await tx
      .insert(companies)
      .values([
        {
          name: 'Aurora Robotics AS',
          country: 'Norway',
          website: 'https://aurora-robotics.example',
          address: 'Sjøgata 12, 0150 Oslo',
          vatNumber: 'NO 912 345 678 MVA',
          eventId,
        },
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
    const organiserId = await insert('eventAdmin', 'Ola', 'Nordmann', { eventId });
    const vipAdminId = await insert('vipAdmin', 'Ingrid', 'Berg', { eventId });
    const auroraId = await insert('exhibitor', 'Lars', 'Eriksen', { eventId, companyId: aurora!.id });
    const fjordId = await insert('secondExhibitor', 'Maja', 'Lindqvist', { eventId, companyId: fjord!.id });
    const staffId = await insert('subAccount', 'Emil', 'Dahl', {
      eventId,
      exhibitorId: auroraId,
      companyId: aurora!.id,
    });

    const categories = await seedDemoBadges(tx, { eventId, organiserId, vipAdminId, auroraId, fjordId, staffId });
    await seedDemoPurchases(tx, { eventId, organiserId, auroraId, fjordId, ...categories });
  });
  return true;
}

/**
 * The show's badge side, so that a first start shows working screens: one category per badge type
 * and a parking add-on, two questions, allocations (Emil holds a part of Aurora's) and a few badges.
 */
async function seedDemoBadges(
  tx: Database,
  ids: { eventId: number; organiserId: number; vipAdminId: number; auroraId: number; fjordId: number; staffId: number },
) {
  const { eventId } = ids;
  const category = (name: string, badgeType: BadgeType, sortOrder: number, extra: object = {}) => ({
    eventId,
    name,
    badgeType,
    sortOrder,
    ...extra,
  });
  const [staff, visitors, crew, vip, parking] = await tx
    .insert(badgeCategories)
    .values([
      category('Exhibitor staff', 'exhibitor', 0, {
        unitPriceCents: 4500,
        description: 'People working on the stand.',
      }),
      category('Trade visitor', 'visitor', 1, { description: 'Three-day trade pass.' }),
      category('Stand builders', 'contractor', 2, {
        unitPriceCents: 2000,
        description: 'Build-up and breakdown crews.',
      }),
      category('VIP guests', 'vip', 3, { description: 'Invited guests with lounge access.' }),
      category('Parking', 'exhibitor', 4, {
        type: 'addon',
        unitPriceCents: 2500,
        description: 'One parking space for the show days.',
      }),
    ])
    .returning({ id: badgeCategories.id });

  const [jobTitle, diet] = await tx
    .insert(customFields)
    .values([
      {
        eventId,
        badgeCategoryId: staff!.id,
        label: 'Job title',
        key: 'job_title',
        type: 'text',
        required: true,
        sortOrder: 0,
      },
      {
        eventId,
        badgeCategoryId: null,
        label: 'Dietary needs',
        key: 'dietary_needs',
        type: 'select',
        sortOrder: 0,
        helpText: 'For the exhibitor dinner and the VIP lounge.',
        options: [
          { value: 'none', label: 'None' },
          { value: 'vegetarian', label: 'Vegetarian' },
          { value: 'vegan', label: 'Vegan' },
          { value: 'gluten_free', label: 'Gluten-free' },
        ],
      },
    ])
    .returning({ id: customFields.id });

  const [auroraStaff, , , fjordStaff, , emilStaff] = await tx
    .insert(allocations)
    .values([
      { eventId, adminId: ids.auroraId, badgeCategoryId: staff!.id, quantity: 10 },
      { eventId, adminId: ids.auroraId, badgeCategoryId: crew!.id, quantity: 4 },
      { eventId, adminId: ids.auroraId, badgeCategoryId: parking!.id, quantity: 2 },
      { eventId, adminId: ids.fjordId, badgeCategoryId: staff!.id, quantity: 6 },
      { eventId, adminId: ids.fjordId, badgeCategoryId: crew!.id, quantity: 2 },
      { eventId, adminId: ids.staffId, badgeCategoryId: staff!.id, quantity: 2 },
    ])
    .returning({ id: allocations.id });
  await tx.update(allocations).set({ parentAllocationId: auroraStaff!.id }).where(eq(allocations.id, emilStaff!.id));

  type Person = [first: string, last: string, job: string | null, diet: string];
  const register = async (
    people: Person[],
    placement: {
      categoryId: number;
      badgeType: BadgeType;
      /** Of the badge holders' email addresses. */
      domain: string;
      createdBy: number;
      exhibitorId?: number;
      allocationId?: number;
    },
  ) => {
    const rows = await tx
      .insert(badges)
      .values(
        people.map(([firstName, lastName]) => ({
          eventId,
          badgeCategoryId: placement.categoryId,
          exhibitorId: placement.exhibitorId ?? null,
          allocationId: placement.allocationId ?? null,
          createdByAdminId: placement.createdBy,
          firstName,
          lastName,
          email: `${firstName}.${lastName}@${placement.domain}`.toLowerCase(),
          badgeType: placement.badgeType,
          code: newBadgeCode(),
        })),
      )
      .returning({ id: badges.id });
    const answers = rows.flatMap(({ id }, i) => {
      const [, , job, dietValue] = people[i]!;
      return [
        ...(job ? [{ badgeId: id, customFieldId: jobTitle!.id, value: job }] : []),
        { badgeId: id, customFieldId: diet!.id, value: dietValue },
      ];
    });
    await tx.insert(badgeFieldValues).values(answers);
    if (placement.allocationId) {
      await tx
        .update(allocations)
        .set({ used: sql`${allocations.used} + ${rows.length}` })
        .where(eq(allocations.id, placement.allocationId));
    }
  };

  await register(
    [
      ['Lars', 'Eriksen', 'Managing director', 'none'],
      ['Kari', 'Solberg', 'Sales engineer', 'vegetarian'],
      ['Jonas', 'Haugen', 'Robotics engineer', 'none'],
    ],
    {
      categoryId: staff!.id,
      badgeType: 'exhibitor',
      domain: 'aurora-robotics.example',
      createdBy: ids.auroraId,
      exhibitorId: ids.auroraId,
      allocationId: auroraStaff!.id,
    },
  );
  await register([['Emil', 'Dahl', 'Field technician', 'vegan']], {
    categoryId: staff!.id,
    badgeType: 'exhibitor',
    domain: 'aurora-robotics.example',
    createdBy: ids.staffId,
    exhibitorId: ids.auroraId,
    allocationId: emilStaff!.id,
  });
  await register([['Maja', 'Lindqvist', 'Head of partnerships', 'gluten_free']], {
    categoryId: staff!.id,
    badgeType: 'exhibitor',
    domain: 'fjord-energy.example',
    createdBy: ids.fjordId,
    exhibitorId: ids.fjordId,
    allocationId: fjordStaff!.id,
  });
  await register(
    [
      ['Nora', 'Bakken', null, 'none'],
      ['Henrik', 'Moen', null, 'vegetarian'],
    ],
    { categoryId: visitors!.id, badgeType: 'visitor', domain: 'guests.example', createdBy: ids.organiserId },
  );
  await register([['Astrid', 'Vik', null, 'none']], {
    categoryId: vip!.id,
    badgeType: 'vip',
    domain: 'guests.example',
    createdBy: ids.vipAdminId,
  });
  return { staffCategoryId: staff!.id, crewCategoryId: crew!.id };
}

/**
 * Two purchases, so that the purchase screens show data at once: Fjord's request awaiting the
 * organiser, and Aurora's two extra stand builders, approved, paid by bank transfer and invoiced
 * (the two places are part of Aurora's allocation of four).
 */
async function seedDemoPurchases(
  tx: Database,
  ids: {
    eventId: number;
    organiserId: number;
    auroraId: number;
    fjordId: number;
    staffCategoryId: number;
    crewCategoryId: number;
  },
) {
  const [, paid] = await tx
    .insert(allocationPurchases)
    .values([
      {
        eventId: ids.eventId,
        badgeCategoryId: ids.staffCategoryId,
        requestedByAdminId: ids.fjordId,
        exhibitorId: ids.fjordId,
        quantity: 4,
        unitPriceCents: 4500,
        totalPriceCents: 4 * 4500,
        currency: 'USD',
        comment: 'Our demo team grew: four more stand staff, please.',
      },
      {
        eventId: ids.eventId,
        badgeCategoryId: ids.crewCategoryId,
        requestedByAdminId: ids.auroraId,
        exhibitorId: ids.auroraId,
        status: 'paid',
        quantity: 3,
        acceptedAmount: 2,
        unitPriceCents: 2000,
        totalPriceCents: 3 * 2000,
        amountToPayCents: 2 * 2000,
        currency: 'USD',
        isPaid: true,
        comment: 'Extra crew for the robot arena build-up.',
        decisionComment: 'Two is what the loading bay allows.',
        decidedByAdminId: ids.organiserId,
        paymentProvider: 'manual',
        paymentReference: 'DEMO-TRANSFER-0001',
        approvedAt: new Date(),
        paidAt: new Date(),
      },
    ])
    .returning({ id: allocationPurchases.id });
  await tx.insert(paymentAttempts).values({
    allocationPurchaseId: paid!.id,
    provider: 'manual',
    externalId: 'DEMO-TRANSFER-0001',
    paymentReference: 'DEMO-TRANSFER-0001',
    amountCents: 2 * 2000,
    currency: 'USD',
    state: 'succeeded',
    createdByAdminId: ids.organiserId,
  });
  const invoice = await issueInvoice(tx, (await findPurchase(tx, paid!.id))!, 'Two is what the loading bay allows.');
  await tx
    .update(allocationPurchases)
    .set({ invoiceNumber: invoice.number })
    .where(eq(allocationPurchases.id, paid!.id));
}
