import type { CapturedLead } from '@portal/shared/leads';
import { capturedLeadSchema, MAX_LEAD_CODE_LENGTH } from '@portal/shared/leads';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { leadCaptures, leadNotes, leads } from '../../db/schema/leads';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import {
  capture,
  customField,
  nonce,
  scanOf,
  secondSubAccount,
  setExhibitorScanning,
  setLeadSettings,
  visitorBadge,
  visitorCategory,
} from './lead-fixtures';

let t: TestApp;
let w: World;
let visitorsA: number;
let visitorsB: number;
let subAccountA2: TestUser;

const answer = (res: { json(): unknown }) => (res.json() as { data: CapturedLead }).data;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  visitorsA = await visitorCategory(t, w.eventA);
  visitorsB = await visitorCategory(t, w.eventB);
  subAccountA2 = await secondSubAccount(t, w);
});
afterAll(() => t.close());

const visitorA = (firstName: string, lastName: string, extra: Partial<Parameters<typeof visitorBadge>[1]> = {}) =>
  visitorBadge(t, { eventId: w.eventA, categoryId: visitorsA, firstName, lastName, ...extra });

describe('capturing a lead', () => {
  it('makes a lead of a first scan (201) with the scanner, the copied name and company, and the note, tags and rating sent', async () => {
    const badge = await visitorA('Jānis', 'Bērziņš', { exhibitorId: w.exhibitorB.id });
    const res = await capture(t, w.subAccountA, scanOf(badge.code, { rating: 'warm', tags: ['2027', 'pumps', 'pumps'], note: { id: 'note-0000001', text: 'Wants a quote' } }));
    expect(res.statusCode).toBe(201);
    const { lead, created } = capturedLeadSchema.parse(res.json().data);
    expect(created).toBe(true);
    expect(lead).toMatchObject({
      eventId: w.eventA,
      exhibitorId: w.exhibitorA.id,
      // The badge's own exhibitor's company (exhibitor B's company here), copied at the scan.
      visitor: { firstName: 'Jānis', lastName: 'Bērziņš', company: 'Company B' },
      consent: null,
      scannedBy: { id: w.subAccountA.id },
      rating: 'warm',
      tags: ['2027', 'pumps'],
      notes: [{ id: 'note-0000001', text: 'Wants a quote' }],
      scans: 1,
    });
    expect(lead.notes[0]!.authorName).toBe(lead.scannedBy.name);
    expect(lead.notes[0]!.authorId).toBe(lead.scannedBy.id);
    const [stored] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(stored).toMatchObject({ badgeId: badge.id, firstName: 'Jānis', company: 'Company B', scannedByAdminId: w.subAccountA.id });
  });

  it('takes the company of a badge without exhibitor from its answer to the event’s field keyed company', async () => {
    const companyField = await customField(t, { eventId: w.eventA, label: 'Company', key: 'company' });
    const badge = await visitorA('Олег', 'Петров', { values: { [companyField]: 'ООО Ромашка' } });
    const { lead } = answer(await capture(t, w.exhibitorA, scanOf(badge.code)));
    expect(lead.visitor.company).toBe('ООО Ромашка');
    const none = await visitorA('Nobody', 'Company');
    expect(answer(await capture(t, w.exhibitorA, scanOf(none.code))).lead.visitor.company).toBeNull();
  });

  it('adds a second scan of the visitor to its lead (200): one lead, the scan counted, notes of both kept, tags added, answers merged', async () => {
    const budget = await customField(t, { eventId: w.eventA, exhibitorId: w.exhibitorA.id, label: 'Budget', type: 'number' });
    const timing = await customField(t, {
      eventId: w.eventA,
      exhibitorId: w.exhibitorA.id,
      label: 'Timing',
      type: 'select',
      options: [
        { value: 'now', label: 'Now' },
        { value: 'later', label: 'Later' },
      ],
    });
    const badge = await visitorA('Ελένη', 'Νικολάου');
    const first = answer(
      await capture(t, w.subAccountA, scanOf(badge.code, { tags: ['a'], note: { id: 'first-note-1', text: 'First' }, answers: { [budget]: 5000 } })),
    );
    const res = await capture(
      t,
      w.exhibitorA,
      scanOf(badge.code, { rating: 'hot', tags: ['b'], note: { id: 'second-note-1', text: 'Second' }, answers: { [timing]: 'now' } }),
    );
    expect(res.statusCode).toBe(200);
    const again = answer(res);
    expect(again.created).toBe(false);
    expect(again.lead).toMatchObject({ id: first.lead.id, scans: 2, rating: 'hot', tags: ['a', 'b'], answers: { [budget]: 5000, [timing]: 'now' } });
    expect(again.lead.scannedBy.id).toBe(w.subAccountA.id);
    expect(again.lead.notes.map((n) => n.text)).toEqual(['First', 'Second']);
    expect(await t.db.select().from(leads).where(eq(leads.badgeId, badge.id))).toHaveLength(1);
  });

  it('answers the same again for the same nonce and writes nothing', async () => {
    const badge = await visitorA('Līga', 'Ozola');
    const body = scanOf(badge.code, { note: { id: 'replay-note-1', text: 'Once' } });
    const first = await capture(t, w.subAccountA, body);
    expect(first.statusCode).toBe(201);
    const again = await capture(t, w.subAccountA, { ...body, note: { id: 'replay-note-2', text: 'Not written' } });
    expect(again.statusCode).toBe(201);
    expect(answer(again)).toEqual(answer(first));
    const leadId = answer(first).lead.id;
    expect(await t.db.select().from(leadCaptures).where(eq(leadCaptures.leadId, leadId))).toHaveLength(1);
    expect((await t.db.select().from(leadNotes).where(eq(leadNotes.leadId, leadId))).map((n) => n.id)).toEqual(['replay-note-1']);

    // The second scan's nonce again: the same lead, not made by it, still two scans.
    const second = scanOf(badge.code);
    expect((await capture(t, w.exhibitorA, second)).statusCode).toBe(200);
    const replayed = await capture(t, w.exhibitorA, second);
    expect(replayed.statusCode).toBe(200);
    expect(answer(replayed)).toMatchObject({ created: false, lead: { id: leadId, scans: 2 } });
  });

  it('applies two copies of one scan arriving at once once', async () => {
    const badge = await visitorA('Dup', 'Licate');
    const body = scanOf(badge.code);
    const answers = await Promise.all([capture(t, w.subAccountA, body), capture(t, w.subAccountA, body), capture(t, w.subAccountA, body)]);
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((res) => answer(res).lead.id)).size).toBe(1);
    const [lead] = await t.db.select().from(leads).where(eq(leads.badgeId, badge.id));
    expect(lead!.scans).toBe(1);
    expect(await t.db.select().from(leadCaptures).where(eq(leadCaptures.leadId, lead!.id))).toHaveLength(1);
  });

  it('makes one lead of two staff scanning one visitor at once', async () => {
    for (let round = 0; round < 5; round++) {
      const badge = await visitorA('Con', `Current ${round}`);
      const answers = await Promise.all(
        [w.exhibitorA, w.subAccountA, subAccountA2].map((user) => capture(t, user, scanOf(badge.code, { tags: [`by-${user.id}`] }))),
      );
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 201]);
      expect(answers.filter((res) => answer(res).created)).toHaveLength(1);
      const rows = await t.db.select().from(leads).where(eq(leads.badgeId, badge.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.scans).toBe(3);
      expect([...rows[0]!.tags].sort()).toEqual([w.exhibitorA.id, w.subAccountA.id, subAccountA2.id].map((id) => `by-${id}`).sort());
    }
  });

  it('keeps the scan time of a queued scan, never one in the future', async () => {
    const queued = await visitorA('Queued', 'Offline');
    const { lead } = answer(await capture(t, w.subAccountA, { ...scanOf(queued.code), scannedAt: '2026-05-09T08:15:00+02:00' }));
    expect(lead.scannedAt).toBe('2026-05-09T06:15:00.000Z');
    const ahead = await visitorA('Clock', 'Ahead');
    const future = answer(await capture(t, w.subAccountA, { ...scanOf(ahead.code), scannedAt: '2099-01-01T00:00:00Z' })).lead;
    expect(new Date(future.scannedAt).getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('what a scan refuses', () => {
  it('refuses an unknown code, another event’s badge and a code longer than any badge’s with 404', async () => {
    const other = await visitorBadge(t, { eventId: w.eventB, categoryId: visitorsB, firstName: 'Other', lastName: 'Event' });
    for (const code of ['NO-SUCH-CODE', other.code, 'X'.repeat(MAX_LEAD_CODE_LENGTH + 1)]) {
      const res = await capture(t, w.exhibitorA, scanOf(code));
      expect(res.statusCode, code).toBe(404);
      expect(res.json().message).toBe('No badge of this event has this code');
    }
    // Refused scans leave nothing behind.
    expect(await queryRows(t.db, sql`select 1 from leads where badge_id = ${other.id}`)).toEqual([]);
  });

  it('refuses a cancelled badge with 422', async () => {
    const cancelled = await visitorA('Can', 'Celled', { status: 'cancelled' });
    const res = await capture(t, w.exhibitorA, scanOf(cancelled.code));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This badge is cancelled');
  });

  it('refuses organisers and administrators, who scan no leads', async () => {
    const badge = await visitorA('Not', 'Scanned');
    const organiser = await capture(t, w.eventAdminA, scanOf(badge.code));
    expect(organiser.statusCode).toBe(403);
    const admin = await capture(t, w.systemAdmin, scanOf(badge.code));
    expect(admin.statusCode).toBe(403);
    expect(admin.json().message).toMatch(/exhibitor’s staff/);
    expect(await t.db.select().from(leads).where(eq(leads.badgeId, badge.id))).toEqual([]);
  });

  it('refuses a scan where the organiser turned scanning off, for the event or the exhibitor', async () => {
    const badge = await visitorA('Switched', 'Off');
    await setLeadSettings(t, w.eventA, { scanningByDefault: false });
    try {
      // The event's default off sells scanning as an add-on (leads.seats.test.ts): without a seat, no scan.
      const off = await capture(t, w.subAccountA, scanOf(badge.code));
      expect(off.statusCode).toBe(403);
      expect(off.json().message).toBe('Ask Company A to give you a lead scanning seat');
      // The exhibitor's own setting wins over the event's default, either way.
      await setExhibitorScanning(t, w.exhibitorA.id, true);
      expect((await capture(t, w.subAccountA, scanOf(badge.code))).statusCode).toBe(201);
      await setLeadSettings(t, w.eventA, { scanningByDefault: true });
      await setExhibitorScanning(t, w.exhibitorA.id, false);
      const switchedOff = await capture(t, w.exhibitorA, scanOf(badge.code));
      expect(switchedOff.statusCode).toBe(403);
      expect(switchedOff.json().message).toBe('Lead scanning is not available for your company at this event');
    } finally {
      await setExhibitorScanning(t, w.exhibitorA.id, null);
      await setLeadSettings(t, w.eventA, {});
    }
  });

  it('refuses answers that do not fit the exhibitor’s questions with 400 at the question, writing nothing', async () => {
    const size = await customField(t, {
      eventId: w.eventA,
      exhibitorId: w.exhibitorA.id,
      label: 'Company size',
      type: 'radio',
      options: [
        { value: 'small', label: 'Small' },
        { value: 'large', label: 'Large' },
      ],
    });
    const upload = await customField(t, { eventId: w.eventA, exhibitorId: w.exhibitorA.id, label: 'Brochure', type: 'file' });
    const otherExhibitors = await customField(t, { eventId: w.eventB, exhibitorId: w.exhibitorB.id, label: 'B’s own' });
    const badge = await visitorA('Bad', 'Answers');
    for (const [answers, field] of [
      [{ [size]: 'huge' }, `answers.${size}`],
      [{ [upload]: 'brochure.pdf' }, `answers.${upload}`],
      [{ [otherExhibitors]: 'x' }, `answers.${otherExhibitors}`],
    ] as const) {
      const res = await capture(t, w.exhibitorA, scanOf(badge.code, { answers }));
      expect(res.statusCode).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toEqual([field]);
    }
    expect(await t.db.select().from(leads).where(eq(leads.badgeId, badge.id))).toEqual([]);
    const ok = answer(await capture(t, w.exhibitorA, scanOf(badge.code, { answers: { [size]: 'large' } })));
    expect(ok.lead.answers).toEqual({ [size]: 'large' });
  });

  it('refuses a malformed scan with 400 at its field', async () => {
    for (const [body, field] of [
      [{ code: 'X', nonce: 'short', scannedAt: new Date().toISOString() }, 'nonce'],
      [{ code: '', nonce: nonce(), scannedAt: new Date().toISOString() }, 'code'],
      [{ code: 'X', nonce: nonce(), scannedAt: 'yesterday' }, 'scannedAt'],
      [{ code: 'X', nonce: nonce(), scannedAt: new Date().toISOString(), rating: 'lukewarm' }, 'rating'],
      [{ code: 'X', nonce: nonce(), scannedAt: new Date().toISOString(), tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags'],
    ] as const) {
      const res = await capture(t, w.exhibitorA, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().details[0].field).toBe(field);
    }
  });
});

describe('consent at the scan', () => {
  it('records the visitor’s consent and its version where the event asks, and nothing where it does not', async () => {
    const consenting = await visitorA('Con', 'Sent', { leadConsentVersion: 2 });
    const refusing = await visitorA('Re', 'Fused');
    await setLeadSettings(t, w.eventA, { askConsent: true, consentWording: 'Share my details', consentVersion: 2 });
    try {
      expect(answer(await capture(t, w.exhibitorA, scanOf(consenting.code))).lead.consent).toEqual({ given: true, version: 2 });
      expect(answer(await capture(t, w.exhibitorA, scanOf(refusing.code))).lead.consent).toEqual({ given: false, version: null });
    } finally {
      await setLeadSettings(t, w.eventA, {});
    }
    const notAsked = await visitorA('Not', 'Asked', { leadConsentVersion: 1 });
    const lead = answer(await capture(t, w.exhibitorA, scanOf(notAsked.code))).lead;
    expect(lead.consent).toBeNull();
    const [stored] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(stored).toMatchObject({ consentGiven: null, consentVersion: null });
  });
});
