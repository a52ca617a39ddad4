import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorld, TEST_PASSWORD, type TestApp, type TestUser, type World } from '../../test/harness';
import { listEmailsTo } from '../email/email.repository';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_ADDRESS: 10_000, PUBLIC_URL: 'https://portal.test' });
  w = await createWorld(t);
});
afterAll(() => t.close());

const createLink = (as: TestUser, payload: object) =>
  t.request(as, { method: 'POST', url: '/api/admin/registration-links', payload });
const register = (id: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/admin/registration-links/${id}/create`, payload });

let n = 0;
const company = () => ({
  companyName: `Self Registered ${++n}`,
  firstName: 'Siri',
  lastName: 'Solberg',
  email: `siri${n}@self.example`,
});
const NEW_PASSWORD = 'Self-Register-2027';

describe('exhibitor registration links', () => {
  it('shows the event publicly and lets a company register itself; the owner of the email chooses the password', async () => {
    const link = (await createLink(w.eventAdminA, { eventId: w.eventA, kind: 'exhibitor' })).json().data;
    expect(link.id).toMatch(/^[\w-]{24}$/);
    const info = await t.app.inject({ method: 'GET', url: `/api/registration-links/${link.id}` });
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({ kind: 'exhibitor', event: { name: 'Event A' } });
    const body = company();
    const res = await register(link.id, body);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { email: body.email, eventName: 'Event A' } });
    const [invitation] = await listEmailsTo(t.db, body.email);
    expect(invitation).toMatchObject({ purpose: 'invitation' });
    const token = invitation!.textBody.match(/https:\/\/portal\.test\/accept-invitation\/([\w-]+)/)?.[1];
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/accept-invitation',
      payload: { token, password: NEW_PASSWORD },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().admin).toMatchObject({
      type: 'exhibitor',
      eventId: w.eventA,
      companyName: body.companyName,
    });
  });

  it('answers an email that already has an account exactly as a new one, and emails its owner instead', async () => {
    const link = (await createLink(w.systemAdmin, { eventId: w.eventA, kind: 'exhibitor', maxUses: 5 })).json().data;
    const fresh = company();
    const existing = { ...company(), email: w.exhibitorB.email };
    const forFresh = await register(link.id, fresh);
    const forExisting = await register(link.id, existing);
    expect(forExisting.statusCode).toBe(forFresh.statusCode);
    expect(Object.keys(forExisting.json().data)).toEqual(Object.keys(forFresh.json().data));
    expect(forExisting.json()).toEqual({ data: { email: existing.email, eventName: 'Event A' } });

    const [notice] = await listEmailsTo(t.db, w.exhibitorB.email);
    expect(notice).toMatchObject({ purpose: 'registration_existing_account', subject: 'Registration for Event A' });
    expect(notice!.textBody).toContain('https://portal.test/login');
    expect(notice!.textBody).toContain('https://portal.test/forgot-password');
    // The existing account is untouched, and no use of the link was taken for it.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { email: w.exhibitorB.email, password: TEST_PASSWORD },
    });
    expect(login.json().admin).toMatchObject({ id: w.exhibitorB.id, eventId: w.eventB });
    const links = await t.request(w.systemAdmin, {
      method: 'GET',
      url: `/api/admin/registration-links?eventId=${w.eventA}&per_page=100`,
    });
    expect(links.json().data.find((l: { id: string }) => l.id === link.id).uses).toBe(1);
  });

  it('never lets concurrent registrations pass the link’s maximum', async () => {
    const link = (await createLink(w.systemAdmin, { eventId: w.eventB, kind: 'exhibitor', maxUses: 3 })).json().data;
    const results = await Promise.all(Array.from({ length: 8 }, () => register(link.id, company())));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 202)).toHaveLength(3);
    expect(statuses.filter((s) => s === 410)).toHaveLength(5);
    const info = await t.app.inject({ method: 'GET', url: `/api/registration-links/${link.id}` });
    expect(info.statusCode).toBe(410);
    expect(info.json().message).toBe('This registration link has reached its limit');
  });

  it('refuses an expired link, an unknown one and a malformed one', async () => {
    const expired = (
      await createLink(w.systemAdmin, {
        eventId: w.eventA,
        kind: 'exhibitor',
        expiresAt: new Date(Date.now() - 60_000).toISOString(),
      })
    ).json().data;
    const res = await register(expired.id, company());
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('This registration link has expired');
    expect((await register('A'.repeat(24), company())).statusCode).toBe(404);
    // Text that cannot be a link's id names no link either.
    expect((await register('bad', company())).statusCode).toBe(404);
  });

  it('does not count a failed registration against the link', async () => {
    const link = (await createLink(w.systemAdmin, { eventId: w.eventA, kind: 'exhibitor', maxUses: 1 })).json().data;
    expect((await register(link.id, { ...company(), email: w.exhibitorA.email })).statusCode).toBe(202);
    const invalid = await register(link.id, { ...company(), email: 'not-an-email' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details).toEqual([expect.objectContaining({ field: 'email' })]);
    expect((await register(link.id, company())).statusCode).toBe(202);
    expect((await register(link.id, company())).statusCode).toBe(410);
  });

  it('lets an event admin create links for its own event only', async () => {
    const res = await createLink(w.eventAdminA, { eventId: w.eventB, kind: 'exhibitor' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('eventId');
  });
});

describe('managing registration links', () => {
  it('lists the links of the caller’s event and revokes one, which then answers like an expired one', async () => {
    const link = (await createLink(w.eventAdminA, { eventId: w.eventA, kind: 'exhibitor', maxUses: 5 })).json().data;
    const listed = await t.request(w.eventAdminA, {
      method: 'GET',
      url: '/api/admin/registration-links?kind=exhibitor',
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.every((l: { eventId: number }) => l.eventId === w.eventA)).toBe(true);
    expect(listed.json().data.map((l: { id: string }) => l.id)).toContain(link.id);
    expect(
      (await t.request(w.eventAdminB, { method: 'DELETE', url: `/api/admin/registration-links/${link.id}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request(w.eventAdminA, { method: 'DELETE', url: `/api/admin/registration-links/${link.id}` }))
        .statusCode,
    ).toBe(204);
    const revoked = await t.app.inject({ method: 'GET', url: `/api/registration-links/${link.id}` });
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json().message).toBe('This registration link has expired');
    expect((await register(link.id, company())).statusCode).toBe(410);
    const after = (await t.request(w.eventAdminA, { method: 'GET', url: '/api/admin/registration-links' })).json().data;
    expect(after.find((l: { id: string }) => l.id === link.id).revokedAt).not.toBeNull();
  });
});
