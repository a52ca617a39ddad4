import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from './db/schema/events';
import { createTestApp, createWorld, type TestApp, type World } from './test/harness';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_ADDRESS: 10_000 });
  w = await createWorld(t);
});
afterAll(() => t.close());

const NUL = '\u0000';
const LONE_HIGH = '\uD800';

function multipart(fields: Record<string, string>) {
  const boundary = '----portal-input-boundary';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`, 'utf8'),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('strings that cannot be stored', () => {
  it('are refused with 400 and the field in a search parameter (a NUL)', async () => {
    const res = await t.request(w.systemAdmin, { method: 'GET', url: '/api/admin/admins?search=Ada%00' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'search', message: expect.stringContaining('cannot be stored') }]);
  });

  it.each([
    ['a NUL', 'Expo\\u0000'],
    ['a lone high surrogate', 'Expo\\ud800'],
    ['a lone low surrogate', '\\udc00Expo'],
    ['a surrogate pair back to front', '\\udc00\\ud800'],
  ])('are refused with 400 and the field in a JSON body (%s)', async (_case, escaped) => {
    const res = await t.request(w.systemAdmin, {
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': 'application/json' },
      payload: `{"name":"${escaped}","slug":"expo-escaped"}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'name', message: expect.stringContaining('cannot be stored') }]);
  });

  it('are refused in a JSON body, however deep, naming the path, and nothing is written', async () => {
    const before = await t.db.select().from(events);
    const res = await t.request(w.systemAdmin, {
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': 'application/json' },
      // JSON.stringify would escape the lone surrogate the same way a client can.
      payload: `{"name":"Expo","slug":"expo-nul","description":"line\\u0000two"}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('description');
    const nested = await t.request(w.eventAdminA, {
      method: 'POST',
      url: '/api/admin/exhibitor-users',
      payload: { firstName: 'Liv', lastName: 'Berg', email: 'liv@x.example', badgeCategoryId: w.categoryA, customFieldValues: [{ customFieldId: 1, value: { a: [`x${LONE_HIGH}`] } }] },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().details[0].field).toBe('customFieldValues.0.value.a.0');
    expect(await t.db.select().from(events)).toHaveLength(before.length);
  });

  it('are refused in a key of a JSON body', async () => {
    const res = await t.request(w.systemAdmin, { method: 'PUT', url: `/api/events/${w.eventA}`, payload: { [`na${NUL}me`]: 'x' } });
    expect(res.statusCode).toBe(400);
  });

  it('are refused in a text field of a multipart form', async () => {
    const form = multipart({ firstName: `Liv${NUL}`, lastName: 'Berg', email: 'liv.multipart@x.example', badgeCategoryId: String(w.categoryA) });
    const res = await t.request(w.eventAdminA, { method: 'POST', url: '/api/admin/exhibitor-users', ...form });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('firstName');
  });

  it('are refused on a public form and in a path parameter', async () => {
    const link = (await t.request(w.eventAdminA, { method: 'POST', url: '/api/admin/registration-links', payload: { eventId: w.eventA, kind: 'exhibitor' } })).json().data;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/registration-links/${link.id}/create`,
      payload: { companyName: `Nul${NUL} AS`, firstName: 'Siri', lastName: 'Solberg', email: 'siri@nul.example', password: 'Self-Register-2027' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('companyName');
    const sso = await t.app.inject({ method: 'GET', url: '/api/integrations/jwt/verify/a%00b' });
    expect(sso.statusCode).toBe(400);
    expect(sso.json().details[0].field).toBe('token');
  });

  it('are refused in the error body of the API when a path does not decode', async () => {
    for (const url of ['/api/events/%ED%A0%80', '/api/integrations/jwt/verify/%FF']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'The path does not decode as UTF-8 text',
        details: [{ field: 'path', message: 'The path does not decode as UTF-8 text' }],
      });
    }
  });

  it('lets a whole surrogate pair (an emoji) through', async () => {
    const res = await t.request(w.systemAdmin, { method: 'GET', url: `/api/admin/admins?search=${encodeURIComponent('🎪')}` });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a body nested deeper than any form of the API', async () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 200; i++) deep = [deep];
    const res = await t.request(w.systemAdmin, { method: 'POST', url: '/api/events', payload: { name: 'Deep', slug: 'deep', description: deep } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].message).toContain('levels deep');
  });
});

describe('ids', () => {
  it.each(['0x0c', '%2012', '1.2e1', '012', '+12', '12.0', '-12', '0', '2147483648', '99999999999999999999', '1e308', 'NaN', 'Infinity'])(
    'refuses %s as a path id with 400, and nothing is deleted',
    async (id) => {
      const [event] = await t.db
        .insert(events)
        .values({ name: `Doomed ${id}`, slug: `doomed-${Math.random().toString(36).slice(2)}` })
        .returning({ id: events.id });
      const res = await t.request(w.systemAdmin, { method: 'DELETE', url: `/api/events/${id}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0]).toEqual({ field: 'id', message: 'Give an id: a whole number from 1 to 2147483647' });
      expect(await t.db.select().from(events).where(eq(events.id, event!.id))).toHaveLength(1);
    },
  );

  it('takes canonical digits in a path and a query string', async () => {
    expect((await t.request(w.systemAdmin, { method: 'GET', url: `/api/events/${w.eventA}` })).statusCode).toBe(200);
    expect((await t.request(w.systemAdmin, { method: 'GET', url: `/api/admin/exhibitors?eventId=${w.eventA}` })).statusCode).toBe(200);
  });

  it.each(['0x0c', '%2012', '1.2e1', '-1'])('refuses %s as an id in a query string', async (id) => {
    const res = await t.request(w.systemAdmin, { method: 'GET', url: `/api/admin/exhibitors?eventId=${id}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('eventId');
  });

  it.each([1e308, 2_147_483_648, 1.5, -1, 0, '0x0c', ' 12', true, null, [12], { id: 12 }])(
    'refuses %j as an id in a JSON body',
    async (id) => {
      const res = await t.request(w.systemAdmin, { method: 'POST', url: '/api/admin/badge-categories', payload: { eventId: id, name: 'Crew', badgeType: 'exhibitor' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].field).toBe('eventId');
    },
  );

  it.each(['0x10', '1e1', ' 2', '2.0'])('refuses %s as a page number', async (page) => {
    const res = await t.request(w.systemAdmin, { method: 'GET', url: `/api/events?page=${encodeURIComponent(page)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('page');
  });
});

describe('sort', () => {
  const LISTS = [
    '/api/admin/admins',
    '/api/admin/roles',
    '/api/admin/companies',
    '/api/events',
    '/api/admin/exhibitors',
    '/api/admin/sub-accounts',
    '/api/admin/badge-categories',
    '/api/custom-fields',
    '/api/admin/allocations',
    '/api/admin/exhibitor-users',
    '/api/users',
  ];

  it.each(LISTS.flatMap((url) => ['__proto__', '-__proto__', 'constructor', 'toString', 'hasOwnProperty', 'password_hash'].map((sort) => [url, sort])))(
    '%s refuses sort=%s with 400 listing the keys it takes',
    async (url, sort) => {
      const res = await t.request(w.systemAdmin, { method: 'GET', url: `${url}?sort=${sort}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0]).toMatchObject({ field: 'sort', message: expect.stringMatching(/^Sort by one of: \w+, -\w+/) });
    },
  );

  it('sorts by a listed key, in both directions', async () => {
    const names = async (sort: string) =>
      (await t.request(w.systemAdmin, { method: 'GET', url: `/api/events?sort=${sort}` })).json().data.map((e: { name: string }) => e.name);
    const ascending = await names('name');
    expect(ascending.length).toBeGreaterThan(1);
    expect(await names('-name')).toEqual([...ascending].reverse());
  });

  it.each([1e308, 0, 1.5, '0x10'])('refuses page %j in the advanced filter body', async (page) => {
    const res = await t.request(w.systemAdmin, { method: 'POST', url: '/api/admin/exhibitor-users/advanced-filter', payload: { conditions: [], page } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('page');
  });

  it('refuses an unknown sort in the advanced filter body', async () => {
    const res = await t.request(w.systemAdmin, { method: 'POST', url: '/api/admin/exhibitor-users/advanced-filter', payload: { conditions: [], sort: '__proto__' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('sort');
  });
});

describe('broken multipart bodies', () => {
  const boundary = '----portal-broken-boundary';
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}`;
  const filePart = (name: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\nPK\u0003\u0004abc`;
  const BROKEN = [
    ['no boundary in the content type', 'multipart/form-data', `${part('eventId', '1')}\r\n--${boundary}--\r\n`],
    ['a body that stops inside a field', `multipart/form-data; boundary=${boundary}`, part('eventId', '1')],
    [
      'a body that stops inside a file',
      `multipart/form-data; boundary=${boundary}`,
      `${part('eventId', String(1))}\r\n${filePart('file')}`,
    ],
  ] as const;

  it('are answered 4xx, never 500, by every route that takes a body', async () => {
    const failures: string[] = [];
    for (const route of t.app.routeTable.filter((r) => !['GET', 'HEAD', 'DELETE'].includes(r.method))) {
      // A fresh administrator per route: one of them signs its caller out.
      const admin = await t.createUser({ roles: ['System Admin'] });
      for (const [label, contentType, payload] of BROKEN) {
        // Ids nobody holds: a route that takes no body (anonymising an account) must not act on the world's records.
        const url = route.url.replace(/:(\w+)/g, '2147480000');
        const res = await t.request(admin, {
          method: route.method as 'POST',
          url,
          payload,
          headers: { 'content-type': contentType },
        });
        if (res.statusCode >= 500) failures.push(`${route.method} ${route.url}, ${label}: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it.each([
    ['a badge form', '/api/admin/exhibitor-users'],
    ['a spreadsheet import', '/api/admin/bulk-upload/exhibitors'],
    ['a bulk send', '/api/admin/registration-links/bulk-user-badge-category/upload'],
  ])('are refused by %s with 400 naming the part the body broke in', async (_form, url) => {
    const [noBoundary, cutInField, cutInFile] = BROKEN;
    const send = ([, contentType, payload]: (typeof BROKEN)[number]) =>
      t.request(w.systemAdmin, { method: 'POST', url, payload, headers: { 'content-type': contentType } });
    for (const [broken, field] of [
      [noBoundary, 'body'],
      [cutInField, 'body'],
    ] as const) {
      const res = await send(broken);
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([{ field, message: expect.stringContaining('closing boundary') }]);
    }
    // Cut inside a file: refused with 400, by the part's own rule (an unknown file field, a field
    // sent after the files) or as a broken body; never 500.
    const res = await send(cutInFile);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toEqual(expect.any(String));
  });
});

describe('dates outside the years 1 to 9999', () => {
  const OUT_OF_RANGE = [
    '10000-01-01',
    '99999-12-31',
    '+275760-09-13',
    '-1',
    '-0001-01-01',
    '0000-01-01',
    '2027-02-29',
    '2026-13-01',
  ];

  it.each(
    OUT_OF_RANGE.flatMap((value) => [
      ['from', value],
      ['to', value],
    ]),
  )('are refused by the purchase list filter %s=%s with 400 naming it', async (field, value) => {
    const res = await t.request(w.systemAdmin, {
      method: 'GET',
      url: `/api/admin/allocation-purchases?${field}=${encodeURIComponent(value)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field, message: expect.stringContaining('between the years 1 and 9999') }]);
  });

  it.each(
    OUT_OF_RANGE.flatMap((value) => [
      ['createdFrom', value],
      ['createdTo', value],
    ]),
  )('are refused by the badge list filter %s=%s with 400 naming it', async (field, value) => {
    const res = await t.request(w.systemAdmin, {
      method: 'GET',
      url: `/api/admin/exhibitor-users?${field}=${encodeURIComponent(value)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field, message: expect.stringContaining('between the years 1 and 9999') }]);
  });

  it.each(['0000-01-01', '10000-01-01'])(
    'are refused as an event start date (%s) with 400 naming it',
    async (startDate) => {
      const res = await t.request(w.systemAdmin, {
        method: 'POST',
        url: '/api/events',
        payload: { name: 'Far Expo', slug: `far-${startDate}`, startDate },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([
        { field: 'startDate', message: expect.stringContaining('between the years 1 and 9999') },
      ]);
    },
  );

  it.each(['0000-01-01T00:00:00Z', '10000-01-01T00:00:00Z', '+275760-09-13T00:00:00Z', '2026-05-01T09:00:00'])(
    'are refused as a link expiry (%s) with 400 naming it',
    async (expiresAt) => {
      const res = await t.request(w.systemAdmin, {
        method: 'POST',
        url: '/api/admin/registration-links',
        payload: { eventId: w.eventA, kind: 'exhibitor', expiresAt },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([
        { field: 'expiresAt', message: expect.stringContaining('between the years 1 and 9999') },
      ]);
    },
  );

  it('take the first and last day of that range, and a date-time bound', async () => {
    for (const query of ['from=0001-01-01&to=9999-12-31', 'from=2026-05-01T09:00:00Z&to=9999-12-31T23:59:59%2B02:00']) {
      expect(
        (await t.request(w.systemAdmin, { method: 'GET', url: `/api/admin/allocation-purchases?${query}` })).statusCode,
      ).toBe(200);
    }
    expect(
      (
        await t.request(w.systemAdmin, {
          method: 'GET',
          url: '/api/admin/exhibitor-users?createdFrom=0001-01-01&createdTo=9999-12-31',
        })
      ).statusCode,
    ).toBe(200);
  });
});
