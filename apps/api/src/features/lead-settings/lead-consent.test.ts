import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badges } from '../../db/schema/badges';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';

let t: TestApp;
let w: World;
let counter = 0;
const FIRST = 'Ich bin einverstanden, dass Aussteller, die meinen Ausweis scannen, meine Kontaktdaten erhalten.';
const SECOND = 'Piekrītu, ka izstādes dalībnieki saņem manu e-pastu un tālruni.';

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_ADDRESS: 10_000 });
  w = await createWorld(t);
  for (const [as, exhibitorId, badgeCategoryId] of [
    [w.eventAdminA, w.exhibitorA.id, w.categoryA],
    [w.eventAdminB, w.exhibitorB.id, w.categoryB],
  ] as const) {
    const res = await t.request(as, { method: 'PUT', url: '/api/admin/allocations', payload: { adminId: exhibitorId, badgeCategoryId, quantity: 50 } });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  await askConsent(FIRST);
});
afterAll(() => t.close());

async function askConsent(consentWording: string | null, eventId = w.eventA, as: TestUser = w.eventAdminA) {
  const res = await t.request(as, {
    method: 'PUT',
    url: `/api/admin/events/${eventId}/lead-settings`,
    payload: { releasedFields: ['email'], askConsent: consentWording !== null, consentWording, retentionDays: 60, scanningByDefault: true },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function linkOf(as: TestUser, badgeCategoryId: number): Promise<string> {
  const res = await t.request(as, { method: 'POST', url: '/api/admin/registration-links', payload: { kind: 'badge', badgeCategoryId } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

const person = (leadConsent?: unknown) => ({
  firstName: 'Līga',
  lastName: 'Bērziņa',
  email: `liga${++counter}@visitor.example`,
  ...(leadConsent === undefined ? {} : { leadConsent }),
});

async function consentOf(email: string) {
  const [row] = await t.db
    .select({ version: badges.leadConsentVersion, at: badges.leadConsentAt })
    .from(badges)
    .where(eq(badges.email, email));
  return row!;
}

describe('consent at registration through a badge link', () => {
  it('shows the wording and its version on the public link of an event that asks, none where it does not', async () => {
    const linkA = await linkOf(w.exhibitorA, w.categoryA);
    expect((await t.request(null, { method: 'GET', url: `/api/registration-links/${linkA}` })).json().data.leadConsent).toEqual({
      wording: FIRST,
      version: 1,
    });
    const linkB = await linkOf(w.exhibitorB, w.categoryB);
    expect((await t.request(null, { method: 'GET', url: `/api/registration-links/${linkB}` })).json().data.leadConsent).toBeNull();
  });

  it('stores the version a visitor agreed to and when; no or no answer stores nothing', async () => {
    const link = await linkOf(w.exhibitorA, w.categoryA);
    const register = (payload: object) => t.request(null, { method: 'POST', url: `/api/admin/registration-links/${link}/create-user`, payload });
    const yes = person(true);
    const started = Date.now();
    expect((await register(yes)).statusCode).toBe(201);
    const stored = await consentOf(yes.email);
    expect(stored.version).toBe(1);
    expect(stored.at!.getTime()).toBeGreaterThanOrEqual(started - 1000);
    for (const answer of [false, undefined]) {
      const other = person(answer);
      expect((await register(other)).statusCode).toBe(201);
      expect(await consentOf(other.email)).toEqual({ version: null, at: null });
    }
    expect((await register(person('maybe'))).statusCode).toBe(400);

    // A new wording: later visitors agree to version 2, the earlier one keeps version 1.
    await askConsent(SECOND);
    const later = person(true);
    expect((await register(later)).statusCode).toBe(201);
    expect((await consentOf(later.email)).version).toBe(2);
    expect((await consentOf(yes.email)).version).toBe(1);
    await askConsent(FIRST);
  });

  it('takes the answer from a multipart form and through POST /auth/register', async () => {
    const link = await linkOf(w.exhibitorA, w.categoryA);
    const multipart = person();
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...multipart, leadConsent: 'true' })) form.append(key, value);
    const encoded = new Request('http://portal.test', { method: 'POST', body: form });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/registration-links/${link}/create-user`,
      headers: { 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await consentOf(multipart.email)).version).toBe(3);

    const json = person(true);
    const viaBody = await t.request(null, { method: 'POST', url: '/api/auth/register', payload: { ...json, registrationLinkId: link } });
    expect(viaBody.statusCode, viaBody.body).toBe(201);
    expect((await consentOf(json.email)).version).toBe(3);
  });

  it('ignores the answer where the event asks no question', async () => {
    const link = await linkOf(w.exhibitorB, w.categoryB);
    const visitor = person(true);
    expect((await t.request(null, { method: 'POST', url: `/api/admin/registration-links/${link}/create-user`, payload: visitor })).statusCode).toBe(201);
    expect(await consentOf(visitor.email)).toEqual({ version: null, at: null });
  });
});

describe('consent on a badge the organiser or the exhibitor registers', () => {
  const create = (as: TestUser, payload: object) =>
    t.request(as, { method: 'POST', url: '/api/admin/exhibitor-users', payload: { badgeCategoryId: w.categoryA, ...payload } });
  const update = (as: TestUser, id: number, payload: object) => t.request(as, { method: 'PUT', url: `/api/admin/exhibitor-users/${id}`, payload });

  it('records a yes on creation and shows it on the badge, not in the list', async () => {
    const res = await create(w.eventAdminA, { ...person(true), exhibitorId: w.exhibitorA.id });
    expect(res.statusCode, res.body).toBe(201);
    const badge = res.json().data;
    expect(badge.leadConsent).toEqual({ version: 3, at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) });
    expect((await t.request(w.eventAdminA, { method: 'GET', url: `/api/admin/exhibitor-users/${badge.id}` })).json().data.leadConsent).toEqual(
      badge.leadConsent,
    );
    const list = await t.request(w.eventAdminA, { method: 'GET', url: `/api/admin/exhibitor-users?search=${encodeURIComponent(badge.email)}` });
    expect(list.json().data[0]).not.toHaveProperty('leadConsent');

    const own = await create(w.exhibitorA, person(false));
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().data.leadConsent).toBeNull();
  });

  it('clears it with a no, leaves it when the answer is left out, and ignores answers where none is asked', async () => {
    const created = (await create(w.exhibitorA, person(true))).json().data;
    expect(created.leadConsent).toMatchObject({ version: 3 });
    const untouched = await update(w.exhibitorA, created.id, { firstName: 'Līva' });
    expect(untouched.statusCode, untouched.body).toBe(200);
    expect(untouched.json().data.leadConsent).toEqual(created.leadConsent);
    const cleared = await update(w.eventAdminA, created.id, { leadConsent: false });
    expect(cleared.json().data.leadConsent).toBeNull();
    expect(await consentOf(created.email)).toEqual({ version: null, at: null });
    expect((await update(w.eventAdminA, created.id, { leadConsent: true })).json().data.leadConsent).toMatchObject({ version: 3 });

    // The event stops asking: an answer changes nothing, a consent already given stays.
    await askConsent(null);
    expect((await update(w.eventAdminA, created.id, { leadConsent: false })).json().data.leadConsent).toMatchObject({ version: 3 });
    const unasked = (await create(w.eventAdminA, person(true))).json().data;
    expect(unasked.leadConsent).toBeNull();
    await askConsent(FIRST);
  });
});
