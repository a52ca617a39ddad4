import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, createWorld, type TestApp, type World } from '../../test/harness';

/**
 * A registration link id that names no link answers 404, as documented, whatever its shape: an
 * unknown id of a link's shape, and text that could never be one (too short, other characters).
 */
let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(() => t.close());

const IDS = ['k3Zq8WmP2xYt7RvN4cLd9HsA', 'abc', '123', 'bad!link~id', 'ä'.repeat(20), 'x'.repeat(300)];
const notFound = { statusCode: 404, error: 'Not Found', message: 'Registration link not found' };
const person = { email: 'nobody@unknown-link.example', firstName: 'No', lastName: 'Body' };
const form = () => {
  const boundary = '----unknown-link-boundary';
  const parts = Object.entries(person).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { payload: `${parts.join('')}--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};
const counts = async () =>
  (await queryRows<{ n: string }>(t.db, sql`select (select count(*) from badges)::text || '/' || (select count(*) from admins)::text as n`))[0]!.n;

describe('an unknown registration link', () => {
  it.each(IDS)('%s answers 404 on every route that names one, and changes nothing', async (id) => {
    const before = await counts();
    const path = encodeURIComponent(id);
    const answers = [
      await t.request(null, { method: 'GET', url: `/api/registration-links/${path}` }),
      await t.request(null, { method: 'POST', url: `/api/admin/registration-links/${path}/create`, payload: { ...person, companyName: 'Nobody AS' } }),
      await t.request(null, { method: 'POST', url: `/api/admin/registration-links/${path}/create-user`, payload: person }),
      await t.request(null, { method: 'POST', url: `/api/admin/registration-links/${path}/create-user`, ...form() }),
      await t.request(null, { method: 'POST', url: '/api/auth/register', payload: { ...person, registrationLinkId: id } }),
      await t.request(w.systemAdmin, { method: 'DELETE', url: `/api/admin/registration-links/${path}` }),
    ];
    for (const answer of answers) expect(answer.json(), answer.body).toEqual(notFound);
    expect(await counts()).toBe(before);
  });
});
