import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeNextNumber } from '../features/invoices/document-numbers';
import { openDatabaseBefore } from '../test/migrations';
import { queryRows, type DatabaseHandle } from './client';
import { applyMigrations } from './migrate';

const MIGRATION = '0021_invoice_issuer_and_series';

let handle: DatabaseHandle;

/** An event with `count` invoices and one credit note numbered by the per-event counters, as before. */
async function showWithInvoices(n: number, count: number) {
  const db = handle.db;
  const [event] = await queryRows<{ id: number }>(
    db,
    sql`insert into events (name, slug) values (${`Expo ${n}`}, ${`expo-${n}`}) returning id`,
  );
  const snapshot = JSON.stringify({
    eventName: `Expo ${n}`,
    lines: [],
    currency: 'USD',
    totalAmount: 100,
    notes: null,
  });
  for (let sequence = 1; sequence <= count; sequence++) {
    await db.execute(sql`insert into invoices (event_id, sequence, number, snapshot)
      values (${event!.id}, ${sequence}, ${`INV-2026-${String(sequence).padStart(6, '0')}`}, ${snapshot}::jsonb)`);
  }
  await db.execute(sql`insert into credit_notes (event_id, invoice_id, kind, sequence, number, amount_cents, reason, snapshot)
    select ${event!.id}, id, 'refund', 1, 'CN-2026-000001', 100, 'Refund', ${snapshot}::jsonb from invoices where event_id = ${event!.id} limit 1`);
}

beforeAll(async () => {
  handle = await openDatabaseBefore(MIGRATION);
  await showWithInvoices(1, 3);
  await showWithInvoices(2, 5);
  await applyMigrations(handle);
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

describe(`migration ${MIGRATION}`, () => {
  it('keeps every document numbered before as it was, outside the new series', async () => {
    const rows = await queryRows<{ series: string | null; n: number }>(
      handle.db,
      sql`select series, cast(count(*) as integer) as n from invoices group by series`,
    );
    expect(rows).toEqual([{ series: null, n: 8 }]);
  });

  it('starts the portal-wide series above every number the events gave, so none is given twice', async () => {
    const at = new Date('2026-07-01T00:00:00Z');
    expect((await handle.db.transaction((tx) => takeNextNumber(tx, 'INV', at))).number).toBe('INV-2026-000006');
    expect((await handle.db.transaction((tx) => takeNextNumber(tx, 'CN', at))).number).toBe('CN-2026-000002');
  });
});
