import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../db/schema/roles';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';
import { setRolePermissions } from '../roles/roles.repository';
import { newShow, sendStatement, type Show } from './bank-statements.test-support';

let t: TestApp;
let show: Show;
let otherShow: Show;
let invoice: { id: number; number: string };
let statement: { name: string; bytes: Buffer; mapping: { date: 0; reference: 1; amount: 2; decimalSeparator: '.'; dateFormat: 'YYYY-MM-DD' } };
let key: string;

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_PROVIDER: 'manual' });
  show = await newShow(t);
  otherShow = await newShow(t);
  invoice = await show.invoiced(3);
  statement = {
    name: 's.csv',
    bytes: Buffer.from(`Date,Text,Amount\n2026-11-20,${invoice.number},213.00\n`),
    mapping: { date: 0, reference: 1, amount: 2, decimalSeparator: '.', dateFormat: 'YYYY-MM-DD' },
  };
  const preview = await sendStatement(t, show.organiser, show.eventId, 'preview', statement);
  expect(preview.json().data.lines[0].status).toBe('matched');
  key = preview.json().data.lines[0].key;
}, 120_000);
afterAll(() => t?.close());

async function bothSteps(as: TestUser | null, eventId: number) {
  const preview = await sendStatement(t, as as TestUser, eventId, 'preview', statement);
  const confirm = await sendStatement(t, as as TestUser, eventId, 'confirm', { ...statement, lines: [key] });
  return [preview.statusCode, confirm.statusCode];
}

describe('who may read bank statements against an event', () => {
  it('refuses the anonymous, accounts without the permissions, exhibitors and organisers of other events, recording nothing', async () => {
    const anonymous = await t.request(null, { method: 'POST', url: `/api/admin/events/${show.eventId}/bank-statements/preview` });
    expect(anonymous.statusCode).toBe(401);
    expect(await bothSteps(await t.createUser({ eventId: show.eventId }), show.eventId)).toEqual([403, 403]);
    expect(await bothSteps(show.exhibitor, show.eventId)).toEqual([403, 403]);
    const subAccount = await t.createUser({
      roles: [SYSTEM_ROLE_NAMES.subAccount],
      eventId: show.eventId,
      exhibitorId: show.exhibitor.id,
    });
    expect(await bothSteps(subAccount, show.eventId)).toEqual([403, 403]);
    expect(await bothSteps(otherShow.organiser, show.eventId)).toEqual([404, 404]);
    expect((await show.purchase(invoice.id)).status).toBe('approved');
    expect(await show.recordedLines()).toBe(0);
  });

  it('never reaches another event’s invoices through an organiser’s own event', async () => {
    const preview = await sendStatement(t, otherShow.organiser, otherShow.eventId, 'preview', statement);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data.lines[0]).toMatchObject({ status: 'unmatched', purchase: null });
    const confirm = await sendStatement(t, otherShow.organiser, otherShow.eventId, 'confirm', { ...statement, lines: [key] });
    expect(confirm.statusCode).toBe(409);
    expect((await show.purchase(invoice.id)).status).toBe('approved');
  });

  it('keeps exhibitors out even when their role is given the payment permissions', async () => {
    const [exhibitorRole] = await t.db.select().from(roles).where(eq(roles.name, SYSTEM_ROLE_NAMES.exhibitor));
    await setRolePermissions(t.db, exhibitorRole!.id, ['create_payment', 'update_allocation_purchase', 'view_allocation_purchase']);
    expect(await bothSteps(show.exhibitor, show.eventId)).toEqual([403, 403]);
    expect((await show.purchase(invoice.id)).status).toBe('approved');
  });

  it('lets the event’s organiser record it', async () => {
    const confirm = await sendStatement(t, show.organiser, show.eventId, 'confirm', { ...statement, lines: [key] });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((await show.purchase(invoice.id)).status).toBe('paid');
  });
});
