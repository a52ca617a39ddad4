import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeListItemSchema } from '@portal/shared/badges';
import { listResponseSchema } from '@portal/shared/common';
import { sql } from 'drizzle-orm';
import { customFields } from '../../db/schema/badges';
import { EXACT_COUNT_LIMIT } from '../../lib/listing';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';

let t: TestApp;
let w: World;
let fields: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  const rows = await t.db
    .insert(customFields)
    .values([
      { eventId: w.eventA, badgeCategoryId: w.categoryA, label: 'Job title', key: 'job_title', type: 'text', required: true, sortOrder: 1 },
      { eventId: w.eventA, badgeCategoryId: null, label: 'Diet', key: 'diet', type: 'select', options: [{ value: 'veg', label: 'Vegetarian' }, { value: 'none', label: 'None' }] },
      { eventId: w.eventA, badgeCategoryId: w.categoryA, label: 'Passport scan', key: 'passport', type: 'file', validation: { allowedMimeTypes: ['application/pdf'] } },
      { eventId: w.eventB, badgeCategoryId: w.categoryB, label: 'Other event', key: 'other', type: 'text' },
    ])
    .returning({ id: customFields.id, key: customFields.key });
  fields = Object.fromEntries(rows.map((r) => [r.key, r.id]));
});
afterAll(() => t.close());

const send = (as: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.request(as, { method, url, payload });
let n = 0;
const person = (extra: object = {}) => ({
  firstName: 'Liv',
  lastName: `Berg ${++n}`,
  email: `liv${n}@people.example`,
  phone: '+47 400 00 000',
  badgeCategoryId: w.categoryA,
  customFieldValues: [{ customFieldId: fields.job_title, value: 'Engineer' }],
  ...extra,
});

function multipart(fieldsToSend: Record<string, string>, file?: { name: string; filename: string; type: string; bytes: Buffer }) {
  const boundary = '----portal-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fieldsToSend)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('creating badges', () => {
  it('registers an organiser badge with answers, a unique code and the category’s badge type', async () => {
    const res = await send(w.eventAdminA, 'POST', '/api/admin/exhibitor-users', person({
      customFieldValues: [
        { customFieldId: fields.job_title, value: '  Engineer  ' },
        { customFieldId: fields.diet, value: 'veg' },
      ],
    }));
    expect(res.statusCode).toBe(201);
    const badge = res.json().data;
    expect(badge).toMatchObject({ eventId: w.eventA, type: 'exhibitor', status: 'active', exhibitorId: null, badgeCategory: { name: 'Exhibitor staff' } });
    expect(badge.code).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
    expect(badge.customFieldValues.map((v: { key: string; value: unknown }) => [v.key, v.value])).toEqual([
      ['diet', 'veg'],
      ['job_title', 'Engineer'],
    ]);

    // An optional question left empty stores nothing; emptying an answer removes it.
    const unanswered = (await send(w.eventAdminA, 'POST', '/api/admin/exhibitor-users', person({
      customFieldValues: [{ customFieldId: fields.job_title, value: 'Engineer' }, { customFieldId: fields.diet, value: '' }],
    }))).json().data;
    expect(unanswered.customFieldValues.map((v: { key: string }) => v.key)).toEqual(['job_title']);
    const cleared = await send(w.eventAdminA, 'PUT', `/api/admin/exhibitor-users/${badge.id}`, { customFieldValues: [{ customFieldId: fields.diet, value: null }] });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.customFieldValues.map((v: { key: string }) => v.key)).toEqual(['job_title']);
  });

  it('names every wrong answer and writes nothing', async () => {
    const body = person({
      customFieldValues: [
        { customFieldId: fields.diet, value: 'meat-only' },
        { customFieldId: fields.other, value: 'x' },
      ],
    });
    const res = await send(w.eventAdminA, 'POST', '/api/admin/exhibitor-users', body);
    expect(res.statusCode).toBe(400);
    const reported = res.json().details.map((d: { field: string }) => d.field);
    expect(reported).toEqual(expect.arrayContaining(['customFieldValues.job_title', 'customFieldValues.diet', 'customFieldValues']));
    const list = await send(w.eventAdminA, 'GET', `/api/admin/exhibitor-users?search=${encodeURIComponent(body.email)}`);
    expect(list.json().meta.total).toBe(0);
  });

  it('takes a multipart form with a custom-field file, checking the real file type', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 32), Buffer.from('\n%%EOF')]);
    const form = (bytes: Buffer, type: string) =>
      multipart(
        {
          firstName: 'Ola',
          lastName: `File ${++n}`,
          email: `file${n}@people.example`,
          badgeCategoryId: String(w.categoryA),
          customFieldValues: JSON.stringify([{ customFieldId: fields.job_title, value: 'Pilot' }]),
        },
        { name: `customField[${fields.passport}]`, filename: 'passport.pdf', type, bytes },
      );
    const ok = await t.request(w.eventAdminA, { method: 'POST', url: '/api/admin/exhibitor-users', ...form(pdf, 'application/pdf') });
    expect(ok.statusCode).toBe(201);
    const file = ok.json().data.customFieldValues.find((v: { key: string }) => v.key === 'passport').file;
    expect(file).toMatchObject({ name: 'passport.pdf', contentType: 'application/pdf', sizeBytes: pdf.byteLength });
    const download = await t.request(w.eventAdminA, {
      method: 'GET',
      url: `/api/admin/exhibitor-users/${ok.json().data.id}/files/${fields.passport}`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe("attachment; filename*=UTF-8''passport.pdf");
    expect(download.rawPayload.equals(pdf)).toBe(true);
    const elsewhere = await t.request(w.eventAdminB, { method: 'GET', url: `/api/users/${ok.json().data.id}/files/${fields.passport}` });
    expect(elsewhere.statusCode).toBe(404);
    const listed = (await send(w.eventAdminA, 'GET', `/api/admin/exhibitor-users?search=${encodeURIComponent(ok.json().data.email)}`)).json();
    expect(listed.data[0].customFieldValues.map((v: { key: string }) => v.key)).toEqual(['passport', 'job_title']);

    const disguised = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)]);
    const refused = await t.request(w.eventAdminA, { method: 'POST', url: '/api/admin/exhibitor-users', ...form(disguised, 'application/pdf') });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].field).toBe('customFieldValues.passport');
  });

  it('refuses the same email twice in a category with 409, and a badge type that is not the category’s', async () => {
    const body = person();
    expect((await send(w.eventAdminA, 'POST', '/api/admin/exhibitor-users', body)).statusCode).toBe(201);
    const again = await send(w.eventAdminA, 'POST', '/api/admin/exhibitor-users', { ...body, email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().details[0].field).toBe('email');
    const wrongType = await send(w.eventAdminA, 'POST', '/api/admin/exhibitor-users', person({ type: 'visitor' }));
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().details[0].field).toBe('type');
  });

  it('keeps a VIP admin to vip categories and an exhibitor to its event', async () => {
    expect((await send(w.vipAdminA, 'POST', '/api/users', person())).statusCode).toBe(400);
    const vip = await send(w.vipAdminA, 'POST', '/api/users', person({ badgeCategoryId: w.vipCategoryA, customFieldValues: [] }));
    expect(vip.statusCode).toBe(201);
    expect(vip.json().data.type).toBe('vip');
    expect((await send(w.exhibitorA, 'POST', '/api/admin/exhibitor-users', person({ badgeCategoryId: w.categoryB }))).statusCode).toBe(400);
  });
});

describe('reading badges', () => {
  it('filters, searches by email prefix and by name, and sorts, within the scope', async () => {
    await send(w.eventAdminA, 'POST', '/api/admin/exhibitor-users', person({ firstName: 'Sindre', lastName: 'Zeta', email: 'sindre.zeta@search.example' }));
    const byPrefix = (await send(w.eventAdminA, 'GET', '/api/admin/exhibitor-users?search=sindre.ze')).json();
    expect(byPrefix.data.map((b: { email: string }) => b.email)).toEqual(['sindre.zeta@search.example']);
    const byName = (await send(w.eventAdminA, 'GET', '/api/admin/exhibitor-users?search=Sindre%20Zeta')).json();
    expect(byName.meta.total).toBe(1);
    await t.db.execute(sql`insert into badges (event_id, badge_category_id, exhibitor_id, first_name, last_name, email, badge_type, code)
      values (${w.eventA}, ${w.categoryA}, ${w.exhibitorA.id}, 'Halvard', 'Quist', 'halvard@quist.example', 'exhibitor', 'SEARCHCO1')`);
    const byCompany = (await send(w.eventAdminA, 'GET', '/api/admin/exhibitor-users?search=company%20a&per_page=100')).json();
    expect(byCompany.data.map((b: { email: string }) => b.email)).toContain('halvard@quist.example');
    const vipOnly = (await send(w.vipAdminA, 'GET', '/api/users?per_page=100')).json();
    expect(vipOnly.data.every((b: { type: string }) => b.type === 'vip')).toBe(true);
    const otherEvent = (await send(w.eventAdminB, 'GET', '/api/admin/exhibitor-users?per_page=100')).json();
    expect(otherEvent.data.every((b: { eventId: number }) => b.eventId === w.eventB)).toBe(true);
    const sorted = (await send(w.eventAdminA, 'GET', `/api/admin/exhibitor-users?badgeCategoryId=${w.categoryA}&sort=email&per_page=100`)).json();
    const emails = sorted.data.map((b: { email: string }) => b.email);
    expect(emails).toEqual([...emails].sort());
    const companiesSorted = async (sort: string) =>
      (await send(w.eventAdminA, 'GET', `/api/admin/exhibitor-users?sort=${sort}&per_page=100`)).json().data.map((b: { companyName: string | null }) => b.companyName ?? '');
    const companies = await companiesSorted('company');
    expect(new Set(companies).size).toBeGreaterThan(1);
    expect(companies).toEqual([...companies].sort((a: string, b: string) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b))));
    expect(await companiesSorted('-company')).toEqual([...companies].reverse());
    const names = (await send(w.eventAdminA, 'GET', '/api/admin/exhibitor-users?sort=name&per_page=100')).json().data.map(
      (b: { firstName: string; lastName: string }) => `${b.lastName} ${b.firstName}`.toLowerCase(),
    );
    expect(names).toEqual([...names].sort());
    const today = new Date().toISOString().slice(0, 10);
    const createdToday = (await send(w.eventAdminA, 'GET', `/api/admin/exhibitor-users?createdFrom=${today}&createdTo=${today}`)).json();
    expect(createdToday.meta.total).toBeGreaterThan(0);
  });

  it('sends each list item as the badge reads alone, in the list schema, answers and file included, from both list calls', async () => {
    await send(w.eventAdminA, 'POST', '/api/admin/exhibitor-users', person({ firstName: 'Ørjan', lastName: 'Ålesund "Q"', phone: null }));
    const form = multipart(
      {
        firstName: 'Ola',
        lastName: `Listed ${++n}`,
        email: `listed${n}@people.example`,
        badgeCategoryId: String(w.categoryA),
        customFieldValues: JSON.stringify([
          { customFieldId: fields.job_title, value: 'Rigger' },
          { customFieldId: fields.diet, value: 'veg' },
        ]),
      },
      {
        name: `customField[${fields.passport}]`,
        filename: 'passport.pdf',
        type: 'application/pdf',
        bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 32), Buffer.from('\n%%EOF')]),
      },
    );
    expect((await t.request(w.eventAdminA, { method: 'POST', url: '/api/admin/exhibitor-users', ...form })).statusCode).toBe(201);
    const listed = await send(w.eventAdminA, 'GET', `/api/admin/exhibitor-users?badgeCategoryId=${w.categoryA}&per_page=100`);
    expect(listed.headers['content-type']).toBe('application/json; charset=utf-8');
    const page = listResponseSchema(badgeListItemSchema).parse(listed.json());
    expect(page.data.length).toBeGreaterThan(2);
    expect(page.data.some((item) => item.customFieldValues.some((answer) => answer.file !== null))).toBe(true);
    for (const item of page.data) {
      const { addons: _addons, leadConsent: _leadConsent, ...alone } = (await send(w.eventAdminA, 'GET', `/api/admin/exhibitor-users/${item.id}`)).json().data;
      expect(item).toEqual(alone);
    }
    // A search writes its items in a statement of their own: the same items, in the same order.
    const searched = await send(w.eventAdminA, 'GET', `/api/admin/exhibitor-users?badgeCategoryId=${w.categoryA}&search=example&per_page=100`);
    const matching = page.data.filter((item) => `${item.firstName} ${item.lastName} ${item.email}`.toLowerCase().includes('example'));
    expect(matching.length).toBeGreaterThan(2);
    expect(listResponseSchema(badgeListItemSchema).parse(searched.json()).data).toEqual(matching);
    const filtered = await send(w.eventAdminA, 'POST', '/api/admin/exhibitor-users/advanced-filter', {
      conditions: [{ field: 'firstName', operator: 'eq', value: 'Ørjan' }],
    });
    expect(listResponseSchema(badgeListItemSchema).parse(filtered.json()).data.map((item) => item.lastName)).toEqual(['Ålesund "Q"']);
  });

  it('shows a sub-account only the badges it registered', async () => {
    await send(w.eventAdminA, 'PUT', '/api/admin/allocations', { adminId: w.exhibitorA.id, badgeCategoryId: w.categoryA, quantity: 10 });
    await send(w.exhibitorA, 'PUT', '/api/admin/allocations', { adminId: w.subAccountA.id, badgeCategoryId: w.categoryA, quantity: 2 });
    const own = (await send(w.subAccountA, 'POST', '/api/admin/exhibitor-users', person())).json().data;
    await send(w.exhibitorA, 'POST', '/api/admin/exhibitor-users', person());
    const list = (await send(w.subAccountA, 'GET', '/api/admin/exhibitor-users?per_page=100')).json();
    expect(list.data.map((b: { id: number }) => b.id)).toEqual([own.id]);
    const exhibitorList = (await send(w.exhibitorA, 'GET', '/api/admin/exhibitor-users?per_page=100')).json();
    expect(exhibitorList.data.map((b: { id: number }) => b.id)).toContain(own.id);
  });

  it('gives the total with the page: exact up to the cap, past the last page too, and estimated beyond the cap', async () => {
    const category = (await send(w.eventAdminA, 'POST', '/api/admin/badge-categories', { eventId: w.eventA, name: 'Counted crowd', badgeType: 'visitor' })).json().data;
    const list = (query: string) => send(w.eventAdminA, 'GET', `/api/admin/exhibitor-users?badgeCategoryId=${category.id}&${query}`).then((r) => r.json());
    expect((await list('page=1')).meta).toEqual({ page: 1, per_page: 20, total: 0, total_pages: 0 });
    await t.db.execute(sql`insert into badges (event_id, badge_category_id, first_name, last_name, email, badge_type, code)
      select ${w.eventA}, ${category.id}, 'Crowd', 'Member ' || i, 'crowd' || i || '@count.example', 'visitor', 'COUNT' || i
      from generate_series(1, 25) i`);
    const exact = await list('page=2&per_page=20');
    expect(exact.data).toHaveLength(5);
    expect(exact.meta).toEqual({ page: 2, per_page: 20, total: 25, total_pages: 2 });
    expect((await list('page=9&per_page=20')).meta).toEqual({ page: 9, per_page: 20, total: 25, total_pages: 2 });
    expect(exact.data[0].customFieldValues).toEqual([]);

    await t.db.execute(sql`insert into badges (event_id, badge_category_id, first_name, last_name, email, badge_type, code)
      select ${w.eventA}, ${category.id}, 'Crowd', 'Member ' || i, 'crowd' || i || '@count.example', 'visitor', 'COUNT' || i
      from generate_series(26, ${EXACT_COUNT_LIMIT + 30}) i`);
    await t.db.execute(sql`analyze badges`);
    const beyond = await list('page=1');
    expect(beyond.meta.estimated).toBe(true);
    expect(beyond.meta.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    // The next page reuses that estimate rather than counting again.
    expect((await list('page=2')).meta).toMatchObject({ total: beyond.meta.total, estimated: true });
    expect((await list('page=600')).meta.estimated).toBe(true);
    await t.db.execute(sql`delete from badges where badge_category_id = ${category.id}`);
  });

  it('keeps a filter’s exact total for its next pages until a statement writes badges', async () => {
    const search = () =>
      send(w.eventAdminA, 'GET', '/api/admin/exhibitor-users?search=kept.count&per_page=1').then((r) => r.json().meta.total);
    const insert = (i: number) => sql`insert into badges (event_id, badge_category_id, first_name, last_name, email, badge_type, code)
      values (${w.eventA}, ${w.categoryA}, 'Kept', 'Count', ${`kept.count${i}@count.example`}, 'exhibitor', ${`KEPT${i}`})`;
    await t.db.execute(insert(1));
    expect(await search()).toBe(1);
    await send(w.eventAdminA, 'POST', '/api/admin/exhibitor-users', person({ email: 'kept.count2@count.example' }));
    expect(await search()).toBe(2);
    await t.db.execute(insert(3));
    expect(await search()).toBe(3);
    // A write the change sequence does not see shows that the pages in between did not count again.
    await t.db.execute(sql`alter table badges disable trigger badges_changed`);
    await t.db.execute(insert(4));
    await t.db.execute(sql`alter table badges enable trigger badges_changed`);
    expect(await search()).toBe(3);
    await t.db.execute(sql`delete from badges where email = 'kept.count4@count.example'`);
    expect(await search()).toBe(3);
    await t.db.execute(sql`delete from badges where email like 'kept.count%'`);
    expect(await search()).toBe(0);
  });

  it('reads a deep page from where it starts, the same page as by offset, until a statement writes badges', async () => {
    const category = (await send(w.eventAdminA, 'POST', '/api/admin/badge-categories', { eventId: w.eventA, name: 'Paged crowd', badgeType: 'visitor' })).json().data;
    const insert = (from: number, to: number) => sql`insert into badges (event_id, badge_category_id, first_name, last_name, email, badge_type, code, created_at)
      select ${w.eventA}, ${category.id}, 'Paged', 'Member ' || i, 'paged' || i || '@pages.example', 'visitor', 'PAGED' || i,
             timestamptz '2027-01-01 00:00:00.123456+00' + (i / 3) * interval '1 second'
      from generate_series(cast(${from} as integer), cast(${to} as integer)) i`;
    await t.db.execute(insert(1, 40));
    const ids = (query: string) =>
      send(w.eventAdminA, 'GET', `/api/admin/exhibitor-users?badgeCategoryId=${category.id}&${query}`).then((r) => r.json().data.map((b: { id: number }) => b.id));
    for (const sort of ['-createdAt', 'createdAt']) {
      const all = await ids(`sort=${sort}&per_page=100`);
      expect(all).toHaveLength(40);
      // Equal times (three badges a second) and microseconds: the start is the exact row before the page.
      expect(await ids(`sort=${sort}&page=3&per_page=7`)).toEqual(all.slice(14, 21));
      expect(await ids(`sort=${sort}&page=3&per_page=7`)).toEqual(all.slice(14, 21));
      expect(await ids(`sort=${sort}&page=6&per_page=7`)).toEqual(all.slice(35, 40));
    }
    await t.db.execute(insert(41, 41));
    const after = await ids('per_page=100');
    // The first read after the write finds the kept start stale and pages by offset; the next keeps a new start.
    expect(await ids('page=3&per_page=7')).toEqual(after.slice(14, 21));
    expect(await ids('page=3&per_page=7')).toEqual(after.slice(14, 21));
    // A newer badge the change sequence does not see would shift the page by offset; read from its kept start, it does not.
    await t.db.execute(sql`alter table badges disable trigger badges_changed`);
    await t.db.execute(insert(42, 42));
    await t.db.execute(sql`alter table badges enable trigger badges_changed`);
    expect(await ids('page=3&per_page=7')).toEqual(after.slice(14, 21));
    await t.db.execute(sql`delete from badges where badge_category_id = ${category.id}`);
    expect(await ids('page=3&per_page=7')).toEqual([]);
  });

  it('combines advanced filter conditions with and / or', async () => {
    await send(w.eventAdminA, 'POST', '/api/admin/exhibitor-users', person({ firstName: 'Astrid', email: 'astrid@and.example' }));
    await send(w.eventAdminA, 'POST', '/api/admin/exhibitor-users', person({ firstName: 'Bjorn', email: 'bjorn@or.example' }));
    const filter = (combinator: 'and' | 'or') =>
      send(w.eventAdminA, 'POST', '/api/admin/exhibitor-users/advanced-filter', {
        combinator,
        conditions: [
          { field: 'firstName', operator: 'eq', value: 'astrid' },
          { field: 'email', operator: 'startsWith', value: 'bjorn@' },
        ],
      });
    expect((await filter('and')).json().meta.total).toBe(0);
    expect((await filter('or')).json().data.map((b: { firstName: string }) => b.firstName).sort()).toEqual(['Astrid', 'Bjorn']);
    const bad = await send(w.eventAdminA, 'POST', '/api/admin/exhibitor-users/advanced-filter', {
      conditions: [{ field: 'status', operator: 'before', value: '2027-01-01' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('conditions.0.operator');
  });

  it.each([
    ['a date field given a word', { field: 'createdAt', operator: 'after', value: 'yesterday' }, 'createdAt'],
    ['a date field given a negative number', { field: 'createdAt', operator: 'before', value: -5 }, 'createdAt'],
    ['a date field given an impossible day', { field: 'createdAt', operator: 'eq', value: '2027-02-30' }, 'createdAt'],
    ['an id field given 1e308', { field: 'exhibitorId', operator: 'eq', value: 1e308 }, 'exhibitorId'],
    ['an id field given a hexadecimal id', { field: 'badgeCategoryId', operator: 'in', value: ['0x0c'] }, 'badgeCategoryId'],
  ])('refuses an advanced filter with %s, naming the field', async (_case, condition, field) => {
    const res = await send(w.eventAdminA, 'POST', '/api/admin/exhibitor-users/advanced-filter', { conditions: [condition] });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('conditions.0.value');
    expect(res.json().details[0].message).toContain(field);
  });
});

describe('bulk add-on assignment', () => {
  it('assigns an add-on within the exhibitor’s add-on allocation, all or nothing, and removes it', async () => {
    const parking = (
      await send(w.eventAdminA, 'POST', '/api/admin/badge-categories', { eventId: w.eventA, name: 'Parking', type: 'addon', badgeType: 'exhibitor' })
    ).json().data;
    const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA });
    await send(w.eventAdminA, 'PUT', '/api/admin/allocations', { adminId: exhibitor.id, badgeCategoryId: w.categoryA, quantity: 3 });
    await send(w.eventAdminA, 'PUT', '/api/admin/allocations', { adminId: exhibitor.id, badgeCategoryId: parking.id, quantity: 2 });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await send(exhibitor, 'POST', '/api/admin/exhibitor-users', person())).json().data.id);
    const patch = (payload: object) => t.request(w.eventAdminA, { method: 'PATCH', url: '/api/admin/users/bulk-addon-assignment', payload });

    const tooMany = await patch({ badgeIds: ids, addonCategoryId: parking.id, action: 'assign' });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe('Allocation exhausted for Parking');
    expect((await send(w.eventAdminA, 'GET', `/api/admin/exhibitor-users/${ids[0]}`)).json().data.addons).toEqual([]);

    const ok = await patch({ badgeIds: ids.slice(0, 2), addonCategoryId: parking.id, action: 'assign' });
    expect(ok.json().data).toEqual({ changed: 2, unchanged: 0 });
    expect((await send(w.eventAdminA, 'GET', `/api/admin/exhibitor-users/${ids[0]}`)).json().data.addons).toEqual([{ id: parking.id, name: 'Parking' }]);
    expect((await patch({ badgeIds: ids.slice(0, 1), addonCategoryId: parking.id, action: 'remove' })).json().data.changed).toBe(1);
    expect((await patch({ badgeIds: [ids[2]], addonCategoryId: parking.id, action: 'assign' })).statusCode).toBe(200);

    expect((await patch({ badgeIds: [w.badgeB], addonCategoryId: parking.id, action: 'assign' })).statusCode).toBe(400);
    expect((await patch({ badgeIds: [ids[0]], addonCategoryId: w.categoryA, action: 'assign' })).statusCode).toBe(400);
  });
});
