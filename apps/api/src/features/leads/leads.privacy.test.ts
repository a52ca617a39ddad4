import type { Lead } from '@portal/shared/leads';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import { capture, customField, parseCsv, scanOf, setLeadSettings, visitorBadge, visitorCategory } from './lead-fixtures';

/**
 * What of a visitor leaves the server (docs/leads.md, "Privacy"): every path a lead goes out by is
 * read for a field the event does not release, in the JSON and in the raw bytes.
 */

let t: TestApp;
let w: World;
let visitorsA: number;
let visitorsB: number;
let jobTitle: number;
let passport: number;
let cv: number;
let fieldOfB: number;

const HIDDEN = {
  phone: '+371 2000 0000',
  passport: 'PASSPORT-LV-90210',
  otherEvent: 'ANSWER-OF-EVENT-B',
};

/** Every way a lead of this badge leaves the server, as the raw text of each answer. */
async function everyPath(user: TestUser, code: string): Promise<{ captured: Lead; texts: string[]; csv: string[][]; xlsx: unknown[][] }> {
  const scan = await capture(t, user, scanOf(code));
  expect(scan.statusCode).toBe(201);
  const captured = scan.json().data.lead as Lead;
  const list = await t.request(user, { method: 'GET', url: `/api/leads?search=${encodeURIComponent(captured.visitor.lastName)}` });
  const one = await t.request(user, { method: 'GET', url: `/api/leads/${captured.id}` });
  const changed = await t.request(user, { method: 'PUT', url: `/api/leads/${captured.id}`, payload: { rating: 'warm' } });
  const csv = await t.request(user, { method: 'GET', url: `/api/leads/export?format=csv&search=${encodeURIComponent(captured.visitor.lastName)}` });
  const xlsx = await t.request(user, { method: 'GET', url: `/api/leads/export?format=xlsx&search=${encodeURIComponent(captured.visitor.lastName)}` });
  for (const res of [list, one, changed, csv, xlsx]) expect(res.statusCode).toBe(200);
  expect(list.json().data).toEqual([captured]);
  expect(one.json().data.visitor).toEqual(captured.visitor);
  expect(changed.json().data.visitor).toEqual(captured.visitor);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  const xlsxText = JSON.stringify(rows);
  return {
    captured,
    texts: [scan.body, list.body, one.body, changed.body, csv.body, xlsxText],
    csv: parseCsv(csv.body),
    xlsx: rows,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  visitorsA = await visitorCategory(t, w.eventA, 'Trade visitor');
  visitorsB = await visitorCategory(t, w.eventB, 'Besucher');
  jobTitle = await customField(t, { eventId: w.eventA, label: 'Job title' });
  passport = await customField(t, { eventId: w.eventA, label: 'Passport number', isPrivate: true });
  cv = await customField(t, { eventId: w.eventA, label: 'CV', type: 'file' });
  fieldOfB = await customField(t, { eventId: w.eventB, label: 'Stand size' });
});
afterAll(() => t.close());

/** Event A releases email, category and three fields it may not release; event B releases the phone and its own field. */
beforeEach(async () => {
  await setLeadSettings(t, w.eventA, { releasedFields: ['email', 'category', `field:${jobTitle}`, `field:${passport}`, `field:${cv}`, `field:${fieldOfB}`] });
  await setLeadSettings(t, w.eventB, { releasedFields: ['phone', `field:${fieldOfB}`] });
});

const visitorOfA = (lastName: string, extra: Partial<Parameters<typeof visitorBadge>[1]> = {}) =>
  visitorBadge(t, {
    eventId: w.eventA,
    categoryId: visitorsA,
    firstName: 'Kārlis',
    lastName,
    email: `${lastName.toLowerCase()}@visitor.example`,
    phone: HIDDEN.phone,
    // An answer to event B's field on event A's badge: never released with A's leads.
    values: { [jobTitle]: 'Engineer', [passport]: HIDDEN.passport, [fieldOfB]: HIDDEN.otherEvent },
    ...extra,
  });

describe('released fields', () => {
  it('sends a field the event does not release by none of the five paths: scan, list, lead, change, export', async () => {
    const badge = await visitorOfA('Liepa');
    const { captured, texts, csv, xlsx } = await everyPath(w.subAccountA, badge.code);
    expect(captured.visitor).toStrictEqual({
      firstName: 'Kārlis',
      lastName: 'Liepa',
      company: null,
      email: 'liepa@visitor.example',
      category: 'Trade visitor',
      fields: [{ id: jobTitle, label: 'Job title', value: 'Engineer' }],
    });
    for (const text of texts) {
      for (const hidden of Object.values(HIDDEN)) expect(text).not.toContain(hidden);
      expect(text).not.toContain('Passport number');
      expect(text).not.toContain('Stand size');
      expect(text).not.toMatch(/"phone"/);
    }
    const header = [`Scanned at (UTC)`, 'Scanned by', 'First name', 'Last name', 'Company', 'Email', 'Badge category', 'Job title', 'Rating', 'Tags', 'Notes'];
    expect(csv[0]).toEqual(header);
    expect(xlsx[0]).toEqual(header);
    expect(csv[1]!.slice(2, 8)).toEqual(['Kārlis', 'Liepa', '', 'liepa@visitor.example', 'Trade visitor', 'Engineer']);
    expect(xlsx[1]!.slice(2, 8)).toEqual(['Kārlis', 'Liepa', undefined, 'liepa@visitor.example', 'Trade visitor', 'Engineer']);
  });

  it('releases per event: event B’s exhibitor gets the phone and B’s field, not the email', async () => {
    const badge = await visitorBadge(t, {
      eventId: w.eventB,
      categoryId: visitorsB,
      firstName: 'Γιώργος',
      lastName: 'Βασιλείου',
      email: 'secret-b@visitor.example',
      phone: '+30 210 000',
      values: { [fieldOfB]: '12 m²' },
    });
    const { captured, texts, csv } = await everyPath(w.exhibitorB, badge.code);
    expect(captured.visitor).toStrictEqual({
      firstName: 'Γιώργος',
      lastName: 'Βασιλείου',
      company: null,
      phone: '+30 210 000',
      fields: [{ id: fieldOfB, label: 'Stand size', value: '12 m²' }],
    });
    for (const text of texts) expect(text).not.toContain('secret-b@visitor.example');
    expect(csv[0]).toEqual(['Scanned at (UTC)', 'Scanned by', 'First name', 'Last name', 'Company', 'Phone', 'Stand size', 'Rating', 'Tags', 'Notes']);
  });

  it('gives name and company only when nothing is released', async () => {
    await setLeadSettings(t, w.eventA, { releasedFields: [] });
    const badge = await visitorOfA('Bērzs');
    const { captured, texts, csv } = await everyPath(w.exhibitorA, badge.code);
    expect(captured.visitor).toStrictEqual({ firstName: 'Kārlis', lastName: 'Bērzs', company: null });
    for (const text of texts) expect(text).not.toContain('@visitor.example');
    expect(csv[0]).toEqual(['Scanned at (UTC)', 'Scanned by', 'First name', 'Last name', 'Company', 'Rating', 'Tags', 'Notes']);
  });

  it('reads the release when a lead is sent, so a field the organiser withdraws is gone from leads scanned before', async () => {
    const badge = await visitorOfA('Egle');
    const { captured } = await everyPath(w.exhibitorA, badge.code);
    expect(captured.visitor.email).toBe('egle@visitor.example');
    await setLeadSettings(t, w.eventA, { releasedFields: [`field:${jobTitle}`] });
    const now = (await t.request(w.exhibitorA, { method: 'GET', url: `/api/leads/${captured.id}` })).json().data as Lead;
    expect(now.visitor).toStrictEqual({
      firstName: 'Kārlis',
      lastName: 'Egle',
      company: null,
      fields: [{ id: jobTitle, label: 'Job title', value: 'Engineer' }],
    });
  });
});

describe('consent', () => {
  it('gives a visitor who did not consent as name and company only, on every path, where the event asks', async () => {
    await setLeadSettings(t, w.eventA, {
      askConsent: true,
      consentWording: 'Share my contact details with exhibitors who scan my badge',
      releasedFields: ['email', `field:${jobTitle}`],
    });
    const refusing = await visitorOfA('Kļava');
    const { captured, texts, csv } = await everyPath(w.exhibitorA, refusing.code);
    expect(captured.consent).toEqual({ given: false, version: null });
    expect(captured.visitor).toStrictEqual({ firstName: 'Kārlis', lastName: 'Kļava', company: null });
    for (const text of texts) {
      expect(text).not.toContain('kļava@visitor.example');
      expect(text).not.toContain('Engineer');
    }
    // The event's columns are there; this visitor's cells are empty.
    expect(csv[0]!.slice(2, 6)).toEqual(['First name', 'Last name', 'Company', 'Email']);
    expect(csv[1]!.slice(2, 7)).toEqual(['Kārlis', 'Kļava', '', '', '']);

    const consenting = await visitorOfA('Priede', { leadConsentVersion: 1 });
    const given = await everyPath(w.exhibitorA, consenting.code);
    expect(given.captured.consent).toEqual({ given: true, version: 1 });
    expect(given.captured.visitor.email).toBe('priede@visitor.example');
    expect(given.csv[1]!.slice(5, 7)).toEqual(['priede@visitor.example', 'Engineer']);
  });

  it('releases without consent where the event does not ask, and keeps a refusal once it stops asking', async () => {
    await setLeadSettings(t, w.eventA, { askConsent: true, releasedFields: ['email'] });
    const refused = (await capture(t, w.exhibitorA, scanOf((await visitorOfA('Osis')).code))).json().data.lead as Lead;
    await setLeadSettings(t, w.eventA, { askConsent: false, releasedFields: ['email'] });
    const notAsked = (await capture(t, w.exhibitorA, scanOf((await visitorOfA('Vītols')).code))).json().data.lead as Lead;
    expect(notAsked.consent).toBeNull();
    expect(notAsked.visitor.email).toBe('vītols@visitor.example');
    const stillRefused = (await t.request(w.exhibitorA, { method: 'GET', url: `/api/leads/${refused.id}` })).json().data as Lead;
    expect(stillRefused.visitor).toStrictEqual({ firstName: 'Kārlis', lastName: 'Osis', company: null });
  });
});
