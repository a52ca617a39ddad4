import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeCategories } from '../../db/schema/badges';
import { events } from '../../db/schema/events';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import { listEmailsTo } from '../email/email.repository';

/** Invitations and purchase updates take the most specific active template, else the built-in text. */

let t: TestApp;
let w: World;
let n = 0;

const send = (as: TestUser, method: 'POST' | 'PUT', url: string, payload: object) =>
  t.request(as, { method, url, payload });

async function addTemplate(as: TestUser, template: object) {
  const res = await send(as, 'POST', '/api/admin/email-templates', template);
  expect(res.statusCode, res.body).toBe(201);
}

/** Creates an exhibitor without a password; answers the invitation it was sent. */
async function invite(as: TestUser, eventId: number) {
  const email = `invitee${++n}@widgets.example`;
  const res = await send(as, 'POST', '/api/admin/exhibitors', {
    eventId,
    companyName: `Widgets ${n}`,
    firstName: 'Kari',
    lastName: 'Nordmann',
    email,
  });
  expect(res.statusCode, res.body).toBe(201);
  const [mail] = await listEmailsTo(t.db, email);
  return { mail: mail!, id: res.json().data.id as number };
}

/** Requests places of a category as a new exhibitor of event A and has them refused; answers the mail it got. */
async function refusedPurchase(badgeCategoryId: number) {
  const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA, companyId: w.companyA });
  const created = await send(exhibitor, 'POST', '/api/admin/allocation-purchases', { badgeCategoryId, quantity: 2 });
  expect(created.statusCode, created.body).toBe(201);
  const decided = await send(w.eventAdminA, 'PUT', `/api/admin/allocation-purchases/${created.json().data.id}`, {
    action: 'reject',
    comment: 'Sold out',
  });
  expect(decided.statusCode, decided.body).toBe(200);
  return { mail: (await listEmailsTo(t.db, exhibitor.email)).at(-1)!, exhibitor };
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://portal.test' });
  w = await createWorld(t);
  await t.db.update(events).set({ startDate: '2026-05-12', endDate: '2026-05-14' }).where(eq(events.id, w.eventA));
  await t.db.update(badgeCategories).set({ unitPriceCents: 2500 }).where(eq(badgeCategories.id, w.categoryA));
});
afterAll(() => t.close());

describe('invitation mails', () => {
  it('use the built-in text, then the global template, then the event’s own', async () => {
    const builtIn = await invite(w.eventAdminA, w.eventA);
    expect(builtIn.mail).toMatchObject({
      purpose: 'invitation',
      subject: 'Your Exhibitor Portal account for Event A',
      exhibitorId: builtIn.id,
      recipientAdminId: builtIn.id,
    });
    expect(builtIn.mail.textBody).toMatch(/^Hello Kari,\n/);
    expect(builtIn.mail.textBody).toMatch(/https:\/\/portal\.test\/accept-invitation\/[\w-]+\n/);

    await addTemplate(w.systemAdmin, {
      eventId: null,
      name: 'Global invitation',
      purpose: 'invitation',
      subject: 'Welcome {{firstName}} {{lastName}} to {{eventName}}',
      htmlBody: '<p>{{companyName}}: <a href="{{invitationLink}}">choose a password</a> ({{eventDates}})</p>',
    });
    const global = await invite(w.eventAdminA, w.eventA);
    expect(global.mail.subject).toBe('Welcome Kari Nordmann to Event A');
    expect(global.mail.textBody).toContain(`Widgets ${n}: choose a password`);
    expect(global.mail.textBody).toContain('(12 May 2026 – 14 May 2026)');
    expect(global.mail.htmlBody).toMatch(/href="https:\/\/portal\.test\/accept-invitation\/[\w-]+"/);

    await addTemplate(w.eventAdminA, {
      name: 'Event A invitation',
      purpose: 'invitation',
      subject: 'Event A welcomes {{firstName}}',
      htmlBody: '<p><a href="{{invitationLink}}">Start here</a></p>',
      textBody: 'Start here: {{invitationLink}}',
    });
    const own = await invite(w.eventAdminA, w.eventA);
    expect(own.mail.subject).toBe('Event A welcomes Kari');
    expect(own.mail.textBody).toMatch(/^Start here: https:\/\/portal\.test\/accept-invitation\/[\w-]+$/);
    // Another event still falls back to the global template.
    expect((await invite(w.eventAdminB, w.eventB)).mail.subject).toBe('Welcome Kari Nordmann to Event B');
  });
});

describe('purchase update mails', () => {
  it('use the built-in text, then the event’s template, then the category’s', async () => {
    const builtIn = await refusedPurchase(w.categoryA);
    expect(builtIn.mail).toMatchObject({
      purpose: 'purchase-rejected',
      subject: 'Not approved: Exhibitor staff — Event A',
      exhibitorId: builtIn.exhibitor.id,
      recipientAdminId: builtIn.exhibitor.id,
    });
    expect(builtIn.mail.textBody).toContain('was not approved.\nComment: Sold out');
    expect(builtIn.mail.textBody).toContain('Open the purchase: https://portal.test/allocation-purchases?purchase=');

    await addTemplate(w.eventAdminA, {
      name: 'Purchases',
      purpose: 'purchase_update',
      subject: '{{eventName}} purchase: {{purchaseStatus}}',
      htmlBody: '<p>Hi {{firstName}}, {{quantity}} × {{badgeCategory}}: {{purchaseDetails}}</p>',
    });
    expect((await refusedPurchase(w.categoryA)).mail.subject).toBe('Event A purchase: Not approved');

    await addTemplate(w.eventAdminA, {
      name: 'Staff purchases',
      purpose: 'purchase_update',
      badgeCategoryId: w.categoryA,
      subject: 'Staff badges: {{purchaseStatus}}',
      htmlBody: '<p>{{purchaseDetails}}</p>',
    });
    const byCategory = await refusedPurchase(w.categoryA);
    expect(byCategory.mail.subject).toBe('Staff badges: Not approved');
    expect(byCategory.mail.textBody).toContain('Comment: Sold out');
  });
});
