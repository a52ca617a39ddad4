import { formatMoney } from '@portal/shared/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from './client';
import { openDatabaseBefore } from '../test/migrations';
import { applyMigrations } from './migrate';

const MIGRATION = '0017_money_minor_units';

/** How every screen showed a stored amount before: hundredths of the major unit, Intl's digits. */
const shownBefore = (stored: number, currency: string) =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(stored / 100);

// One event per kind of currency: two decimals (USD, EUR), none (JPY), three (KWD), and a code
// saved before the list existed (XXX). Each holds the same stored numbers: 4550 a place, 3 places.
const CURRENCIES = ['USD', 'EUR', 'JPY', 'KWD', 'XXX'] as const;
const UNIT = 4550;
const TOTAL = 3 * UNIT;

let handle: DatabaseHandle;

async function insertShow(currency: string, n: number) {
  const db = handle.db;
  const [event] = await queryRows<{ id: number }>(
    db,
    sql`insert into events (name, slug, currency) values (${`Expo ${currency}`}, ${`expo-${n}`}, ${currency}) returning id`,
  );
  const [admin] = await queryRows<{ id: number }>(
    db,
    sql`insert into admins (email, first_name, last_name, event_id) values (${`ex${n}@example.test`}, 'Ada', 'Lind', ${event!.id}) returning id`,
  );
  const [category] = await queryRows<{ id: number }>(
    db,
    sql`insert into badge_categories (event_id, name, badge_type, unit_price_cents)
        values (${event!.id}, 'Staff', 'exhibitor', ${UNIT}) returning id`,
  );
  const [purchase] = await queryRows<{ id: number }>(
    db,
    sql`insert into allocation_purchases (event_id, badge_category_id, requested_by_admin_id, exhibitor_id, status,
          quantity, accepted_amount, unit_price_cents, total_price_cents, amount_to_pay_cents, refunded_cents, places_removed, currency, is_paid)
        values (${event!.id}, ${category!.id}, ${admin!.id}, ${admin!.id}, 'partially_refunded',
          3, 3, ${UNIT}, ${TOTAL}, ${TOTAL}, ${UNIT}, 1, ${currency}, true) returning id`,
  );
  const [attempt] = await queryRows<{ id: number }>(
    db,
    sql`insert into payment_attempts (allocation_purchase_id, provider, external_id, amount_cents, currency, state)
        values (${purchase!.id}, 'sandbox', ${`sbx_${n}`}, ${TOTAL}, ${currency}, 'succeeded') returning id`,
  );
  await db.execute(
    sql`insert into payment_refunds (allocation_purchase_id, payment_attempt_id, provider, amount_cents, reason, kind, state)
        values (${purchase!.id}, ${attempt!.id}, 'sandbox', ${UNIT}, 'One place less', 'requested', 'succeeded')`,
  );
  await db.execute(
    sql`insert into sandbox_sessions (id, allocation_purchase_id, amount_cents, refunded_cents, currency, description, state)
        values (${`sbx_${n}`}, ${purchase!.id}, ${TOTAL}, ${UNIT}, ${currency}, 'Badge Allocation', 'succeeded')`,
  );
  const snapshot = (amount: number, quantity: number) => ({
    eventName: `Expo ${currency}`,
    billTo: {
      companyName: 'Acme',
      contactName: 'Ada Lind',
      email: `ex${n}@example.test`,
      address: null,
      vatNumber: null,
    },
    lines: [{ description: 'Badge Allocation: Staff', quantity, unitPrice: UNIT, total: amount }],
    currency,
    totalAmount: amount,
    notes: null,
  });
  const [invoice] = await queryRows<{ id: number }>(
    db,
    sql`insert into invoices (event_id, allocation_purchase_id, sequence, number, snapshot)
        values (${event!.id}, ${purchase!.id}, 1, 'INV-2026-000001', ${JSON.stringify(snapshot(TOTAL, 3))}::jsonb) returning id`,
  );
  await db.execute(
    sql`insert into credit_notes (event_id, allocation_purchase_id, invoice_id, kind, sequence, number, amount_cents, reason, snapshot)
        values (${event!.id}, ${purchase!.id}, ${invoice!.id}, 'refund', 1, 'CN-2026-000001', ${UNIT}, 'One place less',
          ${JSON.stringify(snapshot(UNIT, 1))}::jsonb)`,
  );
}

type Amounts = Record<string, number | null>;

/** Every stored money figure of the show in `currency`, by where it is kept. */
async function amountsOf(currency: string): Promise<Amounts> {
  const [row] = await queryRows<Amounts>(
    handle.db,
    sql`select
          c.unit_price_cents as "category.unitPrice",
          p.unit_price_cents as "purchase.unitPrice",
          p.total_price_cents as "purchase.totalPrice",
          p.amount_to_pay_cents as "purchase.amountToPay",
          p.refunded_cents as "purchase.refunded",
          a.amount_cents as "attempt.amount",
          r.amount_cents as "refund.amount",
          s.amount_cents as "sandbox.amount",
          s.refunded_cents as "sandbox.refunded",
          (i.snapshot->>'totalAmount')::integer as "invoice.totalAmount",
          (i.snapshot->'lines'->0->>'unitPrice')::integer as "invoice.line.unitPrice",
          (i.snapshot->'lines'->0->>'total')::integer as "invoice.line.total",
          n.amount_cents as "creditNote.amount",
          (n.snapshot->>'totalAmount')::integer as "creditNote.totalAmount",
          (n.snapshot->'lines'->0->>'unitPrice')::integer as "creditNote.line.unitPrice",
          (n.snapshot->'lines'->0->>'total')::integer as "creditNote.line.total"
        from events e
        join badge_categories c on c.event_id = e.id
        join allocation_purchases p on p.event_id = e.id
        join payment_attempts a on a.allocation_purchase_id = p.id
        join payment_refunds r on r.allocation_purchase_id = p.id
        join sandbox_sessions s on s.allocation_purchase_id = p.id
        join invoices i on i.allocation_purchase_id = p.id
        join credit_notes n on n.invoice_id = i.id
        where e.currency = ${currency}`,
  );
  return row!;
}

const before: Record<string, Amounts> = {};

beforeAll(async () => {
  handle = await openDatabaseBefore(MIGRATION);
  for (const [n, currency] of CURRENCIES.entries()) await insertShow(currency, n);
  for (const currency of CURRENCIES) before[currency] = await amountsOf(currency);
  await applyMigrations(handle);
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

describe(`migration ${MIGRATION}`, () => {
  it('starts from the same stored numbers in every currency', () => {
    for (const currency of CURRENCIES)
      expect(new Set(Object.values(before[currency]!))).toEqual(new Set([UNIT, TOTAL]));
  });

  it('keeps two-decimal currencies and unknown codes as they were', async () => {
    for (const currency of ['USD', 'EUR', 'XXX']) expect(await amountsOf(currency)).toEqual(before[currency]);
  });

  it('turns JPY hundredths into whole yen, rounded as the screens showed them', async () => {
    const after = await amountsOf('JPY');
    // ¥45.5 showed as ¥46 and ¥136.5 as ¥137: what people saw is what is kept.
    for (const [column, stored] of Object.entries(before.JPY!))
      expect(after[column], column).toBe(stored === UNIT ? 46 : 137);
  });

  it('turns KWD hundredths into fils', async () => {
    const after = await amountsOf('KWD');
    for (const [column, stored] of Object.entries(before.KWD!)) expect(after[column], column).toBe(stored! * 10);
  });

  it('changes no amount anyone has seen, in any currency', async () => {
    for (const currency of ['USD', 'EUR', 'JPY', 'KWD']) {
      const after = await amountsOf(currency);
      for (const [column, stored] of Object.entries(before[currency]!)) {
        expect(formatMoney(after[column]!, currency), `${currency} ${column}`).toBe(shownBefore(stored!, currency));
      }
    }
  });

  it('leaves none of its helper functions behind', async () => {
    const rows = await queryRows<{ proname: string }>(
      handle.db,
      sql`select proname from pg_proc where proname like 'money_minor_units_%'`,
    );
    expect(rows).toEqual([]);
  });
});
