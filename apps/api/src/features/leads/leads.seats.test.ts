import { leadAccessSchema, leadSeatsSchema, type ExhibitorLeadSummary, type LeadAccess, type LeadSeats } from '@portal/shared/leads';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { admins } from '../../db/schema/admins';
import { companies } from '../../db/schema/companies';
import { allocations, badgeCategories } from '../../db/schema/badges';
import { leadScannerSeats } from '../../db/schema/leads';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import { capture, scanOf, secondSubAccount, setExhibitorScanning, setLeadSettings, visitorBadge, visitorCategory } from './lead-fixtures';

let t: TestApp;
let w: World;
let visitors: number;
let subAccountA2: TestUser;
/** An add-on of event A that sells lead scanning, and one that does not (parking). */
let scannerAddon: number;
let parkingAddon: number;

const BUY_SEAT = 'Lead scanning is sold as an add-on at this event: buy it under Allocation Purchases, then give a seat to this account';
const ASK_FOR_SEAT = 'Ask Ābols SIA to give you a lead scanning seat';
const SCANNING_OFF = 'Lead scanning is not available for your company at this event';

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  visitors = await visitorCategory(t, w.eventA);
  subAccountA2 = await secondSubAccount(t, w);
  await t.db.update(companies).set({ name: 'Ābols SIA' }).where(eq(companies.id, w.companyA));
  await t.db.update(admins).set({ firstName: 'Ēriks', lastName: 'Ozoliņš' }).where(eq(admins.id, w.subAccountA.id));
  await t.db.update(admins).set({ firstName: 'Ζωή', lastName: 'Παπαδοπούλου' }).where(eq(admins.id, subAccountA2.id));
  const [scanner, parking, scannerB] = await t.db
    .insert(badgeCategories)
    .values([
      { eventId: w.eventA, name: 'Lead scanner', type: 'addon', badgeType: 'exhibitor', grantsLeadScanning: true },
      { eventId: w.eventA, name: 'Parking', type: 'addon', badgeType: 'exhibitor' },
      { eventId: w.eventB, name: 'Lead scanner', type: 'addon', badgeType: 'exhibitor', grantsLeadScanning: true },
    ])
    .returning({ id: badgeCategories.id });
  scannerAddon = scanner!.id;
  parkingAddon = parking!.id;
  // Neither counts for exhibitor A: another add-on, and a sub-account's share carved out of the seats.
  await t.db.insert(allocations).values({ eventId: w.eventA, adminId: w.exhibitorA.id, badgeCategoryId: parkingAddon, quantity: 5 });
  await t.db.insert(allocations).values({ eventId: w.eventB, adminId: w.exhibitorB.id, badgeCategoryId: scannerB!.id, quantity: 3 });
});
afterAll(() => t.close());
afterEach(async () => {
  await setLeadSettings(t, w.eventA, {});
  await setExhibitorScanning(t, w.exhibitorA.id, null);
  await t.db.delete(leadScannerSeats);
  await t.db.delete(allocations).where(eq(allocations.badgeCategoryId, scannerAddon));
});

/** Gives exhibitor A this many seats (0: none), with a sub-account's share of them that must not add up. */
async function buySeats(quantity: number) {
  await t.db.delete(allocations).where(eq(allocations.badgeCategoryId, scannerAddon));
  if (quantity === 0) return;
  const [parent] = await t.db
    .insert(allocations)
    .values({ eventId: w.eventA, adminId: w.exhibitorA.id, badgeCategoryId: scannerAddon, quantity })
    .returning({ id: allocations.id });
  await t.db.insert(allocations).values({ eventId: w.eventA, adminId: w.subAccountA.id, badgeCategoryId: scannerAddon, parentAllocationId: parent!.id, quantity: 1 });
}

async function access(as: TestUser): Promise<LeadAccess> {
  const res = await t.request(as, { method: 'GET', url: '/api/leads/access' });
  expect(res.statusCode).toBe(200);
  return leadAccessSchema.parse(res.json().data);
}

const seats = async (): Promise<LeadSeats> => leadSeatsSchema.parse((await t.request(w.exhibitorA, { method: 'GET', url: '/api/leads/seats' })).json().data);
const putSeats = (as: TestUser, adminIds: unknown) => t.request(as, { method: 'PUT', url: '/api/leads/seats', payload: { adminIds } });

async function summaryA(): Promise<ExhibitorLeadSummary> {
  const res = await t.request(w.eventAdminA, { method: 'GET', url: `/api/admin/events/${w.eventA}/lead-summaries?search=${encodeURIComponent('Ābols')}` });
  expect(res.statusCode).toBe(200);
  return res.json().data[0];
}

const scanStatus = async (as: TestUser) => (await capture(t, as, scanOf((await visitorBadge(t, { eventId: w.eventA, categoryId: visitors, firstName: 'Līga', lastName: 'Kalniņa' })).code))).statusCode;

describe('who of an exhibitor’s staff may scan', () => {
  it('lets all staff scan where the event’s default is on (no settings saved), whatever the seats', async () => {
    await buySeats(1);
    expect(await access(w.subAccountA)).toEqual({ canScan: true, mode: 'all', reason: null });
    expect(await scanStatus(w.subAccountA)).toBe(201);
    expect(await scanStatus(subAccountA2)).toBe(201);
    expect(await summaryA()).toMatchObject({ mode: 'all', seats: 1, scanning: true, scanningEnabled: null });
  });

  it('follows the exhibitor’s switch over the event’s default: on lets all scan, off none, seats or not', async () => {
    await setLeadSettings(t, w.eventA, { scanningByDefault: false });
    await setExhibitorScanning(t, w.exhibitorA.id, true);
    expect(await access(subAccountA2)).toEqual({ canScan: true, mode: 'all', reason: null });
    expect(await scanStatus(subAccountA2)).toBe(201);

    await buySeats(2);
    expect((await putSeats(w.exhibitorA, [w.subAccountA.id])).statusCode).toBe(200);
    await setExhibitorScanning(t, w.exhibitorA.id, false);
    expect(await access(w.subAccountA)).toEqual({ canScan: false, mode: 'off', reason: SCANNING_OFF });
    const refused = await capture(t, w.subAccountA, scanOf((await visitorBadge(t, { eventId: w.eventA, categoryId: visitors, firstName: 'A', lastName: 'B' })).code));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SCANNING_OFF);
    expect(await summaryA()).toMatchObject({ mode: 'off', seats: 2, scanning: false, scanningEnabled: false });
  });

  it('sells scanning where the default is off: without seats nobody scans, and each is told what to do', async () => {
    await setLeadSettings(t, w.eventA, { scanningByDefault: false });
    expect(await access(w.exhibitorA)).toEqual({ canScan: false, mode: 'seats', reason: BUY_SEAT });
    expect(await access(w.subAccountA)).toEqual({ canScan: false, mode: 'seats', reason: ASK_FOR_SEAT });
    const refused = await capture(t, w.subAccountA, scanOf((await visitorBadge(t, { eventId: w.eventA, categoryId: visitors, firstName: 'C', lastName: 'D' })).code));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ASK_FOR_SEAT);
    expect(await summaryA()).toMatchObject({ mode: 'seats', seats: 0, scanning: false });
    // Not even a seat given beforehand counts without a seat bought.
    await t.db.insert(leadScannerSeats).values({ adminId: w.exhibitorA.id, exhibitorId: w.exhibitorA.id });
    expect((await access(w.exhibitorA)).canScan).toBe(false);
  });

  it('with seats bought, lets scan only the staff given one', async () => {
    await setLeadSettings(t, w.eventA, { scanningByDefault: false });
    await buySeats(2);
    expect((await access(w.exhibitorA)).canScan).toBe(false);
    expect(await summaryA()).toMatchObject({ mode: 'seats', seats: 2, scanning: false });

    const saved = await putSeats(w.exhibitorA, [subAccountA2.id, subAccountA2.id]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({
      mode: 'seats',
      seats: 2,
      staff: [
        { id: w.exhibitorA.id, name: expect.any(String), email: w.exhibitorA.email, type: 'exhibitor', hasSeat: false },
        { id: w.subAccountA.id, name: 'Ēriks Ozoliņš', email: w.subAccountA.email, type: 'sub-account', hasSeat: false },
        { id: subAccountA2.id, name: 'Ζωή Παπαδοπούλου', email: subAccountA2.email, type: 'sub-account', hasSeat: true },
      ],
    });
    expect(await access(subAccountA2)).toEqual({ canScan: true, mode: 'seats', reason: null });
    expect(await scanStatus(subAccountA2)).toBe(201);
    expect(await scanStatus(w.subAccountA)).toBe(403);
    expect(await scanStatus(w.exhibitorA)).toBe(403);
    expect(await summaryA()).toMatchObject({ mode: 'seats', seats: 2, scanning: true });
  });

  it('keeps the seats of the earliest given when the seats bought shrink, and the leads of everyone', async () => {
    await setLeadSettings(t, w.eventA, { scanningByDefault: false });
    await buySeats(2);
    expect((await putSeats(w.exhibitorA, [w.exhibitorA.id, subAccountA2.id])).statusCode).toBe(200);
    // The sub-account's seat given first: an earlier date than the exhibitor's, though its id is higher.
    await t.db.update(leadScannerSeats).set({ createdAt: sql`now() - interval '1 hour'` }).where(eq(leadScannerSeats.adminId, subAccountA2.id));
    const badge = await visitorBadge(t, { eventId: w.eventA, categoryId: visitors, firstName: 'Ολυμπία', lastName: 'Νικολάου' });
    const lead = (await capture(t, w.exhibitorA, scanOf(badge.code))).json().data.lead;

    await buySeats(1); // a refund of one seat
    expect((await seats()).staff.filter((member) => member.hasSeat).map((member) => member.id)).toEqual([subAccountA2.id]);
    expect(await scanStatus(subAccountA2)).toBe(201);
    expect((await access(w.exhibitorA)).reason).toBe(BUY_SEAT);
    expect(await scanStatus(w.exhibitorA)).toBe(403);
    expect(await summaryA()).toMatchObject({ mode: 'seats', seats: 1, scanning: true });
    // The leads scanned before stay readable and exportable.
    expect((await t.request(w.exhibitorA, { method: 'GET', url: `/api/leads/${lead.id}` })).statusCode).toBe(200);
    const exported = await t.request(w.exhibitorA, { method: 'GET', url: '/api/leads/export?format=csv' });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('Νικολάου');
  });
});

describe('giving the seats', () => {
  it('refuses more staff than seats (422), someone else’s staff (404), a sub-account (403) and ids that are no ids (400)', async () => {
    await setLeadSettings(t, w.eventA, { scanningByDefault: false });
    await buySeats(2);
    const tooMany = await putSeats(w.exhibitorA, [w.exhibitorA.id, w.subAccountA.id, subAccountA2.id]);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe('You have 2 seats');
    for (const stranger of [w.exhibitorB.id, w.eventAdminA.id, 2_000_000_000]) {
      expect((await putSeats(w.exhibitorA, [w.subAccountA.id, stranger])).statusCode).toBe(404);
    }
    expect((await putSeats(w.subAccountA, [w.subAccountA.id])).statusCode).toBe(403);
    expect((await t.request(w.subAccountA, { method: 'GET', url: '/api/leads/seats' })).statusCode).toBe(403);
    for (const adminIds of [['x'], [0], null, Array.from({ length: 1001 }, (_, i) => i + 1)]) {
      expect((await putSeats(w.exhibitorA, adminIds)).statusCode).toBe(400);
    }
    // Nothing refused was written.
    expect(await t.db.select().from(leadScannerSeats)).toEqual([]);
    await buySeats(0);
    const none = await putSeats(w.exhibitorA, [w.subAccountA.id]);
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('You have 0 seats');
  });

  it('replaces who holds a seat, an empty list taking them all back', async () => {
    await setLeadSettings(t, w.eventA, { scanningByDefault: false });
    await buySeats(2);
    await putSeats(w.exhibitorA, [w.subAccountA.id, subAccountA2.id]);
    const swapped = await putSeats(w.exhibitorA, [w.exhibitorA.id, subAccountA2.id]);
    expect(swapped.json().data.staff.map((member: { hasSeat: boolean }) => member.hasSeat)).toEqual([true, false, true]);
    const cleared = await putSeats(w.exhibitorA, []);
    expect(cleared.json().data.staff.some((member: { hasSeat: boolean }) => member.hasSeat)).toBe(false);
    expect(await t.db.select().from(leadScannerSeats)).toEqual([]);
  });

  it('never gives more seats than bought when two lists are saved at once', async () => {
    await setLeadSettings(t, w.eventA, { scanningByDefault: false });
    await buySeats(2);
    const [first, second] = await Promise.all([
      putSeats(w.exhibitorA, [w.exhibitorA.id, w.subAccountA.id]),
      putSeats(w.exhibitorA, [subAccountA2.id, w.subAccountA.id]),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const held = (await t.db.select().from(leadScannerSeats)).map((row) => row.adminId).sort((a, b) => a - b);
    expect([[w.exhibitorA.id, w.subAccountA.id], [w.subAccountA.id, subAccountA2.id]]).toContainEqual(held);
  });

  it('shows the seats screen in every mode, the staff with none where scanning is not sold', async () => {
    const all = await seats();
    expect(all).toMatchObject({ mode: 'all', seats: 0 });
    expect(all.staff.map((member) => member.type)).toEqual(['exhibitor', 'sub-account', 'sub-account']);
    expect(all.staff.every((member) => !member.hasSeat)).toBe(true);
  });
});
