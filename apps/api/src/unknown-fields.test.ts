import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './db/client';
import { createTestApp, createWorld, TEST_PASSWORD, type TestApp, type World } from './test/harness';

/**
 * One rule for every route: a field the route does not take is refused with 400 naming it, in a
 * JSON body, a multipart form and a query string alike, and nothing changes. The spec's own
 * fields are taken everywhere. (The route fuzz test applies the rule to every route.)
 */
let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(() => t.close());

const BOUNDARY = '----unknown-fields-boundary';
function form(fields: Record<string, string>, file?: { name: string; filename: string; bytes: Buffer }) {
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: text/csv\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

const unexpected = (...fields: string[]) => ({
  statusCode: 400,
  error: 'Bad Request',
  message: `${fields[0]}: Unexpected field`,
  details: fields.map((field) => ({ field, message: 'Unexpected field' })),
});
const categoriesNamed = async (name: string) =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from badge_categories where name = ${name}`))[0]!.n;

describe('a field the route does not take', () => {
  it('is refused in JSON, naming it, instead of falling back to a default (a price under another name)', async () => {
    const res = await t.request(w.eventAdminA, {
      method: 'POST',
      url: '/api/admin/badge-categories',
      payload: { eventId: w.eventA, name: 'Priced wrongly', badgeType: 'visitor', unitPriceCents: 2500 },
    });
    expect(res.json()).toEqual(unexpected('unitPriceCents'));
    expect(await categoriesNamed('Priced wrongly')).toBe(0);
    const right = await t.request(w.eventAdminA, {
      method: 'POST',
      url: '/api/admin/badge-categories',
      payload: { eventId: w.eventA, name: 'Priced rightly', badgeType: 'visitor', unitPrice: 2500 },
    });
    expect(right.statusCode, right.body).toBe(201);
    expect(right.json().data.unitPrice).toBe(2500);
  });

  it('is refused at any depth, with its whole path, every one of them named', async () => {
    const res = await t.request(w.eventAdminA, {
      method: 'POST',
      url: '/api/users',
      payload: {
        firstName: 'Nested',
        lastName: 'Field',
        email: 'nested@fields.example',
        badgeCategoryId: w.categoryA,
        customFieldValues: [{ customFieldId: 1, value: 'x', label: 'not ours' }],
        nickname: 'N',
      },
    });
    expect(res.json()).toEqual(unexpected('customFieldValues.0.label', 'nickname'));
  });

  it('is refused in a multipart form, naming it', async () => {
    const res = await t.request(w.eventAdminA, {
      method: 'POST',
      url: '/api/admin/exhibitor-users',
      ...form({ firstName: 'Form', lastName: 'Field', email: 'form@fields.example', badgeCategoryId: String(w.categoryA), nickname: 'F' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'nickname', message: 'Unexpected field' }]);
  });

  it('is refused in a query string, naming it', async () => {
    const res = await t.request(w.eventAdminA, { method: 'GET', url: `/api/events?name=A&serach=typo` });
    expect(res.json()).toEqual(unexpected('serach'));
  });

  it('is refused by a route that takes no body or no query at all, and a form by a route that reads none', async () => {
    const deleted = await t.request(w.eventAdminA, { method: 'DELETE', url: `/api/users/${w.badgeA}`, payload: { reason: 'left' } });
    expect(deleted.json()).toEqual(unexpected('reason'));
    const gone = await t.request(w.eventAdminA, { method: 'GET', url: `/api/users/${w.badgeA}?include=everything` });
    expect(gone.json()).toEqual(unexpected('include'));
    const logout = await t.request(w.eventAdminA, { method: 'POST', url: '/api/auth/logout', ...form({ refreshToken: 'x' }) });
    expect(logout.statusCode).toBe(400);
    expect(logout.json().details).toEqual([{ field: 'body', message: 'Send a JSON object (or the multipart form this route reads)' }]);
    expect((await t.request(w.eventAdminA, { method: 'GET', url: `/api/users/${w.badgeA}` })).statusCode).toBe(200);
  });

  it('is refused on a public route too', async () => {
    const res = await t.request(null, { method: 'POST', url: '/api/admin/auth/login', payload: { email: w.eventAdminA.email, password: TEST_PASSWORD, remember: true } });
    expect(res.json()).toEqual(unexpected('remember'));
  });
});

describe('the spec’s own fields', () => {
  it('are taken on the spec’s calls', async () => {
    const ok = async (url: string) => {
      const res = await t.request(w.eventAdminA, { method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    };
    await ok('/api/events?name=Event&page=1&per_page=10');
    await ok(`/api/admin/badge-categories/event/${w.eventA}?badgeType=exhibitor&type=badge&limit=50`);
    await ok(`/api/admin/allocations?adminId=${w.exhibitorA.id}&eventId=${w.eventA}&includeChildAllocations=true`);
    await ok(`/api/admin/custom-fields/badge-category/${w.categoryA}?entityType=badge`);
    await ok(`/api/custom-fields/badge-category/${w.categoryA}?isActive=true`);
    const permissions = await t.request(w.systemAdmin, { method: 'GET', url: '/api/admin/permissions?limit=1000' });
    expect(permissions.statusCode).toBe(200);
  });

  it('are taken by the bulk registration links upload (file, emailTemplateID, badgeCategoryId)', async () => {
    const res = await t.request(w.eventAdminA, {
      method: 'POST',
      url: '/api/admin/registration-links/bulk-user-badge-category/upload',
      ...form({ step: 'validate', emailTemplateID: '999999', badgeCategoryId: String(w.categoryA), exhibitorId: String(w.exhibitorA.id) }, {
        name: 'file',
        filename: 'recipients.csv',
        bytes: Buffer.from('Email,First name,Last name\r\nrecipient@links.example,Rita,Rask\r\n'),
      }),
    });
    // Whatever the file and the template id make of it, no field of the spec is unexpected.
    expect(res.body).not.toContain('Unexpected field');
  });
});
