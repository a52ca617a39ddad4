import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema/email';
import { EXACT_COUNT_LIMIT } from '../../lib/listing';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import { enqueueEmail } from './email.repository';

let t: TestApp;
let w: World;
const ids = { aboutExhibitorA: 0, invitationA: 0, organiserA: 0, eventB: 0 };

const list = (user: TestUser | null, query = '') =>
  t.request(user, { method: 'GET', url: `/api/admin/email-outbox${query}` });
const retry = (user: TestUser, id: number) =>
  t.request(user, { method: 'POST', url: `/api/admin/email-outbox/${id}/retry` });
const addresses = async (user: TestUser, query = '') =>
  ((await list(user, query)).json().data as { toAddress: string }[]).map((m) => m.toAddress).sort();

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  ids.aboutExhibitorA = await enqueueEmail(t.db, {
    toAddress: 'buyer@a.example',
    subject: 'Approved',
    textBody: 'Amount to pay: $10.00',
    purpose: 'purchase-approved',
    eventId: w.eventA,
    exhibitorId: w.exhibitorA.id,
    attachments: [{ kind: 'invoice', id: 1, fileName: 'INV-2026-000001.pdf' }],
  });
  ids.invitationA = await enqueueEmail(t.db, {
    toAddress: 'new@a.example',
    subject: 'Your account',
    textBody: 'https://portal.test/accept-invitation/SECRET-TOKEN',
    purpose: 'invitation',
    eventId: w.eventA,
    exhibitorId: w.exhibitorA.id,
    recipientAdminId: w.exhibitorA.id,
  });
  ids.organiserA = await enqueueEmail(t.db, {
    toAddress: 'organiser@a.example',
    subject: 'Request',
    textBody: 'Approve it',
    purpose: 'purchase-requested',
    eventId: w.eventA,
  });
  ids.eventB = await enqueueEmail(t.db, {
    toAddress: 'someone@b.example',
    subject: 'B',
    textBody: 'B',
    purpose: 'purchase-approved',
    eventId: w.eventB,
    exhibitorId: w.exhibitorB.id,
  });
  await t.db
    .update(emailOutbox)
    .set({ status: 'failed', attempts: 8, lastError: '550 Mailbox unavailable' })
    .where(eq(emailOutbox.id, ids.organiserA));
  await t.db
    .update(emailOutbox)
    .set({ status: 'sent', attempts: 1, sentAt: new Date() })
    .where(eq(emailOutbox.id, ids.eventB));
});
afterAll(() => t.close());

describe('email outbox', () => {
  it('shows an organiser its event’s messages with status, attempts and last error', async () => {
    const res = await list(w.eventAdminA, '?sort=toAddress');
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toMatchObject({ page: 1, total: 3 });
    const failed = res.json().data.find((m: { id: number }) => m.id === ids.organiserA);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 8,
      lastError: '550 Mailbox unavailable',
      eventName: 'Event A',
      textBody: 'Approve it',
    });
    expect(failed.attachments).toEqual([]);
    // The names of the documents a message carries, not where they are kept.
    const approved = res.json().data.find((m: { id: number }) => m.id === ids.aboutExhibitorA);
    expect(approved.attachments).toEqual(['INV-2026-000001.pdf']);
    expect(await addresses(w.eventAdminB)).toEqual(['someone@b.example']);
    expect(await addresses(w.systemAdmin)).toEqual(expect.arrayContaining(['buyer@a.example', 'someone@b.example']));
  });

  it('shows an exhibitor only the messages about its own records', async () => {
    expect(await addresses(w.exhibitorA)).toEqual(['buyer@a.example', 'new@a.example']);
    expect(await addresses(w.exhibitorB)).toEqual(['someone@b.example']);
  });

  it('never shows the body of a message that carries a link', async () => {
    const body = JSON.stringify((await list(w.systemAdmin)).json());
    expect(body).not.toContain('SECRET-TOKEN');
    const invitation = (await list(w.exhibitorA, '?purpose=invitation')).json().data;
    expect(invitation).toEqual([
      expect.objectContaining({ id: ids.invitationA, subject: 'Your account', textBody: null }),
    ]);
  });

  it('filters by status, purpose, event and address, and pages', async () => {
    expect(await addresses(w.systemAdmin, `?status=failed&eventId=${w.eventA}`)).toEqual(['organiser@a.example']);
    expect(await addresses(w.eventAdminA, '?purpose=purchase-approved')).toEqual(['buyer@a.example']);
    expect(await addresses(w.eventAdminA, '?search=NEW@A')).toEqual(['new@a.example']);
    const page = (await list(w.eventAdminA, '?per_page=2&page=2&sort=-createdAt')).json();
    expect(page.meta).toMatchObject({ page: 2, per_page: 2, total: 3, total_pages: 2 });
    expect(page.data).toHaveLength(1);
    const bad = await list(w.eventAdminA, '?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('status');
  });

  it('makes a failed message due now, refuses a sent one, and keeps other events’ messages out of reach', async () => {
    const res = await retry(w.eventAdminA, ids.organiserA);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'pending', attempts: 8 });
    expect(new Date(res.json().data.nextAttemptAt).getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    const sent = await retry(w.eventAdminB, ids.eventB);
    expect(sent.statusCode).toBe(409);
    expect(sent.json().message).toBe('This message is already sent');

    expect((await retry(w.eventAdminB, ids.organiserA)).statusCode).toBe(404);
    expect((await retry(w.exhibitorA, ids.organiserA)).statusCode).toBe(404);
    expect((await retry(w.exhibitorA, ids.aboutExhibitorA)).statusCode).toBe(200);
  });

  it('is refused to accounts without the permission', async () => {
    expect((await list(w.noRole)).statusCode).toBe(403);
    expect((await list(w.vipAdminA)).statusCode).toBe(403);
    expect((await list(w.subAccountA)).statusCode).toBe(403);
    expect((await list(null)).statusCode).toBe(401);
  });

  it('counts exactly up to the cap and estimates beyond it, as a show of many badges needs', async () => {
    const counted = async () => (await list(w.systemAdmin, '?purpose=bulk-count&per_page=1')).json().meta;
    const add = (from: number, to: number) =>
      t.db.execute(sql`insert into email_outbox (to_address, subject, text_body, purpose, event_id, status)
        select 'bulk' || i || '@count.example', 'Bulk', 'Body', 'bulk-count', ${w.eventB}, 'sent' from generate_series(cast(${from} as int), cast(${to} as int)) i`);
    await add(1, 30);
    expect(await counted()).toEqual({ page: 1, per_page: 1, total: 30, total_pages: 30 });
    await add(31, EXACT_COUNT_LIMIT + 30);
    await t.db.execute(sql`analyze email_outbox`);
    const beyond = await counted();
    expect(beyond.estimated).toBe(true);
    expect(beyond.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
  });
});
