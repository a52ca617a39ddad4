import type { ExhibitorLeadSummary, LeadSettingsWithFields } from '@portal/shared/leads';
import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { customFields } from '../../db/schema/badges';
import { companies } from '../../db/schema/companies';
import { events } from '../../db/schema/events';
import { exhibitorLeadSettings, leads, leadSettings } from '../../db/schema/leads';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import { NOT_RELEASABLE } from './lead-settings.rules';

let t: TestApp;
let w: World;
/** Badge questions of event A: one to release, a private one, a file; an exhibitor's own question. */
let field: { role: number; passport: number; cv: number; qualifier: number };
/** More exhibitors of event A, to count and sort: a Latvian company with leads and one with none. */
let abols: TestUser;
let quiet: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  await t.db.update(events).set({ startDate: '2027-05-08', endDate: '2027-05-10', timezone: 'Europe/Riga' }).where(eq(events.id, w.eventA));
  const rows = await t.db
    .insert(customFields)
    .values([
      { eventId: w.eventA, badgeCategoryId: w.categoryA, label: 'Amats', key: 'role', type: 'text', sortOrder: 1 },
      { eventId: w.eventA, label: 'Passport number', key: 'passport', type: 'text', isPrivate: true, sortOrder: 2 },
      { eventId: w.eventA, label: 'CV', key: 'cv', type: 'file', sortOrder: 3 },
      { eventId: w.eventA, label: 'Budget', key: 'budget', type: 'text', entityType: 'lead', exhibitorId: w.exhibitorA.id },
    ])
    .returning({ id: customFields.id, key: customFields.key });
  const ids = Object.fromEntries(rows.map((row) => [row.key, row.id]));
  field = { role: ids.role!, passport: ids.passport!, cv: ids.cv!, qualifier: ids.budget! };
  const [abolsCompany, quietCompany] = await t.db
    .insert(companies)
    .values([
      { name: 'Ābols SIA', eventId: w.eventA },
      { name: 'Zebra GmbH', eventId: w.eventA },
    ])
    .returning({ id: companies.id });
  abols = await t.createUser({ roles: [SYSTEM_ROLE_NAMES.exhibitor], eventId: w.eventA, companyId: abolsCompany!.id });
  quiet = await t.createUser({ roles: [SYSTEM_ROLE_NAMES.exhibitor], eventId: w.eventA, companyId: quietCompany!.id });
});
afterAll(() => t.close());

const settingsUrl = (eventId: number) => `/api/admin/events/${eventId}/lead-settings`;
const getSettings = (as: TestUser = w.eventAdminA, eventId = w.eventA) => t.request(as, { method: 'GET', url: settingsUrl(eventId) });
const putSettings = (payload: object, as: TestUser = w.eventAdminA, eventId = w.eventA) =>
  t.request(as, { method: 'PUT', url: settingsUrl(eventId), payload });
const body = (overrides: object = {}) => ({
  releasedFields: [],
  askConsent: false,
  consentWording: null,
  retentionDays: 60,
  scanningByDefault: true,
  ...overrides,
});
async function saved(payload: object): Promise<LeadSettingsWithFields> {
  const res = await putSettings(payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const summaries = (query = '', as: TestUser = w.eventAdminA, eventId = w.eventA) =>
  t.request(as, { method: 'GET', url: `/api/admin/events/${eventId}/lead-summaries${query}` });
const setAccess = (id: number, scanningEnabled: unknown, as: TestUser = w.eventAdminA) =>
  t.request(as, { method: 'PUT', url: `/api/admin/exhibitors/${id}/lead-access`, payload: { scanningEnabled } });

describe('lead settings', () => {
  it('answers the defaults until saved, with the purge at the end of the last day on the event’s clock plus 60 days', async () => {
    const res = await getSettings();
    expect(res.statusCode, res.body).toBe(200);
    const settings: LeadSettingsWithFields = res.json().data;
    expect(settings).toMatchObject({
      eventId: w.eventA,
      releasedFields: [],
      askConsent: false,
      consentWording: null,
      consentVersion: 0,
      retentionDays: 60,
      scanningByDefault: true,
      // 11 May 2027 00:00 in Riga (UTC+3) plus 60 days.
      purgeAt: '2027-07-09T21:00:00.000Z',
    });
    expect(await t.db.select().from(leadSettings).where(eq(leadSettings.eventId, w.eventA))).toEqual([]);
  });

  it('offers the standard fields and the event’s badge questions, the private and file ones with their reason', async () => {
    const { fields } = (await getSettings()).json().data as LeadSettingsWithFields;
    expect(fields.map((f) => f.key)).toEqual([
      'firstName',
      'lastName',
      'company',
      'email',
      'phone',
      'category',
      `field:${field.role}`,
      `field:${field.passport}`,
      `field:${field.cv}`,
    ]);
    expect(fields.filter((f) => f.alwaysReleased).map((f) => f.key)).toEqual(['firstName', 'lastName', 'company']);
    expect(fields.find((f) => f.key === 'email')).toEqual({
      key: 'email',
      label: 'Email',
      alwaysReleased: false,
      releasable: true,
      reason: null,
      categoryName: null,
    });
    expect(fields.find((f) => f.key === `field:${field.role}`)).toMatchObject({
      label: 'Amats',
      releasable: true,
      categoryName: 'Exhibitor staff',
    });
    expect(fields.find((f) => f.key === `field:${field.passport}`)).toMatchObject({ releasable: false, reason: NOT_RELEASABLE.private });
    expect(fields.find((f) => f.key === `field:${field.cv}`)).toMatchObject({ releasable: false, reason: NOT_RELEASABLE.file });
    // Event B's question and the exhibitor's own qualifier question are not the organiser's to release.
    expect(fields.some((f) => f.key === `field:${w.fieldB}` || f.key === `field:${field.qualifier}`)).toBe(false);
  });

  it('dates the purge from the start date when the event has no end, and not at all without dates', async () => {
    const [noEnd, noDates] = await t.db
      .insert(events)
      .values([
        { name: 'Одна дата', slug: `one-day-${Date.now()}`, startDate: '2027-01-15', timezone: 'UTC' },
        { name: 'Χωρίς ημερομηνίες', slug: `no-dates-${Date.now()}` },
      ])
      .returning({ id: events.id });
    expect((await getSettings(w.systemAdmin, noEnd!.id)).json().data.purgeAt).toBe('2027-03-17T00:00:00.000Z');
    expect((await getSettings(w.systemAdmin, noDates!.id)).json().data.purgeAt).toBeNull();
  });

  it('saves the settings, moves the purge with the retention and writes the audit entry', async () => {
    const settings = await saved(
      body({ releasedFields: ['email', 'category', `field:${field.role}`], retentionDays: 30, scanningByDefault: false }),
    );
    expect(settings).toMatchObject({
      releasedFields: ['email', 'category', `field:${field.role}`],
      retentionDays: 30,
      scanningByDefault: false,
      purgeAt: '2027-06-09T21:00:00.000Z',
    });
    expect((await getSettings()).json().data).toEqual(settings);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'update_lead_settings'), eq(auditLog.eventId, w.eventA)));
    expect(entry).toMatchObject({
      actorAdminId: w.eventAdminA.id,
      entityType: 'lead_settings',
      before: { retentionDays: 60, scanningByDefault: true },
      after: { retentionDays: 30, scanningByDefault: false },
    });
    await saved(body());
  });

  it('raises the consent version with each new wording, not on a save of the same one or on turning consent off', async () => {
    const first = 'Es piekrītu, ka izstādes dalībnieki, kuriem ļauju skenēt savu žetonu, saņem manu kontaktinformāciju.';
    expect((await saved(body({ askConsent: true, consentWording: first }))).consentVersion).toBe(1);
    expect((await saved(body({ askConsent: true, consentWording: ` ${first} ` }))).consentVersion).toBe(1);
    const second = await saved(body({ askConsent: true, consentWording: 'I agree to share my contact details.' }));
    expect(second).toMatchObject({ askConsent: true, consentWording: 'I agree to share my contact details.', consentVersion: 2 });
    // Off, wording kept: the version stays; on again with the same wording: still the same question.
    expect((await saved(body({ askConsent: false, consentWording: 'I agree to share my contact details.' }))).consentVersion).toBe(2);
    expect((await saved(body({ askConsent: true, consentWording: 'I agree to share my contact details.' }))).consentVersion).toBe(2);
    // Off with the wording cleared, then on with the first wording again: a new version of the question.
    expect((await saved(body({ askConsent: false, consentWording: null }))).consentVersion).toBe(2);
    expect((await saved(body({ askConsent: true, consentWording: first }))).consentVersion).toBe(3);
  });

  it('counts two wordings saved at the same time as two versions', async () => {
    const before = (await getSettings()).json().data.consentVersion as number;
    const [a, b] = await Promise.all([
      putSettings(body({ askConsent: true, consentWording: 'Wording from the first tab' })),
      putSettings(body({ askConsent: true, consentWording: 'Wording from the second tab' })),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().data.consentVersion, b.json().data.consentVersion].sort()).toEqual([before + 1, before + 2]);
    await saved(body());
  });

  it('refuses a field it may not release, at its place in the list, and saves nothing', async () => {
    const before = (await getSettings()).json().data;
    const refused = async (releasedFields: string[], index: number, message: string) => {
      const res = await putSettings(body({ releasedFields }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details).toContainEqual({ field: `releasedFields.${index}`, message });
    };
    await refused(['email', `field:${field.passport}`], 1, NOT_RELEASABLE.private);
    await refused([`field:${field.cv}`], 0, NOT_RELEASABLE.file);
    await refused(['phone', 'email', `field:${w.fieldB}`], 2, 'Not a badge field of this event');
    await refused([`field:${field.qualifier}`], 0, 'Not a badge field of this event');
    await refused(['field:999999'], 0, 'Not a badge field of this event');
    // The body's own schema: unknown names, duplicates, the wrong type.
    for (const releasedFields of [['shoeSize'], ['email', 'email'], 'email', ['field:0'], Array.from({ length: 201 }, (_, i) => `field:${i + 1}`)]) {
      const res = await putSettings(body({ releasedFields }));
      expect(res.statusCode, JSON.stringify(releasedFields)).toBe(400);
      expect(res.json().details.some((d: { field: string }) => d.field.startsWith('releasedFields'))).toBe(true);
    }
    expect((await getSettings()).json().data).toEqual(before);
  });

  it('asks for the wording when consent is asked, and keeps the retention within bounds', async () => {
    for (const consentWording of [null, '', '   ', undefined]) {
      const res = await putSettings(body({ askConsent: true, consentWording }));
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([{ field: 'consentWording', message: 'Give the question visitors are asked' }]);
    }
    for (const [payload, path] of [
      [{ retentionDays: 0 }, 'retentionDays'],
      [{ retentionDays: 731 }, 'retentionDays'],
      [{ retentionDays: 1.5 }, 'retentionDays'],
      [{ retentionDays: '30' }, 'retentionDays'],
      [{ askConsent: 'yes' }, 'askConsent'],
      [{ consentWording: 'x'.repeat(1001) }, 'consentWording'],
    ] as const) {
      const res = await putSettings(body(payload));
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(path);
    }
    expect((await saved(body({ retentionDays: 730 }))).retentionDays).toBe(730);
    await saved(body());
  });

  it('is the organiser’s: another event is not found, a system admin reaches any, exhibitors and others are refused', async () => {
    expect((await getSettings(w.eventAdminA, w.eventB)).statusCode).toBe(404);
    expect((await putSettings(body(), w.eventAdminA, w.eventB)).statusCode).toBe(404);
    expect(await t.db.select().from(leadSettings).where(eq(leadSettings.eventId, w.eventB))).toEqual([]);
    expect((await getSettings(w.systemAdmin, w.eventB)).statusCode).toBe(200);
    expect((await getSettings(w.systemAdmin, 999_999)).statusCode).toBe(404);
    for (const user of [w.exhibitorA, w.subAccountA, w.vipAdminA, w.noRole]) {
      expect((await getSettings(user)).statusCode).toBe(403);
      expect((await putSettings(body(), user)).statusCode).toBe(403);
    }
  });
});

describe('the consent question for the badge forms', () => {
  const consent = (as: TestUser, eventId = w.eventA) => t.request(as, { method: 'GET', url: `/api/admin/events/${eventId}/lead-consent` });

  it('answers the wording and version to whoever registers badges in the event, null when none is asked', async () => {
    await saved(body({ askConsent: true, consentWording: 'Συμφωνώ να μοιραστώ τα στοιχεία επικοινωνίας μου.' }));
    const version = (await getSettings()).json().data.consentVersion;
    for (const user of [w.eventAdminA, w.exhibitorA, w.subAccountA, w.systemAdmin]) {
      const res = await consent(user);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ wording: 'Συμφωνώ να μοιραστώ τα στοιχεία επικοινωνίας μου.', version });
    }
    await saved(body({ askConsent: false, consentWording: 'Συμφωνώ να μοιραστώ τα στοιχεία επικοινωνίας μου.' }));
    expect((await consent(w.exhibitorA)).json()).toEqual({ data: null });
    await saved(body());
  });

  it('refuses another event and anyone who reads no badges', async () => {
    for (const user of [w.eventAdminA, w.exhibitorA, w.subAccountA]) expect((await consent(user, w.eventB)).statusCode).toBe(404);
    expect((await consent(w.noRole)).statusCode).toBe(403);
    expect((await t.request(null, { method: 'GET', url: `/api/admin/events/${w.eventA}/lead-consent` })).statusCode).toBe(401);
  });
});

describe('exhibitors’ lead counts', () => {
  beforeAll(async () => {
    const lead = (exhibitorId: number, firstName: string, scannedByAdminId: number | null, scannedByName: string, eventId = w.eventA) => ({
      eventId,
      exhibitorId,
      firstName,
      lastName: 'Visitor',
      company: 'Secret Co',
      scannedByAdminId,
      scannedByName,
      scannedAt: new Date('2027-05-09T10:00:00Z'),
    });
    await t.db.insert(leads).values([
      lead(w.exhibitorA.id, 'Anna', w.exhibitorA.id, 'Exhibitor A'),
      lead(w.exhibitorA.id, 'Jānis', w.subAccountA.id, 'Sub A'),
      lead(w.exhibitorA.id, 'Μαρία', w.subAccountA.id, 'Sub A'),
      // A removed staff member's lead keeps the name: a scanner of its own.
      lead(w.exhibitorA.id, 'Пётр', null, 'Removed Staff'),
      lead(abols.id, 'Ilze', abols.id, 'Ābols'),
      lead(w.exhibitorB.id, 'Bo', w.exhibitorB.id, 'Exhibitor B', w.eventB),
    ]);
  });

  it('lists every exhibitor of the event with its counts only, company A–Z by default', async () => {
    const res = await summaries();
    expect(res.statusCode, res.body).toBe(200);
    const { data, meta } = res.json() as { data: ExhibitorLeadSummary[]; meta: { total: number } };
    expect(data).toEqual([
      { exhibitorId: abols.id, company: 'Ābols SIA', email: abols.email, scanningEnabled: null, scanning: true, leads: 1, scanners: 1, seats: 0, mode: 'all' },
      { exhibitorId: w.exhibitorA.id, company: 'Company A', email: w.exhibitorA.email, scanningEnabled: null, scanning: true, leads: 4, scanners: 3, seats: 0, mode: 'all' },
      { exhibitorId: quiet.id, company: 'Zebra GmbH', email: quiet.email, scanningEnabled: null, scanning: true, leads: 0, scanners: 0, seats: 0, mode: 'all' },
    ]);
    expect(meta.total).toBe(3);
    // Counts only: nothing of a lead travels, and a sub-account is no exhibitor of its own.
    expect(res.body).not.toMatch(/Secret Co|Jānis|Removed Staff/);
  });

  it('sorts by leads and scanners, searches by company or email, and pages', async () => {
    const order = async (query: string) => ((await summaries(query)).json().data as ExhibitorLeadSummary[]).map((s) => s.exhibitorId);
    expect(await order('?sort=-leads')).toEqual([w.exhibitorA.id, abols.id, quiet.id]);
    expect(await order('?sort=scanners')).toEqual([quiet.id, abols.id, w.exhibitorA.id]);
    expect(await order('?search=%C4%81bols')).toEqual([abols.id]);
    expect(await order(`?search=${encodeURIComponent(quiet.email)}`)).toEqual([quiet.id]);
    expect(await order('?search=%25')).toEqual([]);
    const page2 = (await summaries('?per_page=2&page=2')).json();
    expect(page2.data.map((s: ExhibitorLeadSummary) => s.exhibitorId)).toEqual([quiet.id]);
    expect(page2.meta).toMatchObject({ page: 2, per_page: 2, total: 3, total_pages: 2 });
    // Past the last page: no rows, the total still right.
    expect((await summaries('?per_page=2&page=5')).json()).toMatchObject({ data: [], meta: { total: 3 } });
    for (const query of ['?sort=email', '?per_page=101', '?page=0', '?sort=__proto__']) {
      expect((await summaries(query)).statusCode, query).toBe(400);
    }
  });

  it('follows the event’s default unless an exhibitor has its own switch', async () => {
    await saved(body({ scanningByDefault: false }));
    const off = (await summaries()).json().data as ExhibitorLeadSummary[];
    // A default that is off sells scanning as an add-on: none of these exhibitors bought a seat.
    expect(off.every((s) => s.scanning === false && s.scanningEnabled === null && s.mode === 'seats' && s.seats === 0)).toBe(true);
    await saved(body());
  });

  it('is another event’s for an event admin of B: 404; exhibitors may not see it', async () => {
    expect((await summaries('', w.eventAdminB)).statusCode).toBe(404);
    expect((await summaries('', w.systemAdmin)).statusCode).toBe(200);
    const b = (await summaries('', w.eventAdminB, w.eventB)).json().data as ExhibitorLeadSummary[];
    expect(b).toEqual([expect.objectContaining({ exhibitorId: w.exhibitorB.id, leads: 1, scanners: 1 })]);
    for (const user of [w.exhibitorA, w.subAccountA, w.noRole]) expect((await summaries('', user)).statusCode).toBe(403);
  });
});

describe('an exhibitor’s lead access', () => {
  it('turns scanning off and on for one exhibitor, back to the default with null, each time audited', async () => {
    const off = await setAccess(abols.id, false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toEqual({
      exhibitorId: abols.id,
      company: 'Ābols SIA',
      email: abols.email,
      scanningEnabled: false,
      scanning: false,
      leads: 1,
      scanners: 1,
      seats: 0,
      mode: 'off',
    });
    // Only this exhibitor: the others keep the default.
    const rows = (await summaries()).json().data as ExhibitorLeadSummary[];
    expect(rows.filter((s) => !s.scanning).map((s) => s.exhibitorId)).toEqual([abols.id]);

    await saved(body({ scanningByDefault: false }));
    expect((await setAccess(abols.id, true)).json().data).toMatchObject({ scanningEnabled: true, scanning: true });
    expect((await setAccess(abols.id, null)).json().data).toMatchObject({ scanningEnabled: null, scanning: false });
    await saved(body());
    expect(await t.db.select().from(exhibitorLeadSettings).where(eq(exhibitorLeadSettings.exhibitorId, abols.id))).toEqual([
      expect.objectContaining({ scanningEnabled: null, shareWithTeam: false }),
    ]);
    const entries = await t.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'update_lead_access'), eq(auditLog.entityId, String(abols.id))))
      .orderBy(auditLog.id);
    expect(entries.map((e) => e.after)).toEqual([{ scanningEnabled: false }, { scanningEnabled: true }, { scanningEnabled: null }]);
    expect(entries[0]!.before).toEqual({ scanningEnabled: null });
  });

  it('keeps the exhibitor’s own team choice when the organiser switches scanning', async () => {
    await t.db.insert(exhibitorLeadSettings).values({ exhibitorId: quiet.id, shareWithTeam: true });
    await setAccess(quiet.id, false);
    const [row] = await t.db.select().from(exhibitorLeadSettings).where(eq(exhibitorLeadSettings.exhibitorId, quiet.id));
    expect(row).toMatchObject({ scanningEnabled: false, shareWithTeam: true });
    await setAccess(quiet.id, null);
  });

  it('finds only exhibitor accounts of the caller’s event: another event’s, a sub-account or an organiser is not found', async () => {
    expect((await setAccess(w.exhibitorB.id, false)).statusCode).toBe(404);
    expect((await setAccess(w.subAccountA.id, false)).statusCode).toBe(404);
    expect((await setAccess(w.eventAdminA.id, false)).statusCode).toBe(404);
    expect((await setAccess(999_999, false)).statusCode).toBe(404);
    expect(await t.db.select().from(exhibitorLeadSettings).where(eq(exhibitorLeadSettings.exhibitorId, w.exhibitorB.id))).toEqual([]);
    expect((await setAccess(w.exhibitorB.id, true, w.systemAdmin)).json().data).toMatchObject({ exhibitorId: w.exhibitorB.id, scanning: true });
    await setAccess(w.exhibitorB.id, null, w.systemAdmin);
  });

  it('takes true, false or null only, from an organiser', async () => {
    for (const value of ['off', 0, undefined]) expect((await setAccess(abols.id, value)).statusCode, String(value)).toBe(400);
    for (const user of [w.exhibitorA, abols, w.subAccountA, w.noRole]) expect((await setAccess(abols.id, false, user)).statusCode).toBe(403);
  });
});
