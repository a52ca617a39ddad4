import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { customFields } from '../../db/schema/badges';
import { createTestApp, createWorld, TEST_SECRET, type TestApp, type TestUser, type World } from '../../test/harness';

// Two API processes on one database, each with a disk of its own: on PostgreSQL, where several
// processes serve the portal, a file uploaded through one is downloaded through the other. The
// embedded database is for one process on one machine, so there the two share one data directory.
let t: TestApp;
let w: World;
let other: FastifyInstance;
let fieldId: number;
const dirs: string[] = [];
beforeAll(async () => {
  dirs.push(await mkdtemp(join(tmpdir(), 'portal-process-a-')), await mkdtemp(join(tmpdir(), 'portal-process-b-')));
  t = await createTestApp({ DATA_DIR: dirs[0] });
  w = await createWorld(t);
  other = await buildApp({
    config: { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), DATA_DIR: t.database.kind === 'postgres' ? dirs[1]! : dirs[0]! },
    database: t.database,
    secret: TEST_SECRET,
    logger: false,
  });
  await other.ready();
  const [field] = await t.db
    .insert(customFields)
    .values({ eventId: w.eventA, badgeCategoryId: w.categoryA, label: 'Brochure', key: 'brochure', type: 'file' })
    .returning({ id: customFields.id });
  fieldId = field!.id;
});
afterAll(async () => {
  await other.close();
  await t.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const BOUNDARY = '----portal-processes-boundary';
function badgeForm(fields: Record<string, string>, file: { part: string; bytes: Buffer }) {
  const text = Object.entries(fields).map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return {
    payload: Buffer.concat([
      Buffer.from(text.join('')),
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.part}"; filename="brochure.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      file.bytes,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}
const as = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });

describe('files across API processes', () => {
  it('serves a file uploaded through one process from the other, byte for byte', async () => {
    // Larger than one stored part, so that it is read back in several.
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(600 * 1024), Buffer.from('\n%%EOF')]);
    const form = badgeForm(
      { firstName: 'Ann', lastName: 'Across', email: 'ann@across.example', badgeCategoryId: String(w.categoryA) },
      { part: `customField[${fieldId}]`, bytes },
    );
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/exhibitor-users', payload: form.payload, headers: { ...form.headers, ...as(w.eventAdminA) } });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/admin/exhibitor-users/${created.json().data.id}/files/${fieldId}`;

    const elsewhere = await other.inject({ method: 'GET', url, headers: as(w.eventAdminA) });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.headers['content-type']).toBe('application/pdf');
    expect(elsewhere.rawPayload.equals(bytes)).toBe(true);
    const here = await t.app.inject({ method: 'GET', url, headers: as(w.eventAdminA) });
    expect(here.rawPayload.equals(bytes)).toBe(true);
  });
});
