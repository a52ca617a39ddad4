import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { and, eq, inArray } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins } from '../../db/schema/admins';
import { auditLog } from '../../db/schema/audit';
import { allocations, badgeCategories, badges, customFields } from '../../db/schema/badges';
import { emailTemplates } from '../../db/schema/email-templates';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import { listEmailsTo } from '../email/email.repository';
import { appFileStore } from '../files/stored-files.test-support';

let t: TestApp;
let w: World;
let dataDir: string;
let field: { role: number; cv: number; retired: number };
/** A second exhibitor of event A, whose places no link of exhibitor A may spend. */
let rival: TestUser;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portal-links-'));
  t = await createTestApp({
    DATA_DIR: dataDir,
    LOGIN_MAX_ATTEMPTS_PER_ADDRESS: 10_000,
    PUBLIC_URL: 'https://portal.test',
  });
  w = await createWorld(t);
  rival = await t.createUser({ roles: [SYSTEM_ROLE_NAMES.exhibitor], eventId: w.eventA });
  const rows = await t.db
    .insert(customFields)
    .values([
      { eventId: w.eventA, badgeCategoryId: w.categoryA, label: 'Role', key: 'role', type: 'text', required: true },
      {
        eventId: w.eventA,
        badgeCategoryId: w.categoryA,
        label: 'CV',
        key: 'cv',
        type: 'file',
        validation: { allowedMimeTypes: ['application/pdf'] },
      },
      {
        eventId: w.eventA,
        badgeCategoryId: w.categoryA,
        label: 'Retired',
        key: 'retired',
        type: 'text',
        isActive: false,
      },
    ])
    .returning({ id: customFields.id, key: customFields.key });
  field = Object.fromEntries(rows.map((row) => [row.key, row.id])) as typeof field;
  await allocate(w.eventAdminA, w.exhibitorA.id, 20);
  await allocate(w.exhibitorA, w.subAccountA.id, 2);
  await allocate(w.eventAdminA, rival.id, 5);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function allocate(as: TestUser, adminId: number, quantity: number) {
  const res = await t.request(as, {
    method: 'PUT',
    url: '/api/admin/allocations',
    payload: { adminId, badgeCategoryId: w.categoryA, quantity },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

const createLink = (as: TestUser, payload: object) =>
  t.request(as, {
    method: 'POST',
    url: '/api/admin/registration-links',
    payload: { kind: 'badge', badgeCategoryId: w.categoryA, ...payload },
  });
const linkOf = async (as: TestUser, payload: object = {}) => {
  const res = await createLink(as, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; exhibitorId: number };
};
const publicLink = (id: string) => t.app.inject({ method: 'GET', url: `/api/registration-links/${id}` });
const register = (id: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/admin/registration-links/${id}/create-user`, payload });
const listLinks = async (as: TestUser, query = 'kind=badge&per_page=100') =>
  (await t.request(as, { method: 'GET', url: `/api/admin/registration-links?${query}` })).json().data as {
    id: string;
    uses: number;
    lastUsedAt: string | null;
    revokedAt: string | null;
    exhibitorId: number;
    ownerName: string;
    badgeCategoryName: string;
  }[];
const usedOf = async (adminId: number) =>
  (await t.db.select({ used: allocations.used }).from(allocations).where(eq(allocations.adminId, adminId)))[0]!.used;

const storedFiles = () => appFileStore(t.database, dataDir).keys();

let n = 0;
const person = (extra: object = {}) => ({
  firstName: 'Rita',
  lastName: `Registrant ${++n}`,
  email: `rita${n}@guest.example`,
  customFieldValues: [{ customFieldId: field.role, value: 'Engineer' }],
  ...extra,
});

describe('creating badge links', () => {
  it('lets an exhibitor and a sub-account create links on their own places only', async () => {
    const own = await linkOf(w.exhibitorA, { maxUses: 5 });
    expect(own).toMatchObject({
      kind: 'badge',
      eventId: w.eventA,
      exhibitorId: w.exhibitorA.id,
      badgeCategoryName: 'Exhibitor staff',
      ownerName: expect.stringMatching(/^Company A – Test User/),
      uses: 0,
      maxUses: 5,
    });
    expect((await linkOf(w.subAccountA)).exhibitorId).toBe(w.subAccountA.id);
    for (const [as, exhibitorId] of [
      [w.exhibitorA, rival.id],
      [w.exhibitorA, w.subAccountA.id],
      [w.subAccountA, w.exhibitorA.id],
      [w.exhibitorB, w.exhibitorA.id],
    ] as const) {
      const res = await createLink(as, { exhibitorId });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([expect.objectContaining({ field: 'exhibitorId' })]);
    }
  });

  it('lets an organiser name any exhibitor or sub-account of its event, with places of the category', async () => {
    expect((await linkOf(w.eventAdminA, { exhibitorId: w.subAccountA.id })).exhibitorId).toBe(w.subAccountA.id);
    const refusals = [
      [w.eventAdminA, {}, 'exhibitorId'],
      [w.eventAdminA, { exhibitorId: w.exhibitorB.id }, 'exhibitorId'],
      [w.eventAdminA, { exhibitorId: w.eventAdminA.id }, 'exhibitorId'],
      [w.eventAdminB, { exhibitorId: w.exhibitorA.id }, 'exhibitorId'],
      [w.eventAdminA, { exhibitorId: w.exhibitorA.id, badgeCategoryId: w.categoryB }, 'badgeCategoryId'],
      [w.eventAdminA, { exhibitorId: w.exhibitorA.id, badgeCategoryId: w.vipCategoryA }, 'badgeCategoryId'],
      [w.vipAdminA, { exhibitorId: w.exhibitorA.id }, 'badgeCategoryId'],
    ] as const;
    for (const [as, payload, fieldName] of refusals) {
      const res = await createLink(as, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().details[0].field).toBe(fieldName);
    }
    const noPlaces = await createLink(w.eventAdminA, { exhibitorId: w.exhibitorA.id, badgeCategoryId: w.vipCategoryA });
    expect(noPlaces.json().details[0].message).toMatch(/Badge category not found|no places/);
  });

  it('keeps exhibitor links for those who manage exhibitors', async () => {
    const res = await t.request(w.exhibitorA, {
      method: 'POST',
      url: '/api/admin/registration-links',
      payload: { kind: 'exhibitor', eventId: w.eventA },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the public badge form', () => {
  it('shows the category and its active fields, and registers a badge on the owner’s places with a confirmation mail', async () => {
    const link = await linkOf(w.exhibitorA, { maxUses: 3 });
    const info = await publicLink(link.id);
    expect(info.statusCode).toBe(200);
    const data = info.json().data;
    expect(data).toMatchObject({
      kind: 'badge',
      event: { name: 'Event A' },
      category: { id: w.categoryA, name: 'Exhibitor staff', badgeType: 'exhibitor' },
      email: null,
    });
    expect(data.customFields.map((f: { key: string }) => f.key)).toEqual(['role', 'cv']);

    const usedBefore = await usedOf(w.exhibitorA.id);
    const body = person();
    const res = await register(link.id, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({ email: body.email, eventName: 'Event A', badgeCategory: 'Exhibitor staff' });
    expect(await usedOf(w.exhibitorA.id)).toBe(usedBefore + 1);
    const [badge] = await t.db.select().from(badges).where(eq(badges.email, body.email));
    expect(badge).toMatchObject({
      exhibitorId: w.exhibitorA.id,
      registrationLinkId: link.id,
      badgeCategoryId: w.categoryA,
    });
    const [mail] = await listEmailsTo(t.db, body.email);
    // About the exhibitor's badge, so the exhibitor's outbox lists it.
    expect(mail).toMatchObject({
      purpose: 'badge_confirmation',
      subject: 'Your badge for Event A',
      exhibitorId: w.exhibitorA.id,
    });
    expect(mail!.textBody).toContain(`Badge code: ${badge!.code}`);
    const listed = (await listLinks(w.exhibitorA)).find((l) => l.id === link.id)!;
    expect(listed.uses).toBe(1);
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('checks every field on the server and spends nothing on a refused form', async () => {
    const link = await linkOf(w.exhibitorA, { maxUses: 1 });
    const missing = await register(link.id, person({ customFieldValues: [] }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([expect.objectContaining({ field: 'customFieldValues.role' })]);
    const badEmail = await register(link.id, person({ email: 'nope' }));
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().details).toEqual([expect.objectContaining({ field: 'email' })]);
    expect((await listLinks(w.exhibitorA)).find((l) => l.id === link.id)!.uses).toBe(0);
    expect((await register(link.id, person())).statusCode).toBe(201);
  });

  it('spends the sub-account’s own places and refuses once they are gone, leaving the link’s count alone', async () => {
    const link = await linkOf(w.subAccountA, { maxUses: 10 });
    const exhibitorUsed = await usedOf(w.exhibitorA.id);
    expect((await register(link.id, person())).statusCode).toBe(201);
    expect((await register(link.id, person())).statusCode).toBe(201);
    const over = await register(link.id, person());
    expect(over.statusCode).toBe(422);
    expect(await usedOf(w.subAccountA.id)).toBe(2);
    expect(await usedOf(w.exhibitorA.id)).toBe(exhibitorUsed);
    expect(await usedOf(rival.id)).toBe(0);
    expect((await listLinks(w.subAccountA)).find((l) => l.id === link.id)!.uses).toBe(2);
  });

  it('registers one badge for a double submit, also when both arrive together', async () => {
    const link = await linkOf(w.exhibitorA, { maxUses: 10 });
    const body = person();
    const first = await register(link.id, body);
    const again = await register(link.id, body);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const together = person();
    const answers = await Promise.all(Array.from({ length: 5 }, () => register(link.id, together)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    for (const email of [body.email, together.email]) {
      expect(await t.db.select().from(badges).where(eq(badges.email, email))).toHaveLength(1);
      expect(await listEmailsTo(t.db, email)).toHaveLength(1);
    }
    expect((await listLinks(w.exhibitorA)).find((l) => l.id === link.id)!.uses).toBe(2);
  });

  it('answers an address that already holds a badge as a new one, spends nothing, and tells the holder by mail', async () => {
    const link = await linkOf(w.exhibitorA, { maxUses: 10 });
    const holder = person();
    const other = await linkOf(w.exhibitorA, { maxUses: 10 });
    expect((await register(other.id, holder)).statusCode).toBe(201);
    const usedBefore = await usedOf(w.exhibitorA.id);
    const newcomer = person();
    const fresh = await register(link.id, newcomer);
    const taken = await register(link.id, { ...holder, firstName: 'Mallory', lastName: 'Else' });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(taken.json().data).sort()).toEqual(Object.keys(fresh.json().data).sort());
    expect(taken.json().data).toMatchObject({ email: holder.email, eventName: fresh.json().data.eventName });
    // A refused form answers the same whether or not its address is registered.
    const invalid = { customFieldValues: [] };
    const refusedTaken = await register(link.id, { ...holder, ...invalid });
    const refusedNew = await register(link.id, { ...person(), ...invalid });
    expect([refusedTaken.statusCode, refusedTaken.json().message]).toEqual([
      refusedNew.statusCode,
      refusedNew.json().message,
    ]);

    const held = await t.db.select().from(badges).where(eq(badges.email, holder.email));
    expect(held.map((b) => [b.firstName, b.registrationLinkId])).toEqual([['Rita', other.id]]);
    expect(await usedOf(w.exhibitorA.id)).toBe(usedBefore + 1);
    expect((await listLinks(w.exhibitorA)).find((l) => l.id === link.id)!.uses).toBe(1);
    const mails = await listEmailsTo(t.db, holder.email);
    expect(mails.map((m) => m.purpose).sort()).toEqual(['badge_confirmation', 'registration_existing_badge']);
    const notice = mails.find((m) => m.purpose === 'registration_existing_badge')!;
    expect(notice.textBody).toContain('already holds a badge of that category');
    expect(notice.textBody).not.toContain('Mallory');
  });

  it('never lets concurrent registrations pass the link’s maximum', async () => {
    const link = await linkOf(w.exhibitorA, { maxUses: 2 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => register(link.id, person())));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 201, 410, 410, 410, 410]);
    const info = await publicLink(link.id);
    expect(info.statusCode).toBe(410);
    expect(info.json().message).toBe('This registration link has reached its limit');
  });

  it('answers an expired and a revoked link alike, and an unknown one with 404', async () => {
    const expired = await linkOf(w.exhibitorA, { expiresAt: new Date(Date.now() - 60_000).toISOString() });
    const revoked = await linkOf(w.exhibitorA);
    expect(
      (await t.request(w.exhibitorA, { method: 'DELETE', url: `/api/admin/registration-links/${revoked.id}` }))
        .statusCode,
    ).toBe(204);
    for (const id of [expired.id, revoked.id]) {
      const info = await publicLink(id);
      expect(info.statusCode).toBe(410);
      expect(info.json().message).toBe('This registration link has expired');
      expect((await register(id, person())).statusCode).toBe(410);
    }
    expect((await listLinks(w.exhibitorA)).find((l) => l.id === revoked.id)!.revokedAt).not.toBeNull();
    const deactivated = await t.createUser({ roles: [SYSTEM_ROLE_NAMES.exhibitor], eventId: w.eventA });
    await allocate(w.eventAdminA, deactivated.id, 1);
    const orphan = await linkOf(deactivated);
    await t.db.update(admins).set({ isActive: false }).where(eq(admins.id, deactivated.id));
    expect((await publicLink(orphan.id)).statusCode).toBe(410);
    expect((await register(orphan.id, person())).statusCode).toBe(410);
    expect((await publicLink('Z'.repeat(24))).statusCode).toBe(404);
    expect((await register('Z'.repeat(24), person())).statusCode).toBe(404);
  });

  it('takes files as customField[{id}] parts in a multipart form', async () => {
    const link = await linkOf(w.exhibitorA);
    const body = person();
    const form = new FormData();
    for (const key of ['firstName', 'lastName', 'email'] as const) form.append(key, body[key]);
    form.append('customFieldValues', JSON.stringify([{ customFieldId: field.role, value: 'Designer' }]));
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 32), Buffer.from('\n%%EOF')]);
    form.append(`customField[${field.cv}]`, new Blob([pdf], { type: 'application/pdf' }), 'cv.pdf');
    const send = async () => {
      const encoded = new Request('http://portal.test', { method: 'POST', body: form });
      return t.app.inject({
        method: 'POST',
        url: `/api/admin/registration-links/${link.id}/create-user`,
        headers: { 'content-type': encoded.headers.get('content-type')! },
        payload: Buffer.from(await encoded.arrayBuffer()),
      });
    };
    const res = await send();
    expect(res.statusCode, res.body).toBe(201);
    // Sent again, the form's file is not kept a second time.
    const stored = await storedFiles();
    expect((await send()).statusCode).toBe(201);
    expect(await storedFiles()).toEqual(stored);
    const [badge] = await t.db.select({ id: badges.id }).from(badges).where(eq(badges.email, body.email));
    const file = await t.request(w.exhibitorA, {
      method: 'GET',
      url: `/api/admin/exhibitor-users/${badge!.id}/files/${field.cv}`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
  });

  it('registers through POST /auth/register with the link named in the JSON body', async () => {
    const link = await linkOf(w.exhibitorA);
    const body = person();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { registrationLinkId: link.id, ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.email).toBe(body.email);
    const missingLink = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(missingLink.statusCode).toBe(400);
    expect(missingLink.json().details[0].field).toBe('registrationLinkId');
  });
});

describe('links for one recipient', () => {
  const sendLink = (as: TestUser, url: string, payload: object) =>
    t.request(as, { method: 'POST', url: `/api/admin/registration-links/${url}`, payload });

  it('emails a single-use link with the chosen template; only that address registers, and the confirmation uses the category’s template', async () => {
    const [chosen, confirmation, foreign] = await t.db
      .insert(emailTemplates)
      .values([
        {
          eventId: w.eventA,
          name: 'Staff invite',
          purpose: 'registration_link',
          subject: 'Your staff badge, {{firstName}}',
          htmlBody: '<p>Register: <a href="{{registrationLink}}">here</a></p>',
          textBody: 'Register at {{registrationLink}}',
        },
        {
          eventId: w.eventA,
          badgeCategoryId: w.categoryA,
          name: 'Staff confirmation',
          purpose: 'badge_confirmation',
          subject: 'Staff badge {{badgeCode}}',
          htmlBody: '<p>{{badgeCode}}</p>',
        },
        {
          eventId: w.eventB,
          name: 'B invite',
          purpose: 'registration_link',
          subject: 'B',
          htmlBody: '<p>{{registrationLink}}</p>',
        },
      ])
      .returning({ id: emailTemplates.id });
    const recipient = { email: 'invited@guest.example', firstName: 'Ines', lastName: 'Invited' };
    const refused = await sendLink(w.exhibitorA, 'user-badge-category', {
      ...recipient,
      badgeCategoryId: w.categoryA,
      emailTemplateId: foreign!.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].field).toBe('emailTemplateId');
    expect(await listEmailsTo(t.db, recipient.email)).toHaveLength(0);

    const res = await sendLink(w.exhibitorA, 'user-badge-category', {
      ...recipient,
      badgeCategoryId: w.categoryA,
      emailTemplateId: chosen!.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const link = res.json().data;
    expect(link).toMatchObject({ maxUses: 1, email: recipient.email, exhibitorId: w.exhibitorA.id });
    const [invitation] = await listEmailsTo(t.db, recipient.email);
    expect(invitation).toMatchObject({
      purpose: 'registration_link',
      exhibitorId: w.exhibitorA.id,
      subject: 'Your staff badge, Ines',
      textBody: `Register at https://portal.test/register/${link.id}`,
    });

    expect((await publicLink(link.id)).json().data.email).toBe(recipient.email);
    const other = await register(link.id, person());
    expect(other.statusCode).toBe(400);
    expect(other.json().details[0].field).toBe('email');
    expect((await register(link.id, person({ ...recipient }))).statusCode).toBe(201);
    const [badge] = await t.db.select({ code: badges.code }).from(badges).where(eq(badges.email, recipient.email));
    const mails = await listEmailsTo(t.db, recipient.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your staff badge, Ines', `Staff badge ${badge!.code}`]);
    await t.db
      .update(emailTemplates)
      .set({ isActive: false })
      .where(inArray(emailTemplates.id, [chosen!.id, confirmation!.id]));
  });

  it('takes the owner’s only allocated category when none is named, else asks for one; the built-in text when no template is chosen', async () => {
    const recipient = { email: 'solo@guest.example', firstName: 'Sol', lastName: 'Solo' };
    const res = await sendLink(w.subAccountA, 'user', recipient);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ badgeCategoryId: w.categoryA, exhibitorId: w.subAccountA.id });
    const [mail] = await listEmailsTo(t.db, recipient.email);
    expect(mail!.subject).toBe('Register your badge for Event A');
    // A sub-account's link is its exhibitor's record too: the exhibitor's outbox lists the mail.
    expect(mail!.exhibitorId).toBe(w.exhibitorA.id);
    expect(mail!.textBody).toContain('Company A has a badge for you at Event A');

    const [second] = await t.db
      .insert(badgeCategories)
      .values({ eventId: w.eventA, name: 'Crew', badgeType: 'exhibitor' })
      .returning({ id: badgeCategories.id });
    await t.request(w.eventAdminA, {
      method: 'PUT',
      url: '/api/admin/allocations',
      payload: { adminId: rival.id, badgeCategoryId: second!.id, quantity: 1 },
    });
    const ambiguous = await sendLink(rival, 'user', { ...recipient, email: 'two@guest.example' });
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json().details[0].field).toBe('badgeCategoryId');
    const needsCategory = await sendLink(rival, 'user-badge-category', recipient);
    expect(needsCategory.statusCode).toBe(400);
    expect(needsCategory.json().details[0].field).toBe('badgeCategoryId');
  });
});

describe('listing and revoking badge links', () => {
  it('shows an exhibitor its own and its sub-accounts’ links, a sub-account its own, and refuses others’ revocations', async () => {
    const mine = await linkOf(w.exhibitorA);
    const subs = await linkOf(w.subAccountA);
    const rivals = await linkOf(rival);
    const seenByExhibitor = (await listLinks(w.exhibitorA)).map((l) => l.id);
    expect(seenByExhibitor).toEqual(expect.arrayContaining([mine.id, subs.id]));
    expect(seenByExhibitor).not.toContain(rivals.id);
    const seenBySub = await listLinks(w.subAccountA);
    expect(seenBySub.every((l) => l.exhibitorId === w.subAccountA.id)).toBe(true);
    expect((await listLinks(w.eventAdminA)).map((l) => l.id)).toEqual(
      expect.arrayContaining([mine.id, subs.id, rivals.id]),
    );
    expect(await listLinks(w.eventAdminB)).toEqual([]);
    expect((await listLinks(w.exhibitorA, 'kind=exhibitor')).length).toBe(0);
    expect((await listLinks(w.eventAdminA, `kind=badge&exhibitorId=${rival.id}`)).map((l) => l.id)).toEqual([
      rivals.id,
    ]);

    for (const [as, id] of [
      [w.subAccountA, mine.id],
      [w.exhibitorA, rivals.id],
      [w.eventAdminB, mine.id],
    ] as const) {
      expect((await t.request(as, { method: 'DELETE', url: `/api/admin/registration-links/${id}` })).statusCode).toBe(
        404,
      );
    }
    expect(
      (await t.request(w.exhibitorA, { method: 'DELETE', url: `/api/admin/registration-links/${subs.id}` })).statusCode,
    ).toBe(204);
    expect((await publicLink(subs.id)).statusCode).toBe(410);
  });
});

describe('the history of badge links', () => {
  it('files a link’s creation and revocation under the exhibitor whose places it hands out, a sub-account’s under its exhibitor', async () => {
    const subs = await linkOf(w.subAccountA);
    const organisers = await linkOf(w.eventAdminA, { exhibitorId: rival.id });
    expect(
      (await t.request(w.eventAdminA, { method: 'DELETE', url: `/api/admin/registration-links/${subs.id}` })).statusCode,
    ).toBe(204);
    const entries = await t.db
      .select({ action: auditLog.action, entityId: auditLog.entityId, exhibitorId: auditLog.exhibitorId })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'registration-link'), inArray(auditLog.entityId, [subs.id, organisers.id])))
      .orderBy(auditLog.id);
    expect(entries).toEqual([
      { action: 'create', entityId: subs.id, exhibitorId: w.exhibitorA.id },
      { action: 'create', entityId: organisers.id, exhibitorId: rival.id },
      { action: 'revoke', entityId: subs.id, exhibitorId: w.exhibitorA.id },
    ]);
    // The exhibitor finds them in its own history; the rival's link is not among them.
    const history = await t.request(w.exhibitorA, { method: 'GET', url: `/api/audit/records/exhibitor/${w.exhibitorA.id}?per_page=100` });
    const ids = (history.json().data as { entityId: string }[]).map((entry) => entry.entityId);
    expect(ids).toContain(subs.id);
    expect(ids).not.toContain(organisers.id);
  });
});

describe('a VIP admin’s own links', () => {
  const vipLink = (as: TestUser, payload: object = {}) => createLink(as, { badgeCategoryId: w.vipCategoryA, ...payload });

  it('owns the links it makes in a VIP category of its event, and the badges registered through one are VIP badges', async () => {
    const res = await vipLink(w.vipAdminA, { maxUses: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const link = res.json().data as { id: string; exhibitorId: number };
    expect(link.exhibitorId).toBe(w.vipAdminA.id);
    const info = (await publicLink(link.id)).json().data;
    expect(info.category).toMatchObject({ id: w.vipCategoryA, badgeType: 'vip' });

    const guest = { firstName: 'Vera', lastName: 'Guest', email: `vera${++n}@vip.example` };
    const registered = await register(link.id, guest);
    expect(registered.statusCode, registered.body).toBe(201);
    const [badge] = await t.db.select().from(badges).where(eq(badges.email, guest.email));
    // Nobody's places: VIP guests are the VIP admin's, as when it registers them in the portal.
    expect(badge).toMatchObject({ badgeType: 'vip', badgeCategoryId: w.vipCategoryA, exhibitorId: null, allocationId: null });
    const listed = await listLinks(w.vipAdminA);
    expect(listed.map((l) => l.id)).toContain(link.id);
    expect(listed.find((l) => l.id === link.id)!.uses).toBe(1);
    // Another event's organiser does not see it.
    expect((await listLinks(w.eventAdminB)).map((l) => l.id)).not.toContain(link.id);
  });

  it('sends a VIP invitation to one recipient', async () => {
    const email = `guest${++n}@vip.example`;
    const res = await t.request(w.vipAdminA, {
      method: 'POST',
      url: '/api/admin/registration-links/user-badge-category',
      payload: { badgeCategoryId: w.vipCategoryA, email, firstName: 'Gro', lastName: 'Guest' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await listEmailsTo(t.db, email);
    expect(mail?.textBody).toMatch(/https:\/\/portal\.test\/register\/[\w-]+/);
  });

  it('refuses another badge type, another event’s category, no category, and an account that may not create badges', async () => {
    for (const [payload, fieldName] of [
      [{ badgeCategoryId: w.categoryA }, 'badgeCategoryId'],
      [{ badgeCategoryId: w.categoryB }, 'badgeCategoryId'],
      [{ badgeCategoryId: undefined }, 'badgeCategoryId'],
    ] as const) {
      const res = await vipLink(w.vipAdminA, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().details[0].field).toBe(fieldName);
    }
    // An organiser still names the owner: its own account holds no places.
    const organiser = await vipLink(w.eventAdminA);
    expect(organiser.statusCode).toBe(400);
    expect(organiser.json().details[0].field).toBe('exhibitorId');
    expect((await vipLink(w.noRole)).statusCode).toBe(403);
  });
});
