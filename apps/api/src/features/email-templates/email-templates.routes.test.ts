import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { emailOutbox } from '../../db/schema/email';
import { emailTemplates } from '../../db/schema/email-templates';
import { events } from '../../db/schema/events';
import { listEmailsTo } from '../email/email.repository';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import { BUILT_IN_TEMPLATES } from './built-in-templates';
import { resolveTemplate } from './template-resolution';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const send = (as: TestUser | null, method: Method, url: string, payload?: unknown) => t.request(as, { method, url, payload: payload as object });

let seq = 0;
const body = (extra: Record<string, unknown> = {}) => ({
  name: `Template ${++seq}`,
  purpose: 'registration_link',
  subject: 'Register for {{eventName}}',
  htmlBody: '<p>Dear {{firstName}},</p><p><a href="{{registrationLink}}">Register</a></p>',
  ...extra,
});

async function create(as: TestUser, extra: Record<string, unknown> = {}) {
  const res = await send(as, 'POST', '/api/admin/email-templates', body(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; eventId: number | null; badgeCategoryId: number | null; htmlBody: string; [key: string]: unknown };
}

describe('creating', () => {
  it('lets an event admin create a template of its event, its event taken when left out', async () => {
    const template = await create(w.eventAdminA);
    expect(template).toMatchObject({ eventId: w.eventA, eventName: 'Event A', purpose: 'registration_link', isActive: true, textBody: null });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, String(template.id)));
    expect(audit).toMatchObject({ action: 'create', entityType: 'email_template', eventId: w.eventA });
  });

  it('keeps global templates to system-wide admins', async () => {
    const global = await create(w.systemAdmin, { eventId: null });
    expect(global.eventId).toBeNull();
    const res = await send(w.eventAdminA, 'POST', '/api/admin/email-templates', body({ eventId: null }));
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 for another event and changes nothing', async () => {
    const before = await t.db.select().from(emailTemplates);
    const res = await send(w.eventAdminA, 'POST', '/api/admin/email-templates', body({ eventId: w.eventB }));
    expect(res.statusCode).toBe(404);
    expect(await t.db.select().from(emailTemplates)).toHaveLength(before.length);
  });

  it('refuses an unknown placeholder with a 400 naming it', async () => {
    const res = await send(w.eventAdminA, 'POST', '/api/admin/email-templates', body({ subject: 'Hi {{firstname}}', textBody: 'Code {{badgeCode}} at {{registrationLink}}' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('{{firstname}}');
    expect(res.json().details).toEqual([
      { field: 'subject', message: 'Unknown placeholder {{firstname}}' },
      { field: 'textBody', message: 'Unknown placeholder {{badgeCode}}' },
    ]);
  });

  it('stores the HTML sanitised', async () => {
    const template = await create(w.eventAdminA, {
      htmlBody: '<p onmouseover="x()">Hi {{firstName}}</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><a href="{{registrationLink}}">go</a>',
    });
    expect(template.htmlBody).toBe('<p>Hi {{firstName}}</p><a>x</a><a href="{{registrationLink}}">go</a>');
  });

  it('refuses a template without the link its purpose carries, naming the body', async () => {
    const res = await send(w.eventAdminA, 'POST', '/api/admin/email-templates', body({ htmlBody: '<p>Hi {{firstName}}</p>' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'htmlBody', message: 'Use {{registrationLink}}: a mail of this purpose is of no use without it' }]);
  });

  it.each([
    ['an HTML comment', '<p>Hi</p><!-- <a href="{{registrationLink}}">go</a> -->'],
    ['a removed attribute', '<p onclick="{{registrationLink}}">Hi</p>'],
    ['a removed element', '<script>"{{registrationLink}}"</script><p>Hi</p>'],
  ])('refuses the required link when it is left only in %s, on update and in a preview too', async (_case, htmlBody) => {
    const refused = await send(w.eventAdminA, 'POST', '/api/admin/email-templates', body({ htmlBody }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([{ field: 'htmlBody', message: 'Use {{registrationLink}}: a mail of this purpose is of no use without it' }]);
    const template = await create(w.eventAdminA);
    expect((await send(w.eventAdminA, 'PUT', `/api/admin/email-templates/${template.id}`, { htmlBody })).statusCode).toBe(400);
    expect((await send(w.eventAdminA, 'GET', `/api/admin/email-templates/${template.id}`)).json().data.htmlBody).toBe(template.htmlBody);
    const preview = await send(w.eventAdminA, 'POST', '/api/admin/email-templates/preview', { purpose: 'registration_link', subject: 's', htmlBody });
    expect(preview.statusCode).toBe(400);
  });

  it('refuses a password reset template whose link is only in a comment, so no reset mail goes out without one', async () => {
    const res = await send(w.systemAdmin, 'POST', '/api/admin/email-templates', {
      name: 'Reset',
      purpose: 'password_reset',
      eventId: null,
      subject: 'Reset',
      htmlBody: '<p>Choose a new password</p><!-- {{resetLink}} -->',
      textBody: 'Go to {{resetLink}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'htmlBody', message: 'Use {{resetLink}}: a mail of this purpose is of no use without it' }]);
  });

  it('refuses a body with nothing left once sanitised, and a category of another event', async () => {
    expect((await send(w.eventAdminA, 'POST', '/api/admin/email-templates', body({ htmlBody: '<script>x</script>' }))).statusCode).toBe(400);
    const res = await send(w.eventAdminA, 'POST', '/api/admin/email-templates', body({ badgeCategoryId: w.categoryB }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('badgeCategoryId');
  });

  it('refuses an exhibitor, whose role grants no template permission', async () => {
    expect((await send(w.exhibitorA, 'POST', '/api/admin/email-templates', body())).statusCode).toBe(403);
    expect((await send(w.exhibitorA, 'GET', '/api/admin/email-templates')).statusCode).toBe(403);
  });
});

describe('reading, updating and deleting within scope', () => {
  it('lists only the templates of the caller’s event; a system admin sees every one', async () => {
    const a = await create(w.eventAdminA);
    const b = await create(w.eventAdminB);
    const global = await create(w.systemAdmin, { eventId: null });
    const ids = async (as: TestUser) => ((await send(as, 'GET', '/api/admin/email-templates?per_page=100')).json().data as { id: number }[]).map((r) => r.id);
    const seenByA = await ids(w.eventAdminA);
    expect(seenByA).toContain(a.id);
    expect(seenByA).not.toContain(b.id);
    expect(seenByA).not.toContain(global.id);
    expect(await ids(w.systemAdmin)).toEqual(expect.arrayContaining([a.id, b.id, global.id]));
    const globals = (await send(w.systemAdmin, 'GET', '/api/admin/email-templates?scope=global&per_page=100')).json().data as { eventId: number | null }[];
    expect(globals.length).toBeGreaterThan(0);
    expect(globals.every((r) => r.eventId === null)).toBe(true);
    expect((await send(w.eventAdminA, 'GET', `/api/admin/email-templates/${global.id}`)).statusCode).toBe(404);
  });

  it('updates a template, checking placeholders against the new purpose', async () => {
    const template = await create(w.eventAdminA);
    const refused = await send(w.eventAdminA, 'PUT', `/api/admin/email-templates/${template.id}`, { purpose: 'password_reset' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.map((d: { message: string }) => d.message)).toContain('Unknown placeholder {{registrationLink}}');
    const res = await send(w.eventAdminA, 'PUT', `/api/admin/email-templates/${template.id}`, { subject: 'New {{firstName}}', isActive: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ subject: 'New {{firstName}}', isActive: false, purpose: 'registration_link' });
  });

  it('deletes a template of its event, not another event’s', async () => {
    const mine = await create(w.eventAdminA);
    const theirs = await create(w.eventAdminB);
    expect((await send(w.eventAdminA, 'DELETE', `/api/admin/email-templates/${theirs.id}`)).statusCode).toBe(404);
    expect((await send(w.eventAdminA, 'DELETE', `/api/admin/email-templates/${mine.id}`)).statusCode).toBe(204);
    expect((await send(w.eventAdminA, 'GET', `/api/admin/email-templates/${mine.id}`)).statusCode).toBe(404);
    expect((await send(w.eventAdminB, 'GET', `/api/admin/email-templates/${theirs.id}`)).statusCode).toBe(200);
  });

  it('lets a VIP admin read but not change', async () => {
    const template = await create(w.eventAdminA);
    expect((await send(w.vipAdminA, 'GET', `/api/admin/email-templates/${template.id}`)).statusCode).toBe(200);
    expect((await send(w.vipAdminA, 'PUT', `/api/admin/email-templates/${template.id}`, { name: 'x' })).statusCode).toBe(403);
  });
});

describe('cloning', () => {
  it('copies a template to another event, without its category', async () => {
    const source = await create(w.systemAdmin, { eventId: w.eventA, badgeCategoryId: w.categoryA, textBody: 'Hi {{firstName}}\n{{registrationLink}}' });
    const res = await send(w.systemAdmin, 'POST', `/api/admin/email-templates/${source.id}/clone`, { eventId: w.eventB, name: 'Copy' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ eventId: w.eventB, badgeCategoryId: null, name: 'Copy', textBody: 'Hi {{firstName}}\n{{registrationLink}}', htmlBody: source.htmlBody });
    expect(res.json().data.id).not.toBe(source.id);
  });

  it('keeps an event admin within its event', async () => {
    const source = await create(w.eventAdminA);
    expect((await send(w.eventAdminA, 'POST', `/api/admin/email-templates/${source.id}/clone`, { eventId: w.eventB })).statusCode).toBe(404);
    expect((await send(w.eventAdminA, 'POST', `/api/admin/email-templates/${source.id}/clone`, { eventId: w.eventA })).statusCode).toBe(201);
  });

  it('names a copy in the same event apart from its source, and refuses a name the event already uses', async () => {
    const source = await create(w.eventAdminA, { name: 'Welcome mail' });
    const clone = (payload: object) => send(w.eventAdminA, 'POST', `/api/admin/email-templates/${source.id}/clone`, payload);
    const first = await clone({ eventId: w.eventA });
    const second = await clone({ eventId: w.eventA });
    expect([first.json().data.name, second.json().data.name]).toEqual(['Welcome mail (copy)', 'Welcome mail (copy 2)']);
    const count = async () => (await t.db.select().from(emailTemplates).where(eq(emailTemplates.eventId, w.eventA))).length;
    const before = await count();
    const taken = await clone({ eventId: w.eventA, name: 'welcome MAIL' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details).toEqual([{ field: 'name', message: 'This event already has a template named welcome MAIL' }]);
    expect(await count()).toBe(before);
    const elsewhere = await send(w.systemAdmin, 'POST', `/api/admin/email-templates/${source.id}/clone`, { eventId: w.eventB });
    expect(elsewhere.json().data.name).toBe('Welcome mail');
  });
});

describe('preview and test mail', () => {
  it('renders a body with sample values without saving it', async () => {
    const before = await t.db.select().from(emailTemplates);
    const res = await send(w.eventAdminA, 'POST', '/api/admin/email-templates/preview', {
      purpose: 'badge_confirmation',
      subject: 'Badge for {{firstName}}',
      htmlBody: '<p>Code: {{badgeCode}}</p><p>line<br>break</p><img src="x" onerror="alert(1)">',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      subject: 'Badge for Test',
      html: '<p>Code: FIE26-7K3M9Q</p><p>line<br />break</p><img src="x" />',
      text: 'Code: FIE26-7K3M9Q\n\nline\nbreak',
    });
    expect(await t.db.select().from(emailTemplates)).toHaveLength(before.length);
  });

  const preview = (as: TestUser, extra: Record<string, unknown>) =>
    send(as, 'POST', '/api/admin/email-templates/preview', {
      purpose: 'registration_link',
      subject: '{{eventName}} ({{eventDates}}) for {{firstName}}',
      htmlBody: '<p>{{companyName}}, {{badgeCategory}}: <a href="{{registrationLink}}">register</a></p>',
      ...extra,
    });

  it('fills a preview from the template’s own event, its category and an exhibitor of it, not a made-up show', async () => {
    await t.db.update(events).set({ startDate: '2027-05-12', endDate: '2027-05-14' }).where(eq(events.id, w.eventB));
    const res = await preview(w.systemAdmin, { eventId: w.eventB, badgeCategoryId: w.categoryB });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.subject).toBe('Event B (12 May 2027 – 14 May 2027) for Test');
    expect(res.json().data.html).toContain('<p>Company B, Exhibitor staff: <a href="http');
    expect(res.json().data.html).not.toContain('portal.example');
    const own = await preview(w.eventAdminA, {});
    expect(own.json().data.subject).toMatch(/^Event A \(/);
    const global = await preview(w.systemAdmin, { eventId: null });
    expect(global.json().data.subject).toMatch(/^Future Industry Expo 2026/);
  });

  it('refuses a preview for another event or with another event’s category, and to a VIP admin', async () => {
    expect((await preview(w.eventAdminA, { eventId: w.eventB })).statusCode).toBe(404);
    const category = await preview(w.eventAdminA, { eventId: w.eventA, badgeCategoryId: w.categoryB });
    expect(category.statusCode).toBe(400);
    expect(category.json().details[0].field).toBe('badgeCategoryId');
    expect((await preview(w.vipAdminA, { eventId: w.eventA })).statusCode).toBe(403);
  });

  it('refuses a preview with an unknown placeholder', async () => {
    const res = await send(w.eventAdminA, 'POST', '/api/admin/email-templates/preview', { purpose: 'invitation', subject: 's', htmlBody: '<p>{{badgeCode}} {{invitationLink}}</p>' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'htmlBody', message: 'Unknown placeholder {{badgeCode}}' }]);
  });

  it('queues a test mail to the caller’s own address through the outbox', async () => {
    const template = await create(w.eventAdminA, { textBody: 'Dear {{firstName}},\n\nRegister: {{registrationLink}}' });
    const res = await send(w.eventAdminA, 'POST', `/api/admin/email-templates/${template.id}/test`);
    expect(res.statusCode, res.body).toBe(202);
    const mails = await listEmailsTo(t.db, w.eventAdminA.email);
    const mail = mails.find((m) => m.id === res.json().data.outboxId)!;
    expect(mail).toMatchObject({
      toAddress: w.eventAdminA.email,
      subject: '[Test] Register for Event A',
      textBody: expect.stringMatching(/^Dear Test,\n\nRegister: http:\/\/[^ ]+\/register\/3f9c2a7e$/),
      purpose: 'email_template_test',
      eventId: w.eventA,
      status: 'pending',
    });
    expect(mail.htmlBody).toMatch(/<a href="http:\/\/[^"]+\/register\/3f9c2a7e">Register<\/a>/);
    const others = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, w.eventAdminB.email));
    expect(others).toEqual([]);
  });
});

describe('resolveTemplate', () => {
  it('picks the category’s template, then the event’s, then the global one, then the built-in', async () => {
    const purpose = 'badge_confirmation';
    const only = async (values: Partial<typeof emailTemplates.$inferInsert>) => {
      const [row] = await t.db
        .insert(emailTemplates)
        .values({ name: 'x', purpose, subject: `s ${values.badgeCategoryId ?? values.eventId ?? 'global'}`, htmlBody: '<p>x</p>', ...values })
        .returning({ id: emailTemplates.id });
      return row!.id;
    };
    const key = { purpose, eventId: w.eventB, badgeCategoryId: w.categoryB } as const;
    await t.db.delete(emailTemplates).where(eq(emailTemplates.purpose, purpose));
    expect(await resolveTemplate(t.db, key)).toEqual({ ...BUILT_IN_TEMPLATES[purpose], source: 'built-in', templateId: null });

    const global = await only({ eventId: null });
    expect(await resolveTemplate(t.db, key)).toMatchObject({ source: 'global', templateId: global });
    // Another event's template is never used.
    await only({ eventId: w.eventA });
    expect(await resolveTemplate(t.db, key)).toMatchObject({ source: 'global', templateId: global });

    const event = await only({ eventId: w.eventB });
    expect(await resolveTemplate(t.db, key)).toMatchObject({ source: 'event', templateId: event });
    await only({ eventId: w.eventB, badgeCategoryId: w.categoryB, isActive: false });
    expect(await resolveTemplate(t.db, key)).toMatchObject({ source: 'event', templateId: event });

    const category = await only({ eventId: w.eventB, badgeCategoryId: w.categoryB });
    expect(await resolveTemplate(t.db, key)).toMatchObject({ source: 'category', templateId: category });
    // Without a category, or for the event's other categories, the event's own template.
    expect(await resolveTemplate(t.db, { purpose, eventId: w.eventB })).toMatchObject({ source: 'event', templateId: event });
    // Mail outside any event takes the global one.
    expect(await resolveTemplate(t.db, { purpose })).toMatchObject({ source: 'global', templateId: global });
  });
});
