import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { allocations, badges } from '../../db/schema/badges';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import { formBody, reportOf, upload, xlsxOf } from '../bulk-imports/upload-helpers.test-support';
import { listEmailsTo } from '../email/email.repository';
import { badgeQrContentId } from './badge-mails';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  await t.db.insert(allocations).values({ eventId: w.eventA, adminId: w.exhibitorA.id, badgeCategoryId: w.categoryA, quantity: 20 });
});
afterAll(() => t.close());

let n = 0;
const person = (extra: object = {}) => {
  n += 1;
  return { firstName: 'Liv', lastName: `Berg ${n}`, email: `liv${n}@e-badges.example`, badgeCategoryId: w.categoryA, ...extra };
};
const create = (as: TestUser, body: object) => t.request(as, { method: 'POST', url: '/api/admin/exhibitor-users', payload: body });
const resend = (as: TestUser, id: number) => t.request(as, { method: 'POST', url: `/api/admin/exhibitor-users/${id}/resend-badge` });

describe('the badge mail on creation', () => {
  it('queues the badge with its PDF and inline QR code when asked, in the badge’s transaction', async () => {
    const body = person({ sendConfirmation: true });
    const res = await create(w.exhibitorA, body);
    expect(res.statusCode).toBe(201);
    const badge = res.json().data;
    const [mail, ...more] = await listEmailsTo(t.db, body.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ purpose: 'badge_confirmation', eventId: w.eventA, exhibitorId: w.exhibitorA.id, subject: 'Your badge for Event A' });
    expect(mail!.attachments).toEqual([
      { kind: 'badge', id: badge.id, format: 'pdf', fileName: `badge-${badge.code}.pdf` },
      { kind: 'badge', id: badge.id, format: 'png', fileName: `badge-${badge.code}-qr.png`, contentId: badgeQrContentId(badge.id) },
    ]);
    expect(mail!.htmlBody).toContain(`<img src="cid:${badgeQrContentId(badge.id)}"`);
    expect(mail!.textBody).toContain(`Badge code: ${badge.code}`);
  });

  it('takes the option as a form field too', async () => {
    const body = person();
    const res = await t.request(w.eventAdminA, {
      method: 'POST',
      url: '/api/admin/exhibitor-users',
      ...formBody({ ...body, sendConfirmation: 'true' }),
    });
    expect(res.statusCode).toBe(201);
    expect(await listEmailsTo(t.db, body.email)).toHaveLength(1);
  });

  it('sends nothing when told not to, or when the option is left out (the spec’s call)', async () => {
    const off = person({ sendConfirmation: false });
    const absent = person();
    expect((await create(w.exhibitorA, off)).statusCode).toBe(201);
    expect((await create(w.eventAdminA, absent)).statusCode).toBe(201);
    expect(await listEmailsTo(t.db, off.email)).toEqual([]);
    expect(await listEmailsTo(t.db, absent.email)).toEqual([]);
  });

  it('refuses an option that is not yes or no', async () => {
    const res = await create(w.exhibitorA, person({ sendConfirmation: 'yes' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ field: 'sendConfirmation' })]);
  });
});

describe('the badge mail on import', () => {
  const HEADER = ['First name', 'Last name', 'Email'];
  const fileOf = async (emails: string[]) => ({
    name: 'badges.xlsx',
    bytes: await xlsxOf([HEADER, ...emails.map((email, i) => ['Ines', `Roth ${i}`, email])]),
  });
  const fields = (extra: object = {}) => ({ eventId: w.eventA, badgeCategoryId: w.categoryA, ...extra });

  it('queues one mail per new badge in the import when asked', async () => {
    const emails = ['ines1@import.example', 'ines2@import.example'];
    const res = await upload(t, w.exhibitorA, 'exhibitor-users', fields({ sendConfirmation: 'true' }), await fileOf(emails));
    expect(reportOf(res)).toMatchObject({ imported: true, created: 2 });
    for (const email of emails) {
      const [badge] = await t.db.select().from(badges).where(eq(badges.email, email));
      const mails = await listEmailsTo(t.db, email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.textBody).toContain(badge!.code);
      expect(mails[0]!.htmlBody).toContain(`cid:${badgeQrContentId(badge!.id)}`);
      expect(mails[0]!.attachments?.map((attachment) => attachment.id)).toEqual([badge!.id, badge!.id]);
    }
    // The same file again matches the stored badges: nothing is new, nobody is mailed twice.
    const again = await upload(t, w.exhibitorA, 'exhibitor-users', fields({ sendConfirmation: 'true' }), await fileOf(emails));
    expect(reportOf(again)).toMatchObject({ imported: true, created: 0, unchanged: 2 });
    expect(await listEmailsTo(t.db, emails[0]!)).toHaveLength(1);
  });

  it('sends nothing without the option, as the spec’s upload, or with it off', async () => {
    const absent = 'ines3@import.example';
    const off = 'ines4@import.example';
    expect(reportOf(await upload(t, w.exhibitorA, 'exhibitor-users', fields(), await fileOf([absent])))).toMatchObject({ imported: true, created: 1 });
    expect(reportOf(await upload(t, w.exhibitorA, 'exhibitor-users', fields({ sendConfirmation: 'false' }), await fileOf([off])))).toMatchObject({ imported: true, created: 1 });
    expect(await listEmailsTo(t.db, absent)).toEqual([]);
    expect(await listEmailsTo(t.db, off)).toEqual([]);
  });

  it('refuses the option on an import that makes no badges', async () => {
    const res = await upload(t, w.eventAdminA, 'exhibitors', { eventId: w.eventA, sendConfirmation: 'true' }, await fileOf(['x@import.example']));
    // The option alone decides: the file is not read.
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'sendConfirmation', message: 'Only a badge import emails badges' }]);
  });
});

describe('resending a badge', () => {
  it('queues the mail again for whoever may edit the badge, and records it', async () => {
    const body = person();
    // A badge a sub-account registered: it, its exhibitor and the organiser may each send it.
    const [{ id }] = (await t.db
      .insert(badges)
      .values({
        eventId: w.eventA,
        badgeCategoryId: w.categoryA,
        exhibitorId: w.exhibitorA.id,
        createdByAdminId: w.subAccountA.id,
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        badgeType: 'exhibitor',
        code: 'RESEND2345',
      })
      .returning({ id: badges.id })) as [{ id: number }];
    for (const as of [w.subAccountA, w.exhibitorA, w.eventAdminA]) {
      const res = await resend(as, id);
      expect(res.statusCode).toBe(202);
      expect(res.json().data).toEqual({ outboxId: expect.any(Number), toAddress: body.email });
    }
    const mails = await listEmailsTo(t.db, body.email);
    expect(mails).toHaveLength(3);
    expect(mails.every((mail) => mail.attachments?.length === 2)).toBe(true);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'resend_badge'), eq(auditLog.entityId, String(id))))
      .orderBy(auditLog.id);
    expect(entries.map((entry) => entry.actorAdminId)).toEqual([w.subAccountA.id, w.exhibitorA.id, w.eventAdminA.id]);
  });

  it('answers 410 for a cancelled badge and queues nothing', async () => {
    const body = person();
    const badge = (await create(w.exhibitorA, body)).json().data;
    await t.request(w.exhibitorA, { method: 'PUT', url: `/api/admin/exhibitor-users/${badge.id}`, payload: { status: 'cancelled' } });
    const res = await resend(w.exhibitorA, badge.id);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ statusCode: 410, error: 'Gone', message: 'This badge is cancelled: it is not sent' });
    expect(await listEmailsTo(t.db, body.email)).toEqual([]);
  });

  it('answers 404 for another exhibitor’s badge and another event’s, and 403 without the permission', async () => {
    expect((await resend(w.exhibitorB, w.badgeA)).statusCode).toBe(404);
    expect((await resend(w.eventAdminB, w.badgeA)).statusCode).toBe(404);
    expect((await resend(w.noRole, w.badgeA)).statusCode).toBe(403);
  });
});
