import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { badgeCategories, badgeFieldValues, badges, customFields } from '../../db/schema/badges';
import { events } from '../../db/schema/events';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';

let t: TestApp;
let w: World;
let addonA: number;
let closedCategoryA: number;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  const rows = await t.db
    .insert(badgeCategories)
    .values([
      { eventId: w.eventA, name: 'Parking', type: 'addon', badgeType: 'visitor' },
      { eventId: w.eventA, name: 'Closed', badgeType: 'visitor', isActive: false },
    ])
    .returning({ id: badgeCategories.id });
  [addonA, closedCategoryA] = rows.map((row) => row.id) as [number, number];
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const send = (as: TestUser | null, method: Method, url: string, payload?: unknown) =>
  t.request(as, { method, url, payload: payload as object });
const fieldsOf = (details: { field: string }[]) => details.map((d) => d.field).sort();

let seq = 0;
async function createField(as: TestUser, body: Record<string, unknown>) {
  const res = await send(as, 'POST', '/api/custom-fields', { eventId: w.eventA, label: `Field ${++seq}`, type: 'text', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; key: string; [name: string]: unknown };
}

async function answer(fieldId: number, categoryId = w.categoryA) {
  const [badge] = await t.db
    .insert(badges)
    .values({
      eventId: w.eventA,
      badgeCategoryId: categoryId,
      firstName: 'Ana',
      lastName: 'Answer',
      email: `ana${++seq}@test.example`,
      badgeType: 'exhibitor',
      code: `CODE-${seq}-${Date.now()}`,
    })
    .returning({ id: badges.id });
  await t.db.insert(badgeFieldValues).values({ badgeId: badge!.id, customFieldId: fieldId, value: 'yes' });
}

describe('custom fields: writing definitions', () => {
  it('creates a field with a key from its label, reads, updates and deletes it, with audit entries', async () => {
    const created = await send(w.eventAdminA, 'POST', '/api/custom-fields', {
      eventId: w.eventA,
      badgeCategoryId: w.categoryA,
      label: 'Company VAT number',
      type: 'text',
      required: true,
      helpText: '',
      validation: { max: 20, pattern: '[A-Z]{2}[0-9A-Z]+' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const field = created.json().data;
    expect(field).toMatchObject({
      eventId: w.eventA,
      badgeCategoryId: w.categoryA,
      badgeCategoryName: 'Exhibitor staff',
      entityType: 'badge',
      key: 'company_vat_number',
      options: [],
      required: true,
      isActive: true,
      helpText: null,
      answerCount: 0,
    });
    expect((await send(w.eventAdminA, 'GET', `/api/custom-fields/${field.id}`)).json().data.label).toBe('Company VAT number');
    const updated = await send(w.eventAdminA, 'PUT', `/api/custom-fields/${field.id}`, { label: 'VAT number', isActive: false });
    expect(updated.json().data).toMatchObject({ label: 'VAT number', isActive: false, key: 'company_vat_number', required: true });
    expect((await send(w.eventAdminA, 'DELETE', `/api/custom-fields/${field.id}`)).statusCode).toBe(204);
    expect((await send(w.eventAdminA, 'GET', `/api/custom-fields/${field.id}`)).statusCode).toBe(404);
    const audit = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'custom_field'), eq(auditLog.entityId, String(field.id))))
      .orderBy(auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('answers 400 with one detail per field for definitions that do not hold together', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ label: '', type: 'text' }, ['label']],
      [{ label: 'x'.repeat(201), type: 'text' }, ['label']],
      [{ label: 42, type: 'nope' }, ['label', 'type']],
      [{ label: 'Size', type: 'select' }, ['options']],
      [{ label: 'Size', type: 'select', options: [{ value: 's', label: 'S' }, { value: 's', label: 'Small' }] }, ['options.1.value']],
      [{ label: 'Size', type: 'radio', options: [{ value: '', label: 'S' }] }, ['options.0.value']],
      [{ label: 'Name', type: 'text', options: [{ value: 'a', label: 'A' }] }, ['options']],
      [{ label: 'Code', type: 'text', validation: { pattern: '([a-z' } }, ['validation.pattern']],
      [{ label: 'Code', type: 'text', validation: { pattern: '(a+)+$' } }, ['validation.pattern']],
      [{ label: 'Code', type: 'text', validation: { pattern: 'x'.repeat(201) } }, ['validation.pattern']],
      [{ label: 'Code', type: 'number', validation: { pattern: '\\d+' } }, ['validation.pattern']],
      [{ label: 'Age', type: 'number', validation: { min: 10, max: 1 } }, ['validation.max']],
      [{ label: 'Name', type: 'text', validation: { min: -1 } }, ['validation.min']],
      [{ label: 'Day', type: 'date', validation: { minDate: '2027-02-30' } }, ['validation.minDate']],
      [{ label: 'Day', type: 'date', validation: { minDate: '2027-03-01', maxDate: '2027-02-01' } }, ['validation.maxDate']],
      [{ label: 'CV', type: 'file', validation: { maxFileSizeBytes: 10 * 1024 * 1024 + 1 } }, ['validation.maxFileSizeBytes']],
      [{ label: 'CV', type: 'file', validation: { allowedMimeTypes: ['text/html'] } }, ['validation.allowedMimeTypes.0']],
      [{ label: 'CV', type: 'text', validation: { maxFileSizeBytes: 100 } }, ['validation.maxFileSizeBytes']],
      [{ label: 'Name', type: 'text', validation: { unknown: 1 } }, ['validation.unknown']],
      [{ label: 'Size', type: 'select', options: 'abc', validation: [] }, ['options', 'validation']],
      [{ label: 'Size', type: 'select', options: [{ value: 1 }], validation: null }, ['options.0.label', 'options.0.value', 'validation']],
      [{ label: 'Name', type: 'text', key: 'Not A Key' }, ['key']],
      [{ label: 'Name', type: 'text', entityType: 'invoice' }, ['entityType']],
    ];
    for (const [body, fields] of cases) {
      const res = await send(w.eventAdminA, 'POST', '/api/custom-fields', { eventId: w.eventA, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res.json().details), JSON.stringify(body)).toEqual(fields);
    }
    const broken = await t.request(w.eventAdminA, { method: 'POST', url: '/api/custom-fields', payload: '{"label":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect((await send(w.eventAdminA, 'POST', '/api/custom-fields', [])).statusCode).toBe(400);
  });

  it('accepts every type with its own settings', async () => {
    const options = [
      { value: 'a', label: 'A' },
      { value: 'b', label: 'B' },
    ];
    const bodies = [
      { type: 'textarea', validation: { min: 10, max: 2000 } },
      { type: 'number', validation: { min: -5.5, max: 99.5 } },
      { type: 'email', validation: { pattern: '.+@acme\\.example' } },
      { type: 'phone' },
      { type: 'date', validation: { minDate: '2027-01-01', maxDate: '2027-12-31' } },
      { type: 'select', options },
      { type: 'multiselect', options, validation: { min: 1, max: 2 } },
      { type: 'radio', options },
      { type: 'checkbox', required: true },
      { type: 'country' },
      { type: 'file', validation: { maxFileSizeBytes: 2_000_000, allowedMimeTypes: ['application/pdf', 'image/png'] } },
    ];
    for (const body of bodies) await createField(w.eventAdminA, body);
  });

  it('keeps keys apart on the same badges: 409 for a given key, the next free one for a generated key', async () => {
    const first = await createField(w.eventAdminA, { label: 'Dietary needs', badgeCategoryId: w.categoryA });
    expect(first.key).toBe('dietary_needs');
    const again = await send(w.eventAdminA, 'POST', '/api/custom-fields', {
      eventId: w.eventA,
      badgeCategoryId: w.categoryA,
      label: 'Diet',
      key: 'dietary_needs',
      type: 'text',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toEqual([{ field: 'key', message: expect.any(String) }]);
    // An event-wide field would sit on the same badges as the category's.
    const eventWide = await send(w.eventAdminA, 'POST', '/api/custom-fields', { eventId: w.eventA, label: 'Diet', key: 'dietary_needs', type: 'text' });
    expect(eventWide.statusCode).toBe(409);
    const generated = await createField(w.eventAdminA, { label: 'Dietary needs!' });
    expect(generated.key).toBe('dietary_needs_2');
    // Another category's badges never see it, so the key is free there; another event too.
    expect((await createField(w.eventAdminA, { label: 'Diet', key: 'dietary_needs', badgeCategoryId: w.vipCategoryA })).key).toBe('dietary_needs');
    expect((await createField(w.eventAdminB, { eventId: w.eventB, label: 'Dietary needs' })).key).toBe('dietary_needs');
    const renamed = await send(w.eventAdminA, 'PUT', `/api/custom-fields/${generated.id}`, { key: 'dietary_needs' });
    expect(renamed.statusCode).toBe(409);
    expect((await createField(w.eventAdminA, { label: '123 ###' })).key).toBe('field_123');
  });

  it('places a field only in a badge category of its own event', async () => {
    const other = await send(w.eventAdminA, 'POST', '/api/custom-fields', { eventId: w.eventA, badgeCategoryId: w.categoryB, label: 'X', type: 'text' });
    expect(other.statusCode).toBe(404);
    const mixed = await send(w.systemAdmin, 'POST', '/api/custom-fields', { eventId: w.eventA, badgeCategoryId: w.categoryB, label: 'X', type: 'text' });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().details).toEqual([{ field: 'badgeCategoryId', message: 'This category belongs to another event' }]);
    const addon = await send(w.eventAdminA, 'POST', '/api/custom-fields', { eventId: w.eventA, badgeCategoryId: addonA, label: 'X', type: 'text' });
    expect(addon.statusCode).toBe(400);
    expect((await send(w.eventAdminA, 'POST', '/api/custom-fields', { eventId: w.eventB, label: 'X', type: 'text' })).statusCode).toBe(404);
    expect((await send(w.systemAdmin, 'POST', '/api/custom-fields', { eventId: 999_999, label: 'X', type: 'text' })).statusCode).toBe(404);
  });

  it('checks an update against the merged field', async () => {
    const choice = await createField(w.eventAdminA, { type: 'select', options: [{ value: 'a', label: 'A' }] });
    expect((await send(w.eventAdminA, 'PUT', `/api/custom-fields/${choice.id}`, { options: [] })).statusCode).toBe(400);
    const toText = await send(w.eventAdminA, 'PUT', `/api/custom-fields/${choice.id}`, { type: 'text' });
    expect(toText.statusCode).toBe(400);
    expect(fieldsOf(toText.json().details)).toEqual(['options']);
    const both = await send(w.eventAdminA, 'PUT', `/api/custom-fields/${choice.id}`, { type: 'text', options: [] });
    expect(both.json().data).toMatchObject({ type: 'text', options: [] });
    expect((await send(w.eventAdminA, 'PUT', `/api/custom-fields/${choice.id}`, { helpText: 'Shown below' })).json().data.helpText).toBe('Shown below');
    expect((await send(w.eventAdminA, 'PUT', `/api/custom-fields/${choice.id}`, { label: 'Renamed' })).json().data.helpText).toBe('Shown below');
    expect((await send(w.eventAdminA, 'PUT', `/api/custom-fields/${choice.id}`, { badgeCategoryId: w.categoryB })).statusCode).toBe(404);
  });

  it('keeps a field with answers: no type change, no move, no delete', async () => {
    const field = await createField(w.eventAdminA, { badgeCategoryId: w.categoryA });
    await answer(field.id);
    expect((await send(w.eventAdminA, 'GET', `/api/custom-fields/${field.id}`)).json().data.answerCount).toBe(1);
    const retype = await send(w.eventAdminA, 'PUT', `/api/custom-fields/${field.id}`, { type: 'number' });
    expect(retype.statusCode).toBe(409);
    expect(retype.json().details[0].field).toBe('type');
    expect((await send(w.eventAdminA, 'PUT', `/api/custom-fields/${field.id}`, { badgeCategoryId: null })).statusCode).toBe(409);
    const deleted = await send(w.eventAdminA, 'DELETE', `/api/custom-fields/${field.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toMatch(/switch it off/);
    expect((await send(w.eventAdminA, 'PUT', `/api/custom-fields/${field.id}`, { isActive: false, label: 'Old question' })).statusCode).toBe(200);
  });
});

describe('custom fields: reach', () => {
  it('answers 404 for another event’s field, 403 without the permission', async () => {
    const field = await createField(w.eventAdminA, {});
    for (const [method, payload] of [['GET'], ['PUT', { label: 'Taken' }], ['DELETE']] as [Method, object?][]) {
      expect((await send(w.eventAdminB, method, `/api/custom-fields/${field.id}`, payload)).statusCode, method).toBe(404);
      // An exhibitor may write its own lead questions through these calls: another event's field is simply not found.
      expect((await send(w.exhibitorB, method, `/api/custom-fields/${field.id}`, payload)).statusCode, method).toBe(404);
    }
    for (const user of [w.exhibitorA, w.subAccountA, w.vipAdminA]) {
      expect((await send(user, 'GET', `/api/custom-fields/${field.id}`)).statusCode).toBe(200);
      expect((await send(user, 'PUT', `/api/custom-fields/${field.id}`, { label: 'Mine' })).statusCode).toBe(403);
      expect((await send(user, 'POST', '/api/custom-fields', { eventId: w.eventA, label: 'Mine', type: 'text' })).statusCode).toBe(403);
    }
    expect((await send(w.noRole, 'GET', '/api/custom-fields')).statusCode).toBe(403);
    expect((await send(null, 'GET', '/api/custom-fields')).statusCode).toBe(401);
  });

  it('lists the caller’s event only, with filters, search and pages', async () => {
    const mine = await createField(w.eventAdminA, { label: 'Shoe size zq', badgeCategoryId: w.categoryA });
    const theirs = await createField(w.eventAdminB, { eventId: w.eventB, label: 'Shoe size zq' });
    const listA = await send(w.eventAdminA, 'GET', '/api/custom-fields?search=zq');
    expect(listA.json().data.map((f: { id: number }) => f.id)).toEqual([mine.id]);
    expect(listA.json().meta).toEqual({ page: 1, per_page: 20, total: 1, total_pages: 1 });
    expect((await send(w.eventAdminA, 'GET', `/api/custom-fields?eventId=${w.eventB}`)).json().data).toEqual([]);
    const all = await send(w.systemAdmin, 'GET', '/api/custom-fields?search=SHOE_SIZE');
    expect(all.json().data.map((f: { id: number }) => f.id).sort()).toEqual([mine.id, theirs.id].sort());
    const byCategory = await send(w.eventAdminA, 'GET', `/api/custom-fields?badgeCategoryId=${w.categoryA}&per_page=100`);
    expect(byCategory.json().data.every((f: { badgeCategoryId: number }) => f.badgeCategoryId === w.categoryA)).toBe(true);
    const paged = await send(w.eventAdminA, 'GET', '/api/custom-fields?per_page=2&page=2&sort=-createdAt');
    expect(paged.json().data).toHaveLength(2);
    expect((await send(w.eventAdminA, 'GET', '/api/custom-fields?per_page=1000')).statusCode).toBe(400);
    expect((await send(w.eventAdminA, 'GET', '/api/custom-fields?eventId=abc')).statusCode).toBe(400);
  });

  it('shows fields of a category only to those who may see its badge type', async () => {
    const vipOnly = await createField(w.eventAdminA, { label: 'Chauffeur', badgeCategoryId: w.vipCategoryA });
    const exhibitorOnly = await createField(w.eventAdminA, { label: 'Stand number', badgeCategoryId: w.categoryA });
    const seen = async (user: TestUser) =>
      (await send(user, 'GET', '/api/custom-fields?per_page=100')).json().data.map((f: { id: number }) => f.id) as number[];
    expect(await seen(w.vipAdminA)).toContain(vipOnly.id);
    expect(await seen(w.vipAdminA)).not.toContain(exhibitorOnly.id);
    expect(await seen(w.exhibitorA)).toContain(exhibitorOnly.id);
    expect(await seen(w.exhibitorA)).not.toContain(vipOnly.id);
    expect((await send(w.exhibitorA, 'GET', `/api/admin/custom-fields/badge-category/${w.vipCategoryA}`)).statusCode).toBe(404);
  });
});

describe('custom fields: the fields of a category', () => {
  it('gives an admin the active and inactive fields, event-wide first, in order', async () => {
    const [category] = await t.db
      .insert(badgeCategories)
      .values({ eventId: w.eventA, name: 'Press', badgeType: 'visitor' })
      .returning({ id: badgeCategories.id });
    const wide = await createField(w.eventAdminA, { label: 'Wide', sortOrder: 50 });
    const second = await createField(w.eventAdminA, { label: 'Second', badgeCategoryId: category!.id, sortOrder: 2 });
    const first = await createField(w.eventAdminA, { label: 'First', badgeCategoryId: category!.id, sortOrder: 1, isActive: false });
    const res = await send(w.eventAdminA, 'GET', `/api/admin/custom-fields/badge-category/${category!.id}?entityType=badge`);
    const ids = res.json().data.map((f: { id: number }) => f.id) as number[];
    expect(ids.filter((id) => [wide.id, second.id, first.id].includes(id))).toEqual([wide.id, first.id, second.id]);
    expect(ids.indexOf(wide.id)).toBeLessThan(ids.indexOf(first.id));
    expect((await send(w.eventAdminB, 'GET', `/api/admin/custom-fields/badge-category/${category!.id}`)).statusCode).toBe(404);
    expect((await send(w.eventAdminA, 'GET', `/api/admin/custom-fields/badge-category/${category!.id}?entityType=x`)).statusCode).toBe(400);

    const open = await send(null, 'GET', `/api/custom-fields/badge-category/${category!.id}`);
    expect(open.statusCode).toBe(200);
    const publicFields = open.json().data as Record<string, unknown>[];
    expect(publicFields.map((f) => f.id)).toContain(second.id);
    expect(publicFields.map((f) => f.id)).not.toContain(first.id);
    expect(Object.keys(publicFields[0]!).sort()).toEqual(['helpText', 'id', 'key', 'label', 'options', 'required', 'sortOrder', 'type', 'validation']);
    expect((await send(null, 'GET', `/api/custom-fields/badge-category/${category!.id}?isActive=true`)).statusCode).toBe(200);
    expect((await send(null, 'GET', `/api/custom-fields/badge-category/${category!.id}?isActive=false`)).statusCode).toBe(400);
  });

  it('gives the public nothing for inactive categories, add-ons, archived events or unknown ids', async () => {
    for (const id of [closedCategoryA, addonA, 999_999]) {
      expect((await send(null, 'GET', `/api/custom-fields/badge-category/${id}`)).statusCode).toBe(404);
    }
    const [archived] = await t.db.insert(events).values({ name: 'Past show', slug: `past-${Date.now()}`, status: 'archived' }).returning({ id: events.id });
    const [category] = await t.db
      .insert(badgeCategories)
      .values({ eventId: archived!.id, name: 'Visitors', badgeType: 'visitor' })
      .returning({ id: badgeCategories.id });
    expect((await send(null, 'GET', `/api/custom-fields/badge-category/${category!.id}`)).statusCode).toBe(404);
  });
});

describe('custom fields: order', () => {
  it('sets the positions of one group at once', async () => {
    const [category] = await t.db
      .insert(badgeCategories)
      .values({ eventId: w.eventA, name: 'Crew', badgeType: 'contractor' })
      .returning({ id: badgeCategories.id });
    const a = await createField(w.eventAdminA, { badgeCategoryId: category!.id, sortOrder: 0 });
    const b = await createField(w.eventAdminA, { badgeCategoryId: category!.id, sortOrder: 1 });
    const c = await createField(w.eventAdminA, { badgeCategoryId: category!.id, sortOrder: 2 });
    const url = '/api/custom-fields/order';
    const res = await send(w.eventAdminA, 'PUT', url, { eventId: w.eventA, badgeCategoryId: category!.id, ids: [c.id, a.id, b.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((f: { id: number; sortOrder: number }) => [f.id, f.sortOrder])).toEqual([
      [c.id, 0],
      [a.id, 1],
      [b.id, 2],
    ]);
    const bad = [
      { eventId: w.eventA, badgeCategoryId: category!.id, ids: [c.id, a.id] },
      { eventId: w.eventA, badgeCategoryId: category!.id, ids: [c.id, a.id, b.id, 999_999] },
      { eventId: w.eventA, badgeCategoryId: category!.id, ids: [c.id, a.id, a.id] },
      { eventId: w.eventA, badgeCategoryId: category!.id, ids: [] },
      { eventId: w.eventA, badgeCategoryId: category!.id, ids: ['x'] },
      { eventId: w.eventA, ids: [c.id, a.id, b.id] },
    ];
    for (const body of bad) expect((await send(w.eventAdminA, 'PUT', url, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await send(w.eventAdminB, 'PUT', url, { eventId: w.eventA, badgeCategoryId: category!.id, ids: [a.id, b.id, c.id] })).statusCode).toBe(404);
    expect((await send(w.eventAdminB, 'PUT', url, { eventId: w.eventB, badgeCategoryId: category!.id, ids: [a.id, b.id, c.id] })).statusCode).toBe(404);
    const positions = await t.db.select({ id: customFields.id, sortOrder: customFields.sortOrder }).from(customFields).where(eq(customFields.badgeCategoryId, category!.id));
    expect(Object.fromEntries(positions.map((p) => [p.id, p.sortOrder]))).toEqual({ [c.id]: 0, [a.id]: 1, [b.id]: 2 });
  });
});

describe('custom fields: export and import', () => {
  async function exportOf(as: TestUser, eventId?: number) {
    const res = await send(as, 'GET', `/api/custom-fields/export${eventId ? `?eventId=${eventId}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="custom-fields-\d{4}-\d{2}-\d{2}\.json"$/);
    return res.json();
  }
  const countB = async () => (await t.db.select({ id: customFields.id }).from(customFields).where(eq(customFields.eventId, w.eventB))).length;

  it('exports an event’s fields with category references instead of ids', async () => {
    await createField(w.eventAdminA, { label: 'Arrival day', key: 'arrival_day', type: 'date', badgeCategoryId: w.categoryA, validation: { minDate: '2027-05-01' } });
    const document = await exportOf(w.eventAdminA);
    expect(document).toMatchObject({ format: 'exhibitor-portal.custom-fields', version: 1, event: { name: 'Event A' } });
    const ref = document.categories.find((c: { name: string }) => c.name === 'Exhibitor staff').ref;
    expect(document.fields).toContainEqual(
      expect.objectContaining({ categoryRef: ref, key: 'arrival_day', type: 'date', validation: { minDate: '2027-05-01' } }),
    );
    expect(JSON.stringify(document)).not.toMatch(/"(id|eventId|badgeCategoryId)"/);
    expect((await send(w.eventAdminA, 'GET', `/api/custom-fields/export?eventId=${w.eventB}`)).statusCode).toBe(404);
    expect((await send(w.systemAdmin, 'GET', '/api/custom-fields/export')).statusCode).toBe(400);
    expect((await send(w.exhibitorA, 'GET', '/api/custom-fields/export')).statusCode).toBe(403);
  });

  it('previews without writing, then imports into another event in one go, mapping categories by name', async () => {
    const document = await exportOf(w.eventAdminA);
    const before = await countB();
    const body = { eventId: w.eventB, document, onConflict: 'skip' };
    const preview = await send(w.eventAdminB, 'POST', '/api/custom-fields/import/preview', body);
    expect(preview.statusCode, preview.body).toBe(200);
    const planned = preview.json().data;
    const arrival = planned.fields.find((f: { key: string }) => f.key === 'arrival_day');
    expect(arrival).toMatchObject({ action: 'create', badgeCategoryId: w.categoryB, customFieldId: null });
    // Event B has no VIP category: those fields wait for a choice.
    const chauffeur = planned.fields.find((f: { label: string }) => f.label === 'Chauffeur');
    expect(chauffeur).toMatchObject({ action: 'skip', reason: expect.stringMatching(/No category of this event matches “VIP guests”/) });
    expect(await countB()).toBe(before);

    const imported = await send(w.eventAdminB, 'POST', '/api/custom-fields/import', body);
    expect(imported.statusCode, imported.body).toBe(200);
    const report = imported.json().data;
    expect({ created: report.created, updated: report.updated, skipped: report.skipped }).toEqual({
      created: planned.created,
      updated: 0,
      skipped: planned.skipped,
    });
    expect(await countB()).toBe(before + report.created);
    const arrivalId = report.fields.find((f: { key: string }) => f.key === 'arrival_day').customFieldId;
    expect((await send(w.eventAdminB, 'GET', `/api/custom-fields/${arrivalId}`)).json().data).toMatchObject({
      eventId: w.eventB,
      badgeCategoryId: w.categoryB,
      type: 'date',
      validation: { minDate: '2027-05-01' },
    });

    // The same file again: everything exists, so nothing is created.
    const again = (await send(w.eventAdminB, 'POST', '/api/custom-fields/import', body)).json().data;
    expect(again.created).toBe(0);
    expect(await countB()).toBe(before + report.created);
  });

  it('replaces existing fields when asked, and leaves out categories mapped to null', async () => {
    const document = await exportOf(w.eventAdminA);
    const staffRef = document.categories.find((c: { name: string }) => c.name === 'Exhibitor staff').ref;
    const arrival = document.fields.find((f: { key: string }) => f.key === 'arrival_day');
    arrival.label = 'Day of arrival';
    arrival.required = true;
    const replaced = await send(w.eventAdminB, 'POST', '/api/custom-fields/import', { eventId: w.eventB, document, onConflict: 'replace' });
    const entry = replaced.json().data.fields.find((f: { key: string }) => f.key === 'arrival_day');
    expect(entry).toMatchObject({ action: 'update' });
    expect((await send(w.eventAdminB, 'GET', `/api/custom-fields/${entry.customFieldId}`)).json().data).toMatchObject({ label: 'Day of arrival', required: true });
    const left = await send(w.eventAdminB, 'POST', '/api/custom-fields/import/preview', {
      eventId: w.eventB,
      document,
      categoryMapping: { [staffRef]: null },
      onConflict: 'replace',
    });
    expect(left.json().data.fields.find((f: { key: string }) => f.key === 'arrival_day')).toMatchObject({ action: 'skip', reason: 'Fields of “Exhibitor staff” are left out' });
  });

  it('refuses foreign, newer, damaged or wrongly mapped files with a clear message, changing nothing', async () => {
    const document = await exportOf(w.eventAdminA);
    const before = await countB();
    const cases: [unknown, Record<string, unknown>, RegExp, string][] = [
      [[1, 2], {}, /expected a JSON object/, 'document'],
      [{ ...document, format: 'other-app.fields' }, {}, /not a custom-fields export of the Exhibitor Portal/, 'document.format'],
      [{ ...document, version: 2 }, {}, /newer version of the portal \(format 2\)/, 'document.version'],
      [{ ...document, version: '1' }, {}, /no valid format version/, 'document.version'],
      [{ ...document, fields: [{ ...document.fields[0], type: 'hologram' }] }, {}, /damaged/, 'document.fields.0.type'],
      [{ ...document, fields: [document.fields[0], document.fields[0]] }, {}, /damaged/, 'document.fields.1.key'],
      [{ ...document, fields: [{ ...document.fields[0], categoryRef: 'nowhere' }] }, {}, /damaged/, 'document.fields.0.categoryRef'],
      [document, { [document.categories[0].ref]: w.categoryA }, /Choose a badge category of this event/, `categoryMapping.${document.categories[0].ref}`],
      [document, { 'not-in-file': w.categoryB }, /No such category in the file/, 'categoryMapping.not-in-file'],
    ];
    for (const [doc, categoryMapping, message, field] of cases) {
      for (const url of ['/api/custom-fields/import/preview', '/api/custom-fields/import']) {
        const res = await send(w.eventAdminB, 'POST', url, { eventId: w.eventB, document: doc, categoryMapping });
        expect(res.statusCode, `${url} ${field}`).toBe(400);
        expect(res.json().message).toMatch(message);
        expect(res.json().details[0].field).toBe(field);
      }
    }
    const inherited = {
      ...document,
      categories: [{ ref: 'constructor', name: 'Nowhere', badgeType: 'vip' }],
      fields: [{ ...document.fields[0], categoryRef: 'constructor' }],
    };
    const odd = await send(w.eventAdminB, 'POST', '/api/custom-fields/import/preview', { eventId: w.eventB, document: inherited });
    expect(odd.json().data.fields[0]).toMatchObject({ action: 'skip', badgeCategoryId: null });
    const huge = { ...document, fields: Array.from({ length: 501 }, (_, i) => ({ ...document.fields[0], key: `k${i}` })) };
    expect((await send(w.eventAdminB, 'POST', '/api/custom-fields/import', { eventId: w.eventB, document: huge })).statusCode).toBe(400);
    expect((await send(w.eventAdminB, 'POST', '/api/custom-fields/import', { eventId: w.eventB })).statusCode).toBe(400);
    expect((await send(w.eventAdminB, 'POST', '/api/custom-fields/import', { eventId: w.eventB, document, onConflict: 'merge' })).statusCode).toBe(400);
    expect((await send(w.eventAdminA, 'POST', '/api/custom-fields/import', { eventId: w.eventB, document })).statusCode).toBe(404);
    expect(await countB()).toBe(before);
  });
});
