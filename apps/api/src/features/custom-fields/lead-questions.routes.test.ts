import { LEAD_QUESTION_TYPES } from '@portal/shared/custom-fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocations } from '../../db/schema/badges';
import { leads } from '../../db/schema/leads';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Field = { id: number; key: string; [name: string]: unknown };
const send = (as: TestUser | null, method: Method, url: string, payload?: unknown) =>
  t.request(as, { method, url, payload: payload as object });
const idsOf = (res: { json(): { data: { id: number }[] } }) => res.json().data.map((f) => f.id);
const detailFields = (res: { json(): { details?: { field: string }[] } }) => (res.json().details ?? []).map((d) => d.field).sort();

let seq = 0;
async function question(as: TestUser, body: Record<string, unknown> = {}, eventId = w.eventA): Promise<Field> {
  const res = await send(as, 'POST', '/api/custom-fields', { eventId, entityType: 'lead', label: `Question ${++seq}`, type: 'text', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function leadAnswering(exhibitorId: number, eventId: number, answers: Record<string, unknown>) {
  await t.db.insert(leads).values({
    eventId,
    exhibitorId,
    firstName: 'Jānis',
    lastName: 'Bērziņš',
    scannedByName: 'Booth staff',
    scannedAt: new Date('2027-03-16T10:00:00Z'),
    answers,
  });
}

describe('lead questions: the exhibitor’s own', () => {
  it('creates a question owned by the exhibitor, with a key from its label and options in any script', async () => {
    const created = await send(w.exhibitorA, 'POST', '/api/custom-fields', {
      eventId: w.eventA,
      entityType: 'lead',
      label: 'Vai jūs plānojat iegādi?',
      type: 'radio',
      options: [
        { value: 'nai', label: 'Ναι, φέτος' },
        { value: 'pozzhe', label: 'Позже' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const field = created.json().data;
    expect(field).toMatchObject({
      eventId: w.eventA,
      entityType: 'lead',
      exhibitorId: w.exhibitorA.id,
      badgeCategoryId: null,
      key: 'vai_jus_planojat_iegadi',
      isPrivate: false,
      answerCount: 0,
    });
    expect(field.options[0].label).toBe('Ναι, φέτος');
    const read = await send(w.exhibitorA, 'GET', `/api/custom-fields/${field.id}`);
    expect(read.json().data).toEqual(field);
    const updated = await send(w.exhibitorA, 'PUT', `/api/custom-fields/${field.id}`, { label: 'Purchase timing', required: true });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ label: 'Purchase timing', required: true, entityType: 'lead', exhibitorId: w.exhibitorA.id });
    expect((await send(w.exhibitorA, 'DELETE', `/api/custom-fields/${field.id}`)).statusCode).toBe(204);
    expect((await send(w.exhibitorA, 'GET', `/api/custom-fields/${field.id}`)).statusCode).toBe(404);
  });

  it('takes the booth’s types only, no category and no private flag, for the exhibitor’s own event', async () => {
    for (const type of LEAD_QUESTION_TYPES) {
      const options = ['radio', 'select', 'multiselect'].includes(type) ? [{ value: 'a', label: 'A' }] : [];
      await question(w.exhibitorA, { type, options });
    }
    for (const type of ['file', 'number', 'date', 'email', 'phone', 'country', 'no-such-type']) {
      const res = await send(w.exhibitorA, 'POST', '/api/custom-fields', { eventId: w.eventA, entityType: 'lead', label: 'Refused', type });
      expect(res.statusCode, type).toBe(400);
      expect(detailFields(res), type).toEqual(['type']);
    }
    const placed = await send(w.exhibitorA, 'POST', '/api/custom-fields', {
      eventId: w.eventA,
      entityType: 'lead',
      label: 'Refused',
      type: 'text',
      badgeCategoryId: w.categoryA,
      isPrivate: true,
    });
    expect(placed.statusCode).toBe(400);
    expect(detailFields(placed)).toEqual(['badgeCategoryId', 'isPrivate']);
    // Another event's id is not the exhibitor's to use.
    expect((await send(w.exhibitorA, 'POST', '/api/custom-fields', { eventId: w.eventB, entityType: 'lead', label: 'X', type: 'text' })).statusCode).toBe(404);
    const field = await question(w.exhibitorA);
    const changed = await send(w.exhibitorA, 'PUT', `/api/custom-fields/${field.id}`, { type: 'file', badgeCategoryId: w.categoryA });
    expect(changed.statusCode).toBe(400);
    expect(detailFields(changed)).toEqual(['badgeCategoryId', 'type']);
    expect((await send(w.exhibitorA, 'PUT', `/api/custom-fields/${field.id}`, { isPrivate: true })).statusCode).toBe(400);
  });

  it('keeps keys apart per exhibitor: 409 within one, free across exhibitors and beside the organiser’s fields', async () => {
    const mine = await question(w.exhibitorA, { label: 'Budget', key: 'budget_band' });
    expect(mine.key).toBe('budget_band');
    const again = await send(w.exhibitorA, 'POST', '/api/custom-fields', { eventId: w.eventA, entityType: 'lead', label: 'Budget', key: 'budget_band', type: 'text' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Another of your lead questions already uses this key');
    expect((await question(w.exhibitorB, { label: 'Budget', key: 'budget_band' }, w.eventB)).key).toBe('budget_band');
    const organisers = await send(w.eventAdminA, 'POST', '/api/custom-fields', { eventId: w.eventA, label: 'Budget', key: 'budget_band', type: 'text' });
    expect(organisers.statusCode, organisers.body).toBe(201);
    // Keys made from the label skip only the exhibitor's own.
    expect((await question(w.exhibitorA, { label: 'Headcount' })).key).toBe('headcount');
    expect((await question(w.exhibitorA, { label: 'Headcount' })).key).toBe('headcount_2');
    expect((await question(w.exhibitorB, { label: 'Headcount' }, w.eventB)).key).toBe('headcount');
  });

  it('lets one of two simultaneous creations with the same key through', async () => {
    const body = { eventId: w.eventA, entityType: 'lead', label: 'Same time', key: 'same_time', type: 'text' };
    const answers = await Promise.all([send(w.exhibitorA, 'POST', '/api/custom-fields', body), send(w.exhibitorA, 'POST', '/api/custom-fields', body)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
  });

  it('lets its sub-accounts read the questions but not change them', async () => {
    const field = await question(w.exhibitorA, { label: 'Team reads this' });
    expect((await send(w.subAccountA, 'GET', `/api/custom-fields/${field.id}`)).statusCode).toBe(200);
    expect(idsOf(await send(w.subAccountA, 'GET', '/api/custom-fields?entityType=lead&per_page=100'))).toContain(field.id);
    const refused = await send(w.subAccountA, 'PUT', `/api/custom-fields/${field.id}`, { label: 'Mine now' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/exhibitor’s own account/);
    expect((await send(w.subAccountA, 'DELETE', `/api/custom-fields/${field.id}`)).statusCode).toBe(403);
    expect((await send(w.subAccountA, 'POST', '/api/custom-fields', { eventId: w.eventA, entityType: 'lead', label: 'X', type: 'text' })).statusCode).toBe(403);
    expect((await send(w.subAccountA, 'PUT', '/api/custom-fields/order', { eventId: w.eventA, entityType: 'lead', ids: [field.id] })).statusCode).toBe(403);
    expect((await send(w.exhibitorA, 'GET', `/api/custom-fields/${field.id}`)).json().data.label).toBe('Team reads this');
  });

  it('fixes a question that leads answered: no type change, no delete', async () => {
    const field = await question(w.exhibitorA, { label: 'Answered' });
    await leadAnswering(w.exhibitorA.id, w.eventA, { [field.id]: 'Soon' });
    // Another exhibitor's lead with the same key is no answer to this question.
    await leadAnswering(w.exhibitorB.id, w.eventB, { [field.id]: 'Elsewhere' });
    expect((await send(w.exhibitorA, 'GET', `/api/custom-fields/${field.id}`)).json().data.answerCount).toBe(1);
    expect((await send(w.exhibitorA, 'PUT', `/api/custom-fields/${field.id}`, { type: 'textarea' })).statusCode).toBe(409);
    expect((await send(w.exhibitorA, 'DELETE', `/api/custom-fields/${field.id}`)).statusCode).toBe(409);
    expect((await send(w.exhibitorA, 'PUT', `/api/custom-fields/${field.id}`, { isActive: false })).statusCode).toBe(200);
  });

  it('orders the exhibitor’s questions as one group, and nothing else with them', async () => {
    const [a, b, c] = [await question(w.exhibitorB, {}, w.eventB), await question(w.exhibitorB, {}, w.eventB), await question(w.exhibitorB, {}, w.eventB)];
    const all = idsOf(await send(w.exhibitorB, 'GET', '/api/custom-fields?entityType=lead&per_page=100'));
    const order = [c!.id, ...all.filter((id) => id !== c!.id)];
    const res = await send(w.exhibitorB, 'PUT', '/api/custom-fields/order', { eventId: w.eventB, entityType: 'lead', ids: order });
    expect(res.statusCode, res.body).toBe(200);
    expect(idsOf(res)).toEqual(order);
    const missing = await send(w.exhibitorB, 'PUT', '/api/custom-fields/order', { eventId: w.eventB, entityType: 'lead', ids: [a!.id, b!.id] });
    expect(missing.statusCode).toBe(400);
    const withBadgeField = await send(w.exhibitorB, 'PUT', '/api/custom-fields/order', { eventId: w.eventB, entityType: 'lead', ids: [...order, w.fieldB] });
    expect(withBadgeField.statusCode).toBe(400);
    expect((await send(w.exhibitorB, 'PUT', '/api/custom-fields/order', { eventId: w.eventA, entityType: 'lead', ids: order })).statusCode).toBe(404);
    // The badge fields stay the organiser's to order.
    expect((await send(w.exhibitorB, 'PUT', '/api/custom-fields/order', { eventId: w.eventB, badgeCategoryId: w.categoryB, ids: [w.fieldB] })).statusCode).toBe(403);
  });
});

describe('lead questions: nobody else’s', () => {
  it('answers 404 to another exhibitor, and to organisers, for every call on a question', async () => {
    const field = await question(w.exhibitorA, { label: 'Private to A' });
    for (const user of [w.exhibitorB, w.eventAdminA, w.eventAdminB, w.systemAdmin]) {
      for (const [method, payload] of [['GET'], ['PUT', { label: 'Taken' }], ['DELETE']] as [Method, object?][]) {
        expect((await send(user, method, `/api/custom-fields/${field.id}`, payload)).statusCode, `${user.email} ${method}`).toBe(404);
      }
    }
    expect((await send(w.exhibitorA, 'GET', `/api/custom-fields/${field.id}`)).json().data.label).toBe('Private to A');
    // A VIP admin has neither scan_leads nor a way past the route.
    expect((await send(w.vipAdminA, 'POST', '/api/custom-fields', { eventId: w.eventA, entityType: 'lead', label: 'X', type: 'text' })).statusCode).toBe(403);
    expect((await send(w.noRole, 'GET', '/api/custom-fields?entityType=lead')).statusCode).toBe(403);
  });

  it('leaves lead questions out of every organiser list and of other exhibitors’ lists', async () => {
    const field = await question(w.exhibitorA, { label: 'Not for organisers' });
    for (const user of [w.eventAdminA, w.systemAdmin, w.vipAdminA]) {
      expect(idsOf(await send(user, 'GET', '/api/custom-fields?per_page=100')), user.email).not.toContain(field.id);
      expect((await send(user, 'GET', '/api/custom-fields?entityType=lead&per_page=100')).json().data, user.email).toEqual([]);
    }
    const otherExhibitors = (await send(w.exhibitorB, 'GET', '/api/custom-fields?entityType=lead&per_page=100')).json().data as Field[];
    expect(otherExhibitors.map((f) => f.id)).not.toContain(field.id);
    expect(otherExhibitors.every((f) => f.exhibitorId === w.exhibitorB.id)).toBe(true);
    // The exhibitor's own list holds the organiser's badge fields and its own questions apart by entity type.
    const own = await send(w.exhibitorA, 'GET', '/api/custom-fields?per_page=100');
    expect(idsOf(own)).toContain(field.id);
    const badgeOnly = (await send(w.exhibitorA, 'GET', '/api/custom-fields?entityType=badge&per_page=100')).json().data as { entityType: string }[];
    expect(badgeOnly.every((f) => f.entityType === 'badge')).toBe(true);
  });

  it('never shows a lead question on a badge form, public or not, nor takes an answer to it with a badge', async () => {
    const field = await question(w.exhibitorA, { label: 'Not on badges', required: true });
    for (const query of ['', '?entityType=lead', '?entityType=badge']) {
      const admin = await send(w.exhibitorA, 'GET', `/api/admin/custom-fields/badge-category/${w.categoryA}${query}`);
      expect(admin.statusCode).toBe(200);
      expect(idsOf(admin), query).not.toContain(field.id);
      const visitor = await send(null, 'GET', `/api/custom-fields/badge-category/${w.categoryA}${query}`);
      expect(visitor.statusCode).toBe(200);
      expect(idsOf(visitor), query).not.toContain(field.id);
    }
    // A required lead question does not make a badge's form incomplete, and is not a field a badge answers.
    await t.db.insert(allocations).values({ eventId: w.eventA, adminId: w.exhibitorA.id, badgeCategoryId: w.categoryA, quantity: 5 });
    const badge = {
      firstName: 'Олена',
      lastName: 'Коваленко',
      email: `olena${++seq}@badges.example`,
      type: 'exhibitor',
      exhibitorId: w.exhibitorA.id,
      badgeCategoryId: w.categoryA,
      eventId: w.eventA,
    };
    const plain = await send(w.eventAdminA, 'POST', '/api/users', { ...badge, customFieldValues: [] });
    expect(plain.statusCode, plain.body).toBe(201);
    const answered = await send(w.eventAdminA, 'POST', '/api/users', {
      ...badge,
      email: `olena${++seq}@badges.example`,
      customFieldValues: [{ customFieldId: field.id, value: 'x' }],
    });
    expect(answered.statusCode).toBe(400);
    expect(answered.json().message).toContain(`Unknown custom field ${field.id}`);
    // Nor does a badge print it.
    const layout = await send(w.eventAdminA, 'POST', `/api/admin/events/${w.eventA}/badge-layouts`, {
      name: 'Main hall',
      pageSize: 'a6',
      elements: [{ id: 'f', kind: 'field', customFieldId: field.id, x: 5, y: 70, width: 95, height: 10, fontSize: 12, minFontSize: 8 }],
    });
    expect(layout.statusCode).toBe(400);
    expect(layout.json().details).toEqual([{ field: 'elements.0.customFieldId', message: 'Not a custom field of this event' }]);
  });

  it('keeps lead questions out of the organiser’s order, export and import', async () => {
    const field = await question(w.exhibitorA, { label: 'Not exported', key: 'not_exported' });
    // The organiser orders its event-wide fields without knowing of the exhibitor's questions.
    const eventWide = (await send(w.eventAdminA, 'GET', '/api/custom-fields?per_page=100').then((res) => res.json().data)) as {
      id: number;
      badgeCategoryId: number | null;
    }[];
    const ids = eventWide.filter((f) => f.badgeCategoryId === null).map((f) => f.id);
    const ordered = await send(w.eventAdminA, 'PUT', '/api/custom-fields/order', { eventId: w.eventA, ids: ids.reverse() });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(idsOf(ordered)).not.toContain(field.id);

    const exported = await send(w.eventAdminA, 'GET', `/api/custom-fields/export?eventId=${w.eventA}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.json().fields.map((f: { key: string }) => f.key)).not.toContain('not_exported');
    const document = exported.json();
    document.fields.push({ ...document.fields[0], categoryRef: null, key: 'smuggled', entityType: 'lead' });
    const imported = await send(w.eventAdminB, 'POST', '/api/custom-fields/import/preview', { eventId: w.eventB, document });
    expect(imported.statusCode).toBe(400);
    expect(detailFields(imported)).toEqual([`document.fields.${document.fields.length - 1}.entityType`]);
  });
});

describe('the private flag on badge fields', () => {
  it('is false unless set, kept through updates, export and import', async () => {
    const plain = await send(w.eventAdminB, 'POST', '/api/custom-fields', { eventId: w.eventB, label: 'Job title', type: 'text' });
    expect(plain.json().data.isPrivate).toBe(false);
    const created = await send(w.eventAdminB, 'POST', '/api/custom-fields', { eventId: w.eventB, label: 'Passport number', type: 'text', isPrivate: true });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect((await send(w.eventAdminB, 'GET', `/api/custom-fields/${id}`)).json().data.isPrivate).toBe(true);
    expect((await send(w.eventAdminB, 'PUT', `/api/custom-fields/${id}`, { label: 'Passport no.' })).json().data.isPrivate).toBe(true);
    expect((await send(w.eventAdminB, 'PUT', `/api/custom-fields/${id}`, { isPrivate: false })).json().data.isPrivate).toBe(false);
    expect((await send(w.eventAdminB, 'PUT', `/api/custom-fields/${id}`, { isPrivate: true })).json().data.isPrivate).toBe(true);
    expect((await send(w.eventAdminB, 'PUT', `/api/custom-fields/${id}`, { isPrivate: 'yes' })).statusCode).toBe(400);

    const document = (await send(w.eventAdminB, 'GET', `/api/custom-fields/export?eventId=${w.eventB}`)).json();
    expect(document.fields.find((f: { key: string }) => f.key === 'passport_number')).toMatchObject({ isPrivate: true });
    expect(document.fields.find((f: { key: string }) => f.key === 'job_title')).toMatchObject({ isPrivate: false });
    const imported = await send(w.eventAdminA, 'POST', '/api/custom-fields/import', { eventId: w.eventA, document, categoryMapping: { 'category-1': null } });
    expect(imported.statusCode, imported.body).toBe(200);
    const copy = imported.json().data.fields.find((f: { key: string }) => f.key === 'passport_number');
    expect((await send(w.eventAdminA, 'GET', `/api/custom-fields/${copy.customFieldId}`)).json().data.isPrivate).toBe(true);
    // A file from before the flag reads as not private.
    const older = { ...document, fields: document.fields.map(({ isPrivate: _dropped, ...field }: { isPrivate: boolean }) => ({ ...field, key: `${(field as { key: string }).key}_old` })) };
    const report = await send(w.eventAdminA, 'POST', '/api/custom-fields/import', { eventId: w.eventA, document: older, categoryMapping: { 'category-1': null } });
    expect(report.statusCode, report.body).toBe(200);
    const oldCopy = report.json().data.fields.find((f: { key: string }) => f.key === 'passport_number_old');
    expect((await send(w.eventAdminA, 'GET', `/api/custom-fields/${oldCopy.customFieldId}`)).json().data.isPrivate).toBe(false);
  });
});
