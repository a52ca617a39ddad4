import type { CsvMappingInput } from '@portal/shared/bank-statements';
import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { and, eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { queryRows } from '../../db/client';
import { allocations, badgeCategories } from '../../db/schema/badges';
import { companies } from '../../db/schema/companies';
import { events } from '../../db/schema/events';
import type { TestApp, TestUser } from '../../test/harness';
import { formBody } from '../bulk-imports/upload-helpers.test-support';

let shows = 0;

/**
 * A fixture statement with its `{PLACEHOLDERS}` filled in (invoice numbers are only known once
 * issued). Replaced byte for byte through Latin-1, so a Windows-1252 file stays Windows-1252.
 */
export function fixture(name: string, values: Record<string, string> = {}): Buffer {
  let text = readFileSync(new URL(`./fixtures/${name}`, import.meta.url)).toString('latin1');
  for (const [key, value] of Object.entries(values)) text = text.replaceAll(`{${key}}`, value);
  return Buffer.from(text, 'latin1');
}

/** An event of its own in `currency` with one priced category, one exhibitor and its organiser. */
export async function newShow(t: TestApp, currency = 'EUR', unitPrice = 7100) {
  const n = ++shows;
  const [event] = await t.db
    .insert(events)
    .values({ name: `Bank Expo ${n}`, slug: `bank-expo-${n}-${Date.now()}`, currency })
    .returning({ id: events.id });
  const eventId = event!.id;
  const [category] = await t.db
    .insert(badgeCategories)
    .values({ eventId, name: 'Extra staff', badgeType: 'exhibitor', unitPriceCents: unitPrice })
    .returning({ id: badgeCategories.id });
  const [company] = await t.db.insert(companies).values({ name: `Stand ${n}`, eventId }).returning({ id: companies.id });
  const exhibitor = await t.createUser({ roles: [SYSTEM_ROLE_NAMES.exhibitor], eventId, companyId: company!.id });
  const organiser = await t.createUser({ roles: [SYSTEM_ROLE_NAMES.eventAdmin], eventId });

  /** An approved purchase of `places`, with its invoice issued. */
  async function invoiced(places = 3): Promise<{ id: number; number: string; amount: number }> {
    const created = await t.request(exhibitor, {
      method: 'POST',
      url: '/api/admin/allocation-purchases',
      payload: { badgeCategoryId: category!.id, quantity: places },
    });
    expect(created.statusCode, created.body).toBe(201);
    const approved = await t.request(organiser, {
      method: 'PUT',
      url: `/api/admin/allocation-purchases/${created.json().data.id}`,
      payload: { action: 'approve', accepted_amount: places },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const data = approved.json().data;
    return { id: data.id, number: data.invoice_id, amount: data.amount_to_pay };
  }

  async function purchase(id: number) {
    const response = await t.request(organiser, { method: 'GET', url: `/api/admin/allocation-purchases/${id}` });
    return response.json().data;
  }

  async function places(): Promise<number> {
    const [row] = await t.db
      .select({ quantity: allocations.quantity })
      .from(allocations)
      .where(and(eq(allocations.adminId, exhibitor.id), eq(allocations.badgeCategoryId, category!.id)));
    return row?.quantity ?? 0;
  }

  async function recordedLines(): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select cast(count(*) as integer) as n from bank_statement_lines where event_id = ${eventId}`,
    );
    return row!.n;
  }

  return { eventId, categoryId: category!.id, exhibitor, organiser, invoiced, purchase, places, recordedLines };
}

export type Show = Awaited<ReturnType<typeof newShow>>;

type Statement = { name: string; bytes: Buffer; mapping?: CsvMappingInput; lines?: string[]; format?: string };

export function sendStatement(t: TestApp, as: TestUser, eventId: number, step: 'preview' | 'confirm', statement: Statement) {
  const fields = {
    format: statement.format,
    mapping: statement.mapping ? JSON.stringify(statement.mapping) : undefined,
    lines: statement.lines ? JSON.stringify(statement.lines) : undefined,
  };
  const type = statement.name.endsWith('.xml') ? 'application/xml' : 'text/csv';
  return t.request(as, {
    method: 'POST',
    url: `/api/admin/events/${eventId}/bank-statements/${step}`,
    ...formBody(fields, { name: statement.name, bytes: statement.bytes, type }),
  });
}
