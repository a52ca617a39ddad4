import { listResponseSchema } from '@portal/shared/common';
import { leadSchema, type Lead } from '@portal/shared/leads';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins } from '../../db/schema/admins';
import { auditLog } from '../../db/schema/audit';
import { badges } from '../../db/schema/badges';
import { events } from '../../db/schema/events';
import { leads } from '../../db/schema/leads';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import { capture, customField, scanOf, secondSubAccount, visitorBadge, visitorCategory } from './lead-fixtures';

let t: TestApp;
let w: World;
let visitors: number;
let subAccountA2: TestUser;
/** Exhibitor A's leads by visitor's last name, and exhibitor B's one. */
const leadOf: Record<string, Lead> = {};
let leadB: Lead;

async function scan(user: TestUser, firstName: string, lastName: string, extra: Record<string, unknown> = {}, eventId?: number, categoryId?: number) {
  const badge = await visitorBadge(t, { eventId: eventId ?? w.eventA, categoryId: categoryId ?? visitors, firstName, lastName });
  const res = await capture(t, user, scanOf(badge.code, extra));
  expect(res.statusCode).toBe(201);
  return res.json().data.lead as Lead;
}

const get = (user: TestUser, url: string) => t.request(user, { method: 'GET', url });
const put = (user: TestUser, id: number, payload: object) => t.request(user, { method: 'PUT', url: `/api/leads/${id}`, payload });

async function list(user: TestUser, query: Record<string, string> = {}) {
  const res = await get(user, `/api/leads?${new URLSearchParams(query).toString()}`);
  expect(res.statusCode).toBe(200);
  return listResponseSchema(leadSchema).parse(res.json());
}
const names = async (user: TestUser, query: Record<string, string> = {}) => (await list(user, query)).data.map((lead) => lead.visitor.lastName);

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  await t.db.update(events).set({ timezone: 'Europe/Riga' }).where(eq(events.id, w.eventA));
  visitors = await visitorCategory(t, w.eventA);
  subAccountA2 = await secondSubAccount(t, w);
  // Scan times in the event's zone (Riga, UTC+3 in May): 23:30 on the 9th is the 9th there, not UTC's 9th at 20:30.
  leadOf.Kalniņa = await scan(w.exhibitorA, 'Anna', 'Kalniņa', { scannedAt: '2026-05-09T20:30:00Z', rating: 'hot', tags: ['pumps'] });
  leadOf.Ozols = await scan(w.subAccountA, 'Pēteris', 'Ozols', { scannedAt: '2026-05-09T21:30:00Z', rating: 'cold', tags: ['valves', 'pumps'] });
  leadOf.Zariņš = await scan(subAccountA2, 'Māris', 'Zariņš', { scannedAt: '2026-05-10T08:00:00Z', rating: 'warm' });
  leadOf.Abele = await scan(w.subAccountA, 'Inese', 'Ābele', { scannedAt: '2026-05-10T09:00:00Z' });
  const visitorsB = await visitorCategory(t, w.eventB);
  leadB = await scan(w.exhibitorB, 'Bob', 'Other', {}, w.eventB, visitorsB);
});
afterAll(() => t.close());

describe('the list of leads', () => {
  it('gives the exhibitor every lead of its team, newest scan first, paged', async () => {
    const all = await list(w.exhibitorA);
    expect(all.data.map((l) => l.visitor.lastName)).toEqual(['Ābele', 'Zariņš', 'Ozols', 'Kalniņa']);
    expect(all.meta).toEqual({ page: 1, per_page: 20, total: 4, total_pages: 1 });
    const page = await list(w.exhibitorA, { per_page: '3', page: '2' });
    expect(page.data.map((l) => l.visitor.lastName)).toEqual(['Kalniņa']);
    expect(page.meta).toMatchObject({ total: 4, total_pages: 2 });
  });

  it('filters by rating, tag, scanner and day (in the event’s time zone), and searches name and company', async () => {
    expect(await names(w.exhibitorA, { rating: 'hot' })).toEqual(['Kalniņa']);
    expect(await names(w.exhibitorA, { tag: 'pumps' })).toEqual(['Ozols', 'Kalniņa']);
    expect(await names(w.exhibitorA, { scannerId: String(w.subAccountA.id) })).toEqual(['Ābele', 'Ozols']);
    expect(await names(w.exhibitorA, { day: '2026-05-09' })).toEqual(['Kalniņa']);
    expect(await names(w.exhibitorA, { day: '2026-05-10' })).toEqual(['Ābele', 'Zariņš', 'Ozols']);
    expect(await names(w.exhibitorA, { search: 'pēteris oz' })).toEqual(['Ozols']);
    expect(await names(w.exhibitorA, { search: 'Ozols Pēteris' })).toEqual(['Ozols']);
    expect(await names(w.exhibitorA, { search: '%' })).toEqual([]);
    expect(await names(w.exhibitorA, { tag: 'nothing' })).toEqual([]);
  });

  it('sorts by name (Latvian letters among their own), rating and scan time', async () => {
    expect(await names(w.exhibitorA, { sort: 'name' })).toEqual(['Ābele', 'Kalniņa', 'Ozols', 'Zariņš']);
    expect(await names(w.exhibitorA, { sort: '-rating' })).toEqual(['Kalniņa', 'Zariņš', 'Ozols', 'Ābele']);
    expect(await names(w.exhibitorA, { sort: 'scannedAt' })).toEqual(['Kalniņa', 'Ozols', 'Zariņš', 'Ābele']);
  });

  it('refuses unknown filters and sort keys with 400 at the field', async () => {
    for (const [field, value] of [
      ['rating', 'lukewarm'],
      ['sort', 'email'],
      ['day', '2026-02-30'],
      ['scannerId', 'x'],
      ['company', 'A'],
    ] as const) {
      const res = await get(w.exhibitorA, `/api/leads?${field}=${value}`);
      expect(res.statusCode, field).toBe(400);
    }
  });
});

describe('who reaches a lead', () => {
  it('keeps another exhibitor’s lead out of reach: 404 on every path, never in the list', async () => {
    expect((await get(w.exhibitorA, `/api/leads/${leadB.id}`)).statusCode).toBe(404);
    expect((await put(w.exhibitorA, leadB.id, { rating: 'hot' })).statusCode).toBe(404);
    expect((await t.request(w.subAccountA, { method: 'DELETE', url: `/api/leads/${leadB.id}` })).statusCode).toBe(404);
    expect(await names(w.exhibitorA, { search: 'Other' })).toEqual([]);
    expect(await names(w.exhibitorB)).toEqual(['Other']);
  });

  it('shows a sub-account the leads it scanned, first or again, unless the exhibitor shares the team’s', async () => {
    expect(await names(w.subAccountA)).toEqual(['Ābele', 'Ozols']);
    expect((await get(w.subAccountA, `/api/leads/${leadOf.Zariņš!.id}`)).statusCode).toBe(404);
    expect((await put(w.subAccountA, leadOf.Zariņš!.id, { rating: 'hot' })).statusCode).toBe(404);
    expect((await get(w.subAccountA, '/api/leads/figures')).json().data.total).toBe(2);

    const shared = await t.request(w.exhibitorA, { method: 'PUT', url: '/api/leads/team-settings', payload: { shareWithTeam: true } });
    expect(shared.json()).toEqual({ data: { shareWithTeam: true } });
    try {
      expect(await names(w.subAccountA)).toEqual(['Ābele', 'Zariņš', 'Ozols', 'Kalniņa']);
      expect((await get(w.subAccountA, `/api/leads/${leadOf.Zariņš!.id}`)).statusCode).toBe(200);
    } finally {
      await t.request(w.exhibitorA, { method: 'PUT', url: '/api/leads/team-settings', payload: { shareWithTeam: false } });
    }
    expect((await get(w.exhibitorA, '/api/leads/team-settings')).json()).toEqual({ data: { shareWithTeam: false } });

    // Scanning a colleague's visitor again brings that lead into the sub-account's reach.
    const [badge] = await t.db.select({ badgeId: leads.badgeId }).from(leads).where(eq(leads.id, leadOf.Kalniņa!.id));
    const [{ code }] = (await t.db.select({ code: badges.code }).from(badges).where(eq(badges.id, badge!.badgeId!))) as [{ code: string }];
    expect((await capture(t, w.subAccountA, scanOf(code))).statusCode).toBe(200);
    expect(await names(w.subAccountA)).toEqual(['Ābele', 'Ozols', 'Kalniņa']);
  });

  it('leaves the team’s sharing to the exhibitor’s account: a sub-account gets 403', async () => {
    expect((await get(w.subAccountA, '/api/leads/team-settings')).statusCode).toBe(403);
    const res = await t.request(w.subAccountA, { method: 'PUT', url: '/api/leads/team-settings', payload: { shareWithTeam: true } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only the exhibitor’s own account may do this, not a sub-account');
    expect((await get(w.exhibitorB, '/api/leads/team-settings')).json()).toEqual({ data: { shareWithTeam: false } });
  });

  it('refuses organisers on every lead route', async () => {
    for (const url of ['/api/leads', `/api/leads/${leadOf.Ozols!.id}`, '/api/leads/figures', '/api/leads/export?format=csv']) {
      expect((await get(w.eventAdminA, url)).statusCode, url).toBe(403);
      expect((await get(w.systemAdmin, url)).statusCode, url).toBe(403);
    }
  });
});

describe('qualifying a lead', () => {
  it('merges tags three ways so that two people tagging offline lose neither’s tags', async () => {
    const id = leadOf.Zariņš!.id;
    await put(w.exhibitorA, id, { tags: ['a', 'b'] });
    // Both saw a, b. One removes a and adds c; the other adds d.
    expect((await put(w.exhibitorA, id, { tags: ['b', 'c'], baseTags: ['a', 'b'] })).json().data.tags).toEqual(['b', 'c']);
    expect((await put(subAccountA2, id, { tags: ['a', 'b', 'd'], baseTags: ['a', 'b'] })).json().data.tags).toEqual(['b', 'c', 'd']);
    // Without a base the tags sent replace the lead's.
    expect((await put(w.exhibitorA, id, { tags: ['only'] })).json().data.tags).toEqual(['only']);
  });

  it('merges notes from two staff by id; each edits only its own, and the exhibitor removes any', async () => {
    const id = leadOf.Ozols!.id;
    const fromSub = await put(w.subAccountA, id, { notes: [{ id: 'sub-note-0001', text: 'Met at the booth' }] });
    expect(fromSub.statusCode).toBe(200);
    const fromOwner = await put(w.exhibitorA, id, {
      // The sub-account's note sent back with another text: kept as its author wrote it.
      notes: [
        { id: 'own-note-0001', text: 'Call on Monday' },
        { id: 'sub-note-0001', text: 'Overwritten?' },
      ],
    });
    expect(fromOwner.json().data.notes.map((n: { id: string; text: string }) => [n.id, n.text])).toEqual([
      ['sub-note-0001', 'Met at the booth'],
      ['own-note-0001', 'Call on Monday'],
    ]);
    // The same note sent again (an offline queue's retry) is kept once; its author may change it.
    const edited = await put(w.subAccountA, id, { notes: [{ id: 'sub-note-0001', text: 'Met at the booth, twice' }] });
    expect(edited.json().data.notes.map((n: { text: string }) => n.text)).toEqual(['Met at the booth, twice', 'Call on Monday']);

    const refused = await put(w.subAccountA, id, { removeNoteIds: ['own-note-0001'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You may remove only your own notes');
    expect((await put(w.subAccountA, id, { removeNoteIds: ['sub-note-0001', 'gone-note-0001'] })).json().data.notes).toHaveLength(1);
    expect((await put(w.exhibitorA, id, { notes: [{ id: 'sub-note-0002', text: 'x' }] })).statusCode).toBe(200);
    const removed = await put(w.exhibitorA, id, { removeNoteIds: ['own-note-0001', 'sub-note-0002'] });
    expect(removed.json().data.notes).toEqual([]);

    const twice = await put(w.exhibitorA, id, { notes: [{ id: 'dup-note-0001', text: 'a' }, { id: 'dup-note-0001', text: 'b' }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().details).toEqual([{ field: 'notes.1.id', message: 'Each note once' }]);
  });

  it('sets and clears the rating, and merges answers per question after checking them', async () => {
    const id = leadOf.Abele!.id;
    const interest = await customField(t, {
      eventId: w.eventA,
      exhibitorId: w.exhibitorA.id,
      label: 'Interest',
      type: 'multiselect',
      options: [
        { value: 'pumps', label: 'Pumps' },
        { value: 'valves', label: 'Valves' },
      ],
    });
    const followUp = await customField(t, { eventId: w.eventA, exhibitorId: w.exhibitorA.id, label: 'Follow up', type: 'checkbox' });
    expect((await put(w.subAccountA, id, { rating: 'hot', answers: { [interest]: ['pumps'] } })).json().data).toMatchObject({
      rating: 'hot',
      answers: { [interest]: ['pumps'] },
    });
    expect((await put(w.subAccountA, id, { answers: { [followUp]: true } })).json().data.answers).toEqual({ [interest]: ['pumps'], [followUp]: true });
    const cleared = (await put(w.subAccountA, id, { rating: null, answers: { [interest]: [] } })).json().data;
    expect(cleared).toMatchObject({ rating: null, answers: { [followUp]: true } });

    const bad = await put(w.subAccountA, id, { answers: { [interest]: ['teapots'], [followUp]: true } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toEqual([`answers.${interest}`]);
    expect((await get(w.subAccountA, `/api/leads/${id}`)).json().data.answers).toEqual({ [followUp]: true });
  });

  it('refuses a malformed change with 400 at the field', async () => {
    for (const [payload, field] of [
      [{ rating: 'boiling' }, 'rating'],
      [{ notes: [{ id: 'x', text: 'too short an id' }] }, 'notes.0.id'],
      [{ notes: [{ id: 'long-enough-id', text: '' }] }, 'notes.0.text'],
      [{ tags: ['x'.repeat(41)] }, 'tags.0'],
      [{ answers: { abc: 1 } }, 'answers.abc'],
    ] as const) {
      const res = await put(w.exhibitorA, leadOf.Kalniņa!.id, payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().details[0].field, field).toBe(field);
    }
  });

  it('logs a change by the parts that changed, never their content', async () => {
    const id = leadOf.Kalniņa!.id;
    await put(w.exhibitorA, id, { rating: 'warm', notes: [{ id: 'private-note-1', text: 'Confidential pricing' }] });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entityId, String(id)));
    const change = entries.find((entry) => entry.action === 'lead.update' && JSON.stringify(entry.after).includes('notes'));
    expect(change?.after).toEqual({ changed: ['rating', 'notes'] });
    expect(JSON.stringify(entries)).not.toContain('Confidential');
  });
});

describe('deleting a lead', () => {
  it('lets the exhibitor delete any of its leads and a sub-account those it reaches (204)', async () => {
    const mine = await scan(w.subAccountA, 'Delete', 'Mine');
    const colleagues = await scan(subAccountA2, 'Delete', 'Colleague');
    expect((await t.request(w.subAccountA, { method: 'DELETE', url: `/api/leads/${colleagues.id}` })).statusCode).toBe(404);
    const res = await t.request(w.subAccountA, { method: 'DELETE', url: `/api/leads/${mine.id}` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await t.request(w.exhibitorA, { method: 'DELETE', url: `/api/leads/${colleagues.id}` })).statusCode).toBe(204);
    expect((await t.request(w.exhibitorA, { method: 'DELETE', url: `/api/leads/${colleagues.id}` })).statusCode).toBe(404);
    expect(await t.db.select().from(leads).where(eq(leads.id, mine.id))).toEqual([]);
  });

  it('keeps a lead when the staff member who scanned it is removed', async () => {
    const leaving = await secondSubAccount(t, w);
    const lead = await scan(leaving, 'Stays', 'WithUs');
    await t.db.delete(admins).where(eq(admins.id, leaving.id));
    const kept = (await get(w.exhibitorA, `/api/leads/${lead.id}`)).json().data;
    expect(kept.scannedBy).toEqual({ id: null, name: lead.scannedBy.name });
    expect((await get(w.exhibitorA, '/api/leads/figures')).json().data.perScanner).toContainEqual({ id: null, name: lead.scannedBy.name, leads: 1 });
  });
});

describe('figures', () => {
  it('counts leads per day in the event’s time zone and per staff member', async () => {
    const res = await get(subAccountA2, '/api/leads/figures');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      total: 1,
      perDay: [{ day: '2026-05-10', leads: 1 }],
      perScanner: [{ id: subAccountA2.id, name: leadOf.Zariņš!.scannedBy.name, leads: 1 }],
    });
    const all = (await get(w.exhibitorA, '/api/leads/figures')).json().data;
    expect(all.perDay.slice(0, 2)).toEqual([
      { day: '2026-05-09', leads: 1 },
      { day: '2026-05-10', leads: 3 },
    ]);
    expect(all.total).toBe(all.perScanner.reduce((sum: number, s: { leads: number }) => sum + s.leads, 0));
  });
});
