import { listResponseSchema } from '@portal/shared/common';
import { exhibitorSchema } from '@portal/shared/exhibitors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEmailsTo } from '../email/email.repository';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://portal.test' });
  w = await createWorld(t);
});
afterAll(() => t.close());

const send = (as: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.request(as, { method, url, payload });
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email, password } });

let n = 0;
const newExhibitor = (extra: object = {}) => ({
  eventId: w.eventA,
  companyName: `Nordic Widgets ${++n}`,
  firstName: 'Kari',
  lastName: 'Nordmann',
  email: `kari${n}@widgets.example`,
  booth: `B-${n}`,
  hall: 'Hall 2',
  phone: '+47 22 00 00 00',
  website: 'https://widgets.example',
  profile: 'We make widgets.',
  ...extra,
});

describe('creating exhibitors', () => {
  it('creates company, account with the Exhibitor role and profile; the exhibitor signs in as an exhibitor', async () => {
    const body = newExhibitor({ password: 'Widget-Pass-2027' });
    const res = await send(w.eventAdminA, 'POST', '/api/admin/exhibitors', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      eventId: w.eventA,
      eventName: 'Event A',
      companyName: body.companyName,
      name: 'Kari Nordmann',
      booth: body.booth,
      hall: 'Hall 2',
      hasPassword: true,
      subAccountCount: 0,
    });
    const login = await signIn(body.email, 'Widget-Pass-2027');
    expect(login.statusCode).toBe(200);
    expect(login.json().admin).toMatchObject({ type: 'exhibitor', eventId: w.eventA, companyName: body.companyName });
  });

  it('invites an exhibitor without a password by email; the link sets the password once', async () => {
    const body = newExhibitor();
    const res = await send(w.eventAdminA, 'POST', '/api/admin/exhibitors', body);
    expect(res.json().data.hasPassword).toBe(false);
    const [email] = await listEmailsTo(t.db, body.email);
    expect(email).toMatchObject({ purpose: 'invitation', status: 'pending', subject: 'Your Exhibitor Portal account for Event A' });
    const token = /https:\/\/portal\.test\/accept-invitation\/([\w-]+)/.exec(email!.textBody)![1]!;
    expect((await signIn(body.email, 'Chosen-Pass-2027')).statusCode).toBe(401);

    const weak = await send(null, 'POST', '/api/auth/accept-invitation', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    const accepted = await send(null, 'POST', '/api/auth/accept-invitation', { token, password: 'Chosen-Pass-2027' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().admin.type).toBe('exhibitor');
    expect((await signIn(body.email, 'Chosen-Pass-2027')).statusCode).toBe(200);
    const again = await send(null, 'POST', '/api/auth/accept-invitation', { token, password: 'Another-Pass-2027' });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('This invitation link is invalid, used or expired');
  });

  it('links an existing company of the event, and refuses one of another event', async () => {
    const linked = await send(w.eventAdminA, 'POST', '/api/admin/exhibitors', newExhibitor({ companyName: undefined, companyId: w.companyA }));
    expect(linked.statusCode).toBe(201);
    expect(linked.json().data.companyId).toBe(w.companyA);
    const foreign = await send(w.eventAdminA, 'POST', '/api/admin/exhibitors', newExhibitor({ companyName: undefined, companyId: w.companyB }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details[0].field).toBe('companyId');
    const both = await send(w.eventAdminA, 'POST', '/api/admin/exhibitors', newExhibitor({ companyId: w.companyA }));
    expect(both.statusCode).toBe(400);
  });

  it('keeps an event admin in its event and refuses a taken email; nothing is written on failure', async () => {
    const elsewhere = await send(w.eventAdminA, 'POST', '/api/admin/exhibitors', newExhibitor({ eventId: w.eventB }));
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().details[0].field).toBe('eventId');
    const before = (await send(w.systemAdmin, 'GET', '/api/admin/companies?per_page=1')).json().meta.total;
    const taken = await send(w.eventAdminA, 'POST', '/api/admin/exhibitors', newExhibitor({ email: w.exhibitorB.email }));
    expect(taken.statusCode).toBe(409);
    expect((await send(w.systemAdmin, 'GET', '/api/admin/companies?per_page=1')).json().meta.total).toBe(before);
  });
});

describe('reading, updating and deleting exhibitors', () => {
  it('lists the exhibitors of the scope with search, filter and sort', async () => {
    const mine = (await send(w.eventAdminA, 'GET', '/api/admin/exhibitors?per_page=100')).json();
    expect(mine.data.every((e: { eventId: number }) => e.eventId === w.eventA)).toBe(true);
    expect(mine.data.map((e: { id: number }) => e.id)).not.toContain(w.exhibitorB.id);
    expect(mine.data.map((e: { id: number }) => e.id)).not.toContain(w.subAccountA.id);
    const byBooth = (await send(w.systemAdmin, 'GET', '/api/admin/exhibitors?search=B-1')).json();
    expect(byBooth.data.map((e: { booth: string }) => e.booth)).toContain('B-1');
    const byEvent = (await send(w.systemAdmin, 'GET', `/api/admin/exhibitors?eventId=${w.eventB}`)).json();
    expect(byEvent.data.map((e: { id: number }) => e.id)).toEqual([w.exhibitorB.id]);
    const sorted = (await send(w.systemAdmin, 'GET', `/api/admin/exhibitors?eventId=${w.eventA}&sort=-companyName&per_page=100`)).json();
    const names = sorted.data.map((e: { companyName: string }) => e.companyName.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
  });

  it('sends each list item as the exhibitor reads alone, sorted by booth too', async () => {
    await send(w.eventAdminA, 'POST', '/api/admin/exhibitors', newExhibitor({ booth: null, phone: null, website: null, profile: null }));
    const listed = await send(w.eventAdminA, 'GET', '/api/admin/exhibitors?per_page=100&sort=booth');
    expect(listed.headers['content-type']).toBe('application/json; charset=utf-8');
    const page = listResponseSchema(exhibitorSchema).parse(listed.json());
    expect(page.data.length).toBeGreaterThan(2);
    for (const item of page.data) expect(item).toEqual((await send(w.eventAdminA, 'GET', `/api/admin/exhibitors/${item.id}`)).json().data);
    const booths = page.data.map((item) => item.booth);
    const placed = booths.filter((booth): booth is string => booth !== null);
    expect(booths).toEqual([...placed.sort(), ...booths.filter((booth) => booth === null)]);
  });

  it('keeps the total right through every write the filter reads', async () => {
    const total = async (query = '') => (await send(w.eventAdminA, 'GET', `/api/admin/exhibitors?per_page=1${query}`)).json().meta.total;
    const before = await total();
    expect(await total()).toBe(before);
    const created = (await send(w.eventAdminA, 'POST', '/api/admin/exhibitors', newExhibitor({ booth: 'KEPT-1' }))).json().data;
    expect(await total()).toBe(before + 1);
    expect(await total('&search=kept-co-renamed')).toBe(0);
    expect((await send(w.systemAdmin, 'PUT', `/api/admin/companies/${created.companyId}`, { name: 'Kept-Co-Renamed' })).statusCode).toBe(200);
    expect(await total('&search=kept-co-renamed')).toBe(1);
    expect(await total('&search=KEPT-2')).toBe(0);
    expect((await send(w.eventAdminA, 'PUT', `/api/admin/admins/${created.id}`, { booth: 'KEPT-2' })).statusCode).toBe(200);
    expect(await total('&search=KEPT-2')).toBe(1);
    expect((await send(w.eventAdminA, 'DELETE', `/api/admin/exhibitors/${created.id}`)).statusCode).toBe(204);
    expect(await total()).toBe(before);
    expect(await total('&search=KEPT-2')).toBe(0);
  });

  it('keeps exhibitor records from exhibitors, who hold no view_exhibitors', async () => {
    expect((await send(w.exhibitorA, 'GET', '/api/admin/exhibitors')).statusCode).toBe(403);
    expect((await send(w.exhibitorA, 'GET', `/api/admin/exhibitors/${w.exhibitorA.id}`)).statusCode).toBe(403);
  });

  it('updates an exhibitor and its stand through PUT /admin/admins/{id}', async () => {
    const res = await send(w.eventAdminA, 'PUT', `/api/admin/admins/${w.exhibitorA.id}`, { booth: 'C-42', hall: '', lastName: 'Moved' });
    expect(res.statusCode).toBe(200);
    const exhibitor = (await send(w.eventAdminA, 'GET', `/api/admin/exhibitors/${w.exhibitorA.id}`)).json().data;
    expect(exhibitor).toMatchObject({ booth: 'C-42', hall: null, lastName: 'Moved' });
    const notExhibitor = await send(w.systemAdmin, 'PUT', `/api/admin/admins/${w.eventAdminA.id}`, { booth: 'X' });
    expect(notExhibitor.statusCode).toBe(400);
  });

  it('lets update_exhibitor alone edit exhibitors of its scope, not other accounts nor their placement', async () => {
    const role = await send(w.systemAdmin, 'POST', '/api/admin/roles', { name: 'Stand Editor', permissions: ['update_exhibitor'] });
    expect(role.statusCode).toBe(201);
    const editor = await t.createUser({ roles: ['Stand Editor'], eventId: w.eventA });
    expect((await send(editor, 'PUT', `/api/admin/admins/${w.exhibitorA.id}`, { booth: 'D-1' })).statusCode).toBe(200);
    expect((await send(editor, 'PUT', `/api/admin/admins/${w.exhibitorB.id}`, { booth: 'D-1' })).statusCode).toBe(404);
    expect((await send(editor, 'PUT', `/api/admin/admins/${w.eventAdminA.id}`, { firstName: 'X' })).statusCode).toBe(404);
    expect((await send(editor, 'PUT', `/api/admin/admins/${w.exhibitorA.id}`, { roleIds: [1] })).statusCode).toBe(403);
  });

  it('deletes an exhibitor with its sub-accounts, keeping the company', async () => {
    const created = (await send(w.eventAdminA, 'POST', '/api/admin/exhibitors', newExhibitor({ password: 'Widget-Pass-2027' }))).json().data;
    const sub = await send(w.systemAdmin, 'POST', '/api/admin/sub-accounts', {
      exhibitorId: created.id,
      firstName: 'Sub',
      lastName: 'Account',
      email: `sub-of-${created.id}@widgets.example`,
      password: 'Sub-Account-2027',
    });
    expect(sub.statusCode).toBe(201);
    expect((await send(w.eventAdminA, 'GET', `/api/admin/exhibitors/${created.id}`)).json().data.subAccountCount).toBe(1);
    expect((await send(w.eventAdminA, 'DELETE', `/api/admin/exhibitors/${created.id}`)).statusCode).toBe(204);
    expect((await send(w.systemAdmin, 'GET', `/api/admin/sub-accounts/${sub.json().data.id}`)).statusCode).toBe(404);
    expect((await send(w.systemAdmin, 'GET', `/api/admin/companies/${created.companyId}`)).statusCode).toBe(200);
    expect((await send(w.eventAdminA, 'DELETE', `/api/admin/exhibitors/${w.eventAdminA.id}`)).statusCode).toBe(404);
  });
});

describe('resending an invitation', () => {
  it('sends a new link and makes the old one unusable; refuses once a password is chosen', async () => {
    const body = newExhibitor();
    const created = (await send(w.eventAdminA, 'POST', '/api/admin/exhibitors', body)).json().data;
    const tokenOf = (text: string) => /accept-invitation\/([\w-]+)/.exec(text)![1]!;
    const [first] = await listEmailsTo(t.db, body.email);
    expect((await send(w.eventAdminA, 'POST', `/api/admin/exhibitors/${created.id}/invitation`)).statusCode).toBe(204);
    const emails = await listEmailsTo(t.db, body.email);
    expect(emails).toHaveLength(2);
    const old = await send(null, 'POST', '/api/auth/accept-invitation', { token: tokenOf(first!.textBody), password: 'Chosen-Pass-2027' });
    expect(old.statusCode).toBe(401);
    const fresh = await send(null, 'POST', '/api/auth/accept-invitation', { token: tokenOf(emails[1]!.textBody), password: 'Chosen-Pass-2027' });
    expect(fresh.statusCode).toBe(200);
    expect((await send(w.eventAdminA, 'POST', `/api/admin/exhibitors/${created.id}/invitation`)).statusCode).toBe(409);
  });
});
