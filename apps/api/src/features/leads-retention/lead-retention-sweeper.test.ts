import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins } from '../../db/schema/admins';
import { emailOutbox } from '../../db/schema/email';
import { events } from '../../db/schema/events';
import { exhibitorLeadSettings, leadCaptures, leadExports, leadNotes, leadSettings, leads } from '../../db/schema/leads';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';
import { LEAD_PURGE_REMINDER_PURPOSE } from './lead-purge-reminder';
import { sweepLeadRetention } from './lead-retention-sweeper';

const PUBLIC_URL = 'https://portal.test';
let t: TestApp;
beforeAll(async () => {
  // The app's own sweeper stays out of the way: these tests run the rounds themselves, at set times.
  t = await createTestApp({ PUBLIC_URL, LEAD_RETENTION_SWEEP_INTERVAL_MS: 24 * 3600 * 1000 });
});
afterAll(() => t.close());

const sweep = (iso: string) => sweepLeadRetention({ db: t.db, publicUrl: PUBLIC_URL, now: new Date(iso) });

let seq = 0;
type Show = { eventId: number; eventName: string; exhibitors: TestUser[]; leadIds: number[] };

/** An event with `leadsPer[i]` leads for its i-th exhibitor (each lead with a note and a capture). */
async function show(options: {
  endDate: string | null;
  startDate?: string | null;
  timezone?: string;
  retentionDays?: number;
  leadsPer: number[];
}): Promise<Show> {
  const eventName = `Rīgas izstāde ${++seq}`;
  const [event] = await t.db
    .insert(events)
    .values({
      name: eventName,
      slug: `retention-${seq}`,
      startDate: options.startDate === undefined ? options.endDate : options.startDate,
      endDate: options.endDate,
      timezone: options.timezone ?? 'UTC',
    })
    .returning({ id: events.id });
  const eventId = event!.id;
  if (options.retentionDays !== undefined) await t.db.insert(leadSettings).values({ eventId, retentionDays: options.retentionDays });
  const exhibitors: TestUser[] = [];
  const leadIds: number[] = [];
  for (const count of options.leadsPer) {
    const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId, email: `stand${++seq}@retention.example` });
    exhibitors.push(exhibitor);
    for (let i = 0; i < count; i += 1) {
      const [lead] = await t.db
        .insert(leads)
        .values({ eventId, exhibitorId: exhibitor.id, firstName: 'Σοφία', lastName: `Παπαδοπούλου ${i}`, scannedByName: 'Stand', scannedAt: new Date('2027-03-16T10:00:00Z') })
        .returning({ id: leads.id });
      await t.db.insert(leadNotes).values({ leadId: lead!.id, id: `note-${lead!.id}-x`, text: 'Хочет демо', authorName: 'Stand' });
      await t.db.insert(leadCaptures).values({ leadId: lead!.id, adminId: exhibitor.id, nonce: `nonce-${lead!.id}-x`, scannedAt: new Date('2027-03-16T10:00:00Z') });
      leadIds.push(lead!.id);
    }
  }
  return { eventId, eventName, exhibitors, leadIds };
}

const remindersOf = (eventId: number) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.eventId, eventId), eq(emailOutbox.purpose, LEAD_PURGE_REMINDER_PURPOSE)))
    .orderBy(emailOutbox.id);
const leadsOf = async (eventId: number) => (await t.db.select({ id: leads.id }).from(leads).where(eq(leads.eventId, eventId))).length;

describe('lead retention: the reminder', () => {
  it('reminds each exhibitor with leads once, from a week before the purge, in the event’s time zone', async () => {
    // Ends 18 March in Riga (UTC+2, UTC+3 from 28 March): kept 60 days, until the end of 17 May (UTC+3).
    const riga = await show({ endDate: '2027-03-18', startDate: '2027-03-16', timezone: 'Europe/Riga', leadsPer: [3, 0, 1] });
    const [withLeads, withoutLeads, another] = riga.exhibitors as [TestUser, TestUser, TestUser];
    expect(await sweep('2027-05-10T20:59:59Z')).toMatchObject({ reminded: 0 });
    expect(await remindersOf(riga.eventId)).toEqual([]);

    const round = await sweep('2027-05-10T21:00:00Z');
    expect(round.reminded).toBe(2);
    const mails = await remindersOf(riga.eventId);
    expect(mails.map((mail) => mail.toAddress)).toEqual([withLeads.email, another.email]);
    expect(mails.map((mail) => mail.toAddress)).not.toContain(withoutLeads.email);
    const mail = mails[0]!;
    expect(mail).toMatchObject({ exhibitorId: withLeads.id, recipientAdminId: withLeads.id, status: 'pending' });
    expect(mail.subject).toBe(`Your leads from ${riga.eventName} are deleted after 17 May 2027`);
    expect(mail.textBody).toContain('Your team scanned 3 leads at');
    expect(mail.textBody).toContain('until the end of 17 May 2027 (Europe/Riga time)');
    expect(mail.textBody).toContain(`${PUBLIC_URL}/leads`);
    expect(mails[1]!.textBody).toContain('scanned 1 lead at');
    const [settings] = await t.db.select().from(exhibitorLeadSettings).where(eq(exhibitorLeadSettings.exhibitorId, withLeads.id));
    expect(settings!.purgeReminderSentAt?.toISOString()).toBe('2027-05-10T21:00:00.000Z');

    // Not twice: neither in the same moment nor days later.
    await sweep('2027-05-10T21:00:00Z');
    await sweep('2027-05-14T08:00:00Z');
    expect(await remindersOf(riga.eventId)).toHaveLength(2);
    expect(await leadsOf(riga.eventId)).toBe(4);
  });

  it('reminds at the end of the event when the retention is shorter than the reminder’s week', async () => {
    const short = await show({ endDate: '2027-06-02', retentionDays: 3, leadsPer: [1] });
    expect((await sweep('2027-06-02T23:59:59Z')).reminded).toBe(0);
    expect((await sweep('2027-06-03T00:00:00Z')).reminded).toBe(1);
    expect((await remindersOf(short.eventId))[0]!.textBody).toContain('until the end of 5 June 2027 (UTC time)');
    expect((await sweep('2027-06-05T23:59:59Z')).purged).toBe(0);
    expect(await leadsOf(short.eventId)).toBe(1);
    expect((await sweep('2027-06-06T00:00:00Z')).purged).toBe(1);
  });

  it('reminds again when the organiser lengthens the retention after a reminder, at the new date', async () => {
    const longer = await show({ endDate: '2027-07-01', retentionDays: 10, leadsPer: [2] });
    expect((await sweep('2027-07-05T00:00:00Z')).reminded).toBe(1);
    await t.db.update(leadSettings).set({ retentionDays: 30 }).where(eq(leadSettings.eventId, longer.eventId));
    // The first date passes without a purge, and no new reminder comes before the new one is due.
    expect(await sweep('2027-07-12T00:00:00Z')).toMatchObject({ reminded: 0, purged: 0 });
    expect((await sweep('2027-07-25T00:00:00Z')).reminded).toBe(1);
    const mails = await remindersOf(longer.eventId);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your leads from ${longer.eventName} are deleted after 11 July 2027`,
      `Your leads from ${longer.eventName} are deleted after 31 July 2027`,
    ]);
    expect((await sweep('2027-07-30T00:00:00Z')).reminded).toBe(0);
  });

  it('sends no reminder to an exhibitor whose account is switched off, but purges its leads all the same', async () => {
    const off = await show({ endDate: '2027-08-01', retentionDays: 10, leadsPer: [1] });
    await t.db.update(admins).set({ isActive: false }).where(eq(admins.id, off.exhibitors[0]!.id));
    expect((await sweep('2027-08-10T00:00:00Z')).reminded).toBe(0);
    expect(await remindersOf(off.eventId)).toEqual([]);
    await sweep('2027-08-12T00:00:00Z');
    expect(await leadsOf(off.eventId)).toBe(0);
  });

  it('sends one reminder per exhibitor when two processes sweep at the same moment', async () => {
    const crowded = await show({ endDate: '2027-09-01', retentionDays: 8, leadsPer: Array.from({ length: 24 }, () => 1) });
    // Half have settings of their own already (claimed by an update), half not (claimed by an insert).
    await t.db.insert(exhibitorLeadSettings).values(crowded.exhibitors.slice(0, 12).map((exhibitor) => ({ exhibitorId: exhibitor.id, shareWithTeam: true })));
    const rounds = await Promise.all([sweep('2027-09-03T00:00:00Z'), sweep('2027-09-03T00:00:00Z'), sweep('2027-09-03T00:00:01Z')]);
    expect(rounds.reduce((sum, round) => sum + round.reminded, 0)).toBe(24);
    const mails = await remindersOf(crowded.eventId);
    expect(mails).toHaveLength(24);
    expect(new Set(mails.map((mail) => mail.toAddress)).size).toBe(24);
    // A claim leaves the exhibitor's own choices alone.
    const kept = await t.db.select().from(exhibitorLeadSettings).where(eq(exhibitorLeadSettings.exhibitorId, crowded.exhibitors[0]!.id));
    expect(kept[0]).toMatchObject({ shareWithTeam: true, purgeReminderSentAt: expect.any(Date) });
  });
});

describe('lead retention: the purge', () => {
  it('deletes an event’s leads with their notes and captures at the end of the retention, keeping the export log and other events', async () => {
    const done = await show({ endDate: '2027-10-10', timezone: 'America/New_York', retentionDays: 20, leadsPer: [2, 1] });
    const other = await show({ endDate: '2027-10-20', timezone: 'America/New_York', retentionDays: 20, leadsPer: [2] });
    const undated = await show({ endDate: null, startDate: null, leadsPer: [1] });
    await t.db.insert(leadExports).values({ eventId: done.eventId, exhibitorId: done.exhibitors[0]!.id, byName: 'Stand', format: 'xlsx', rows: 2 });
    // Kept until the end of 30 October in New York (UTC−4): 31 October 04:00 UTC.
    await sweep('2027-10-31T03:59:59Z');
    expect(await leadsOf(done.eventId)).toBe(3);
    // Earlier shows' leads went long before: what this round deletes is this event's.
    expect((await sweep('2027-10-31T04:00:00Z')).purged).toBe(3);
    expect(await leadsOf(done.eventId)).toBe(0);
    expect(await t.db.select().from(leadNotes).where(inArray(leadNotes.leadId, done.leadIds))).toEqual([]);
    expect(await t.db.select().from(leadCaptures).where(inArray(leadCaptures.leadId, done.leadIds))).toEqual([]);
    expect(await t.db.select({ rows: leadExports.rows }).from(leadExports).where(eq(leadExports.eventId, done.eventId))).toEqual([{ rows: 2 }]);
    expect(await leadsOf(other.eventId)).toBe(2);
    expect(await leadsOf(undated.eventId)).toBe(1);
    // An event without dates keeps its leads, however late.
    await sweep('2099-01-01T00:00:00Z');
    expect(await leadsOf(undated.eventId)).toBe(1);
    expect(await leadsOf(other.eventId)).toBe(0);
  });

  it('uses the default of 60 days when the event has no lead settings, and does nothing on an empty database day', async () => {
    const plain = await show({ endDate: '2028-01-31', leadsPer: [1] });
    await sweep('2028-03-31T23:59:59Z');
    expect(await leadsOf(plain.eventId)).toBe(1);
    expect(await sweep('2028-04-01T00:00:00Z')).toMatchObject({ purged: 1 });
    expect(await sweep('2028-04-01T00:00:00Z')).toEqual({ reminded: 0, purged: 0 });
  });
});
