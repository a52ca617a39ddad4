import type { PurchaseStatus } from '@portal/shared/allocation-purchases';
import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { admins } from '../../db/schema/admins';
import { allocationPurchases } from '../../db/schema/allocation-purchases';
import { badgeCategories } from '../../db/schema/badges';
import { companies } from '../../db/schema/companies';
import { events } from '../../db/schema/events';
import { containsPattern, countWhere, fetchPage, orderBy, pageWindow, type Page } from '../../lib/listing';
import type { Scope } from '../auth/scope';

const requester = alias(admins, 'requester');
const exhibitor = alias(admins, 'exhibitor');
const requesterCompany = alias(companies, 'requester_company');
const exhibitorCompany = alias(companies, 'exhibitor_company');

const purchaseColumns = {
  id: allocationPurchases.id,
  eventId: allocationPurchases.eventId,
  eventName: events.name,
  accountingEmail: events.accountingEmail,
  badgeCategoryId: allocationPurchases.badgeCategoryId,
  categoryName: badgeCategories.name,
  categoryDisplayName: badgeCategories.displayName,
  requestedByAdminId: allocationPurchases.requestedByAdminId,
  requesterFirstName: requester.firstName,
  requesterLastName: requester.lastName,
  requesterEmail: requester.email,
  requesterIsSubAccount: sql<boolean>`(${requester.exhibitorId} is not null)`,
  companyName: sql<string | null>`coalesce(${requesterCompany.name}, ${exhibitorCompany.name})`,
  companyAddress: sql<string | null>`coalesce(${requesterCompany.address}, ${exhibitorCompany.address})`,
  companyVatNumber: sql<string | null>`coalesce(${requesterCompany.vatNumber}, ${exhibitorCompany.vatNumber})`,
  companyCountry: sql<string | null>`coalesce(${requesterCompany.country}, ${exhibitorCompany.country})`,
  exhibitorId: allocationPurchases.exhibitorId,
  status: allocationPurchases.status,
  quantity: allocationPurchases.quantity,
  acceptedAmount: allocationPurchases.acceptedAmount,
  unitPriceCents: allocationPurchases.unitPriceCents,
  totalPriceCents: allocationPurchases.totalPriceCents,
  amountToPayCents: allocationPurchases.amountToPayCents,
  refundedCents: allocationPurchases.refundedCents,
  placesRemoved: allocationPurchases.placesRemoved,
  currency: allocationPurchases.currency,
  buyerVatId: allocationPurchases.buyerVatId,
  buyerReference: allocationPurchases.buyerReference,
  billingStreet: allocationPurchases.billingStreet,
  billingPostcode: allocationPurchases.billingPostcode,
  billingCity: allocationPurchases.billingCity,
  vatCategory: allocationPurchases.vatCategory,
  vatRateBasisPoints: allocationPurchases.vatRateBasisPoints,
  vatListedRateBasisPoints: allocationPurchases.vatListedRateBasisPoints,
  pricesIncludeTax: allocationPurchases.pricesIncludeTax,
  vatExemptionReason: allocationPurchases.vatExemptionReason,
  netAmountCents: allocationPurchases.netAmountCents,
  taxAmountCents: allocationPurchases.taxAmountCents,
  isPaid: allocationPurchases.isPaid,
  comment: allocationPurchases.comment,
  decisionComment: allocationPurchases.decisionComment,
  invoiceNumber: allocationPurchases.invoiceNumber,
  paymentProvider: allocationPurchases.paymentProvider,
  paymentReference: allocationPurchases.paymentReference,
  requestedAt: allocationPurchases.requestedAt,
  approvedAt: allocationPurchases.approvedAt,
  rejectedAt: allocationPurchases.rejectedAt,
  paidAt: allocationPurchases.paidAt,
  cancelledAt: allocationPurchases.cancelledAt,
};

/** The VAT number on file for a requester's company, which a request without a VAT ID of its own is made with. */
export async function companyVatNumber(db: Database, companyId: number | null): Promise<string | null> {
  if (companyId === null) return null;
  const [row] = await db.select({ vatNumber: companies.vatNumber }).from(companies).where(eq(companies.id, companyId));
  return row?.vatNumber ?? null;
}

export type PurchaseRow = NonNullable<Awaited<ReturnType<typeof findPurchase>>>;

/**
 * Purchases a scope reaches: its event's; an exhibitor its own and its sub-accounts'; a sub-account
 * its own. A VIP admin, whatever its roles grant, reaches only the purchases of VIP categories.
 */
export function purchaseScopeFilter(scope: Scope): SQL | undefined {
  const vipOnly = scope.vipOnly
    ? sql`exists (select 1 from badge_categories vip where vip.id = ${allocationPurchases.badgeCategoryId} and vip.badge_type = 'vip')`
    : undefined;
  return and(ownerFilter(scope), vipOnly);
}

function ownerFilter(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'global':
      return undefined;
    case 'event':
      return eq(allocationPurchases.eventId, scope.eventId);
    case 'exhibitor':
      return eq(allocationPurchases.exhibitorId, scope.exhibitorId);
    case 'sub-account':
      return eq(allocationPurchases.requestedByAdminId, scope.subAccountId);
  }
}

function joined(db: Database) {
  return db
    .select(purchaseColumns)
    .from(allocationPurchases)
    .innerJoin(events, eq(events.id, allocationPurchases.eventId))
    .innerJoin(badgeCategories, eq(badgeCategories.id, allocationPurchases.badgeCategoryId))
    .innerJoin(requester, eq(requester.id, allocationPurchases.requestedByAdminId))
    .innerJoin(exhibitor, eq(exhibitor.id, allocationPurchases.exhibitorId))
    .leftJoin(requesterCompany, eq(requesterCompany.id, requester.companyId))
    .leftJoin(exhibitorCompany, eq(exhibitorCompany.id, exhibitor.companyId));
}

export async function findPurchase(db: Database, id: number, scopeFilter?: SQL) {
  const [row] = await joined(db).where(and(eq(allocationPurchases.id, id), scopeFilter));
  return row;
}

export type PurchaseFilter = {
  sort?: string;
  eventId?: number;
  exhibitorId?: number;
  badgeCategoryId?: number;
  status?: PurchaseStatus;
  is_paid?: boolean;
  from?: string;
  to?: string;
  search?: string;
};

/** `to` as a bare date means the whole of that day. */
/**
 * The end of a `to` filter: the next midnight (UTC) for a day, the instant itself for a date-time.
 * PostgreSQL adds the day, so that the last day of the year 9999 ends in the year 10000, which
 * JavaScript would write in a form PostgreSQL does not read.
 */
function endOf(to: string): SQL {
  return /^\d{4}-\d{2}-\d{2}$/.test(to) ? sql`${`${to}T00:00:00Z`}::timestamptz + interval '1 day'` : sql`${new Date(to)}::timestamptz`;
}

/** The purchases of a scope that a list's filter keeps. */
function purchaseWhere(scopeFilter: SQL | undefined, query: PurchaseFilter): SQL | undefined {
  return and(
    scopeFilter,
    query.eventId ? eq(allocationPurchases.eventId, query.eventId) : undefined,
    query.exhibitorId ? eq(allocationPurchases.exhibitorId, query.exhibitorId) : undefined,
    query.badgeCategoryId ? eq(allocationPurchases.badgeCategoryId, query.badgeCategoryId) : undefined,
    query.status ? eq(allocationPurchases.status, query.status) : undefined,
    query.is_paid === undefined ? undefined : eq(allocationPurchases.isPaid, query.is_paid),
    query.from ? gte(allocationPurchases.requestedAt, new Date(query.from)) : undefined,
    query.to ? lt(allocationPurchases.requestedAt, endOf(query.to)) : undefined,
    query.search
      ? sql`(${allocationPurchases.invoiceNumber} ilike ${containsPattern(query.search)} or exists (
          select 1 from admins a left join companies c on c.id = a.company_id
           where a.id in (allocation_purchases.requested_by_admin_id, allocation_purchases.exhibitor_id)
             and (a.first_name || ' ' || a.last_name || ' ' || a.email || ' ' || coalesce(c.name, '')) ilike ${containsPattern(query.search)}))`
      : undefined,
  );
}

const purchaseOrder = (sort: string | undefined) =>
  orderBy(
    sort,
    {
      purchasedAt: allocationPurchases.requestedAt,
      status: allocationPurchases.status,
      totalPrice: allocationPurchases.totalPriceCents,
    },
    allocationPurchases.id,
    '-purchasedAt',
  );

export async function listPurchases(db: Database, scopeFilter: SQL | undefined, query: Page & PurchaseFilter) {
  const where = purchaseWhere(scopeFilter, query);
  const order = purchaseOrder(query.sort);
  const { limit, offset } = pageWindow(query);
  const pageIds = db
    .select({ id: allocationPurchases.id })
    .from(allocationPurchases)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return fetchPage(
    () =>
      joined(db)
        .where(inArray(allocationPurchases.id, pageIds))
        .orderBy(...order),
    () => countWhere(db, allocationPurchases, where),
  );
}

/** The ids of every purchase the list's filter keeps, in the list's order: an export's rows. */
export async function purchaseIds(db: Database, scopeFilter: SQL | undefined, filter: PurchaseFilter): Promise<number[]> {
  const rows = await db
    .select({ id: allocationPurchases.id })
    .from(allocationPurchases)
    .where(purchaseWhere(scopeFilter, filter))
    .orderBy(...purchaseOrder(filter.sort));
  return rows.map((row) => row.id);
}

export async function purchasesByIds(db: Database, ids: number[]) {
  return joined(db).where(inArray(allocationPurchases.id, ids));
}

export async function insertPurchase(db: Database, values: typeof allocationPurchases.$inferInsert): Promise<number> {
  const [row] = await db.insert(allocationPurchases).values(values).returning({ id: allocationPurchases.id });
  return row!.id;
}

/**
 * Moves a purchase from one of `from` to the next state in one conditional statement: of two
 * concurrent transitions only one finds the row still in its source state. Answers whether it won.
 */
export async function transition(
  db: Database,
  id: number,
  from: readonly PurchaseStatus[],
  changes: Partial<typeof allocationPurchases.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(allocationPurchases)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(allocationPurchases.id, id), inArray(allocationPurchases.status, [...from])))
    .returning({ id: allocationPurchases.id });
  return rows.length === 1;
}

/** Locks the purchase row for the rest of the transaction and answers its current state. */
export async function lockPurchase(db: Database, id: number) {
  const [row] = await db.select().from(allocationPurchases).where(eq(allocationPurchases.id, id)).for('update');
  return row;
}

export async function setInvoiceNumber(db: Database, id: number, invoiceNumber: string) {
  await db
    .update(allocationPurchases)
    .set({ invoiceNumber, updatedAt: sql`now()` })
    .where(eq(allocationPurchases.id, id));
}

export async function countRequested(db: Database, scopeFilter: SQL | undefined): Promise<number> {
  return countWhere(db, allocationPurchases, and(scopeFilter, eq(allocationPurchases.status, 'requested')));
}

/** The event's organisers who decide on purchases: its active admins holding update_allocation_purchase, exhibitors aside. */
export async function organiserEmails(db: Database, eventId: number): Promise<string[]> {
  const rows = await db
    .select({ email: admins.email })
    .from(admins)
    .where(
      and(
        eq(admins.eventId, eventId),
        eq(admins.isActive, true),
        sql`${admins.exhibitorId} is null`,
        sql`exists (select 1 from admin_roles ar join role_permissions rp on rp.role_id = ar.role_id
                      join permissions p on p.id = rp.permission_id
                     where ar.admin_id = ${admins.id} and p.name = 'update_allocation_purchase')`,
        sql`not exists (select 1 from admin_roles ar join roles r on r.id = ar.role_id
                         where ar.admin_id = ${admins.id} and (lower(r.name) like '%exhibitor%' or lower(r.name) like '%sub-account%'))`,
      ),
    )
    .orderBy(admins.id);
  return rows.map((row) => row.email);
}
