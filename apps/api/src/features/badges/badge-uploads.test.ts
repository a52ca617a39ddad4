import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { eq, inArray } from 'drizzle-orm';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badges, customFields } from '../../db/schema/badges';
import { events } from '../../db/schema/events';
import { files } from '../../db/schema/files';
import { createTestApp, createWorld, type TestApp, type World } from '../../test/harness';
import { createFieldValues } from './field-values';
import { createBadgesService } from './badges.service';
import { createFilesService } from '../files/files.service';
import { newStorageKey } from '../files/file-store';
import { appFileStore } from '../files/stored-files.test-support';
import { sweepOrphanFiles } from '../files/file-sweeper';
import type { Database } from '../../db/client';
import { loadPrincipal } from '../auth/principal';

let t: TestApp;
let w: World;
let dataDir: string;
let field: { cv: number; photo: number; note: number };
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portal-uploads-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  w = await createWorld(t);
  const rows = await t.db
    .insert(customFields)
    .values([
      { eventId: w.eventA, badgeCategoryId: w.categoryA, label: 'CV', key: 'cv', type: 'file', validation: { allowedMimeTypes: ['application/pdf'], maxFileSizeBytes: 4096 } },
      { eventId: w.eventA, badgeCategoryId: w.categoryA, label: 'Photo', key: 'photo', type: 'file' },
      { eventId: w.eventA, badgeCategoryId: w.categoryA, label: 'Note', key: 'note', type: 'text' },
    ])
    .returning({ id: customFields.id, key: customFields.key });
  field = Object.fromEntries(rows.map((row) => [row.key, row.id])) as typeof field;
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const BOUNDARY = '----portal-upload-boundary';
type Part = [name: string, value: string] | [name: string, file: { filename: string; type: string; bytes: Buffer }];

function formBody(parts: Part[], epilogue = Buffer.alloc(0)): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of parts) {
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type}\r\n\r\n`),
        value.bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`), epilogue);
  return Buffer.concat(chunks);
}
const headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

const pdf = (size = 300) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 15, 32), Buffer.from('\n%%EOF')]);
let n = 0;
const person = (): Part[] => [
  ['firstName', 'Una'],
  ['lastName', `Upload ${++n}`],
  ['email', `upload${n}@people.example`],
  ['badgeCategoryId', String(w.categoryA)],
];
const cvPart = (bytes = pdf(), filename = 'cv.pdf'): Part => [`customField[${field.cv}]`, { filename, type: 'application/pdf', bytes }];

// The app's own store: the disk under DATA_DIR on PGlite, the database on PostgreSQL.
const appFiles = () => appFileStore(t.database, dataDir);
const storedFiles = () => appFiles().keys();
const fileRows = () => t.db.select().from(files);
const post = (payload: Buffer | Readable, extraHeaders: Record<string, string> = {}) =>
  t.request(w.eventAdminA, { method: 'POST', url: '/api/admin/exhibitor-users', payload, headers: { ...headers, ...extraHeaders } });
const put = (id: number, payload: Buffer) => t.request(w.eventAdminA, { method: 'PUT', url: `/api/admin/exhibitor-users/${id}`, payload, headers });

/** Runs a request that must be refused and checks it left no badge, no file row and no bytes behind. */
async function refusedWithoutTrace(request: () => Promise<Awaited<ReturnType<TestApp['request']>>>) {
  const [badgesBefore, rowsBefore, bytesBefore] = [await t.db.select({ id: badges.id }).from(badges), await fileRows(), await storedFiles()];
  const res = await request();
  expect(await t.db.select({ id: badges.id }).from(badges)).toEqual(badgesBefore);
  expect(await fileRows()).toEqual(rowsBefore);
  expect(await storedFiles()).toEqual(bytesBefore);
  return res;
}

describe('badge form uploads', () => {
  it('creates a badge with a file, replaces it with a file alone, clears it, and removes the bytes of each file that goes', async () => {
    const created = await post(formBody([...person(), ['customFieldValues', JSON.stringify([{ customFieldId: field.note, value: 'hi' }])], cvPart()]));
    expect(created.statusCode).toBe(201);
    const badge = created.json().data;
    const first = badge.customFieldValues.find((v: { key: string }) => v.key === 'cv').file;
    expect(first).toMatchObject({ name: 'cv.pdf', contentType: 'application/pdf', sizeBytes: 300 });
    const [firstRow] = await t.db.select().from(files).where(eq(files.id, first.id));
    expect(await storedFiles()).toContain(firstRow!.storageKey);

    // A file without a customFieldValues part is an answer of its own.
    const replaced = await put(badge.id, formBody([cvPart(pdf(400), 'cv-2024.pdf')]));
    expect(replaced.statusCode).toBe(200);
    const second = replaced.json().data.customFieldValues.find((v: { key: string }) => v.key === 'cv').file;
    expect(second).toMatchObject({ name: 'cv-2024.pdf', sizeBytes: 400 });
    expect(replaced.json().data.customFieldValues.find((v: { key: string }) => v.key === 'note').value).toBe('hi');
    const [secondRow] = await t.db.select().from(files).where(eq(files.id, second.id));
    expect(await storedFiles()).not.toContain(firstRow!.storageKey);
    expect(await storedFiles()).toContain(secondRow!.storageKey);
    expect(await t.db.select().from(files).where(eq(files.id, first.id))).toEqual([]);

    const cleared = await t.request(w.eventAdminA, {
      method: 'PUT',
      url: `/api/admin/exhibitor-users/${badge.id}`,
      payload: { customFieldValues: [{ customFieldId: field.cv, value: null }] },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.customFieldValues.map((v: { key: string }) => v.key)).toEqual(['note']);
    expect(await storedFiles()).not.toContain(secondRow!.storageKey);
    expect(await t.db.select().from(files).where(eq(files.id, second.id))).toEqual([]);
  });

  it('removes a badge’s stored files when the badge is deleted', async () => {
    const created = (await post(formBody([...person(), cvPart()]))).json().data;
    const fileId = created.customFieldValues.find((v: { key: string }) => v.key === 'cv').file.id;
    const [row] = await t.db.select().from(files).where(eq(files.id, fileId));
    expect(await storedFiles()).toContain(row!.storageKey);
    const deleted = await t.request(w.eventAdminA, { method: 'DELETE', url: `/api/admin/exhibitor-users/${created.id}` });
    expect(deleted.statusCode).toBe(204);
    expect(await storedFiles()).not.toContain(row!.storageKey);
    expect(await t.db.select().from(files).where(eq(files.id, fileId))).toEqual([]);
  });

  it('keeps the old file when the transaction that would replace or delete it rolls back, and drops the new one', async () => {
    const created = (await post(formBody([...person(), cvPart()]))).json().data;
    const fileId = created.customFieldValues.find((v: { key: string }) => v.key === 'cv').file.id;
    const [row] = await t.db.select().from(files).where(eq(files.id, fileId));
    const filesService = createFilesService({ store: appFiles().store });
    // The same database, but every transaction fails at its very end, after all its writes.
    const failing = Object.create(t.db) as Database;
    failing.transaction = ((work: (tx: Database) => Promise<unknown>) =>
      t.db.transaction(async (tx) => {
        await work(tx);
        throw new Error('commit refused');
      })) as unknown as Database['transaction'];
    const service = createBadgesService({ db: failing, fieldValues: createFieldValues(filesService), files: filesService });
    const principal = await loadPrincipal(t.db, w.eventAdminA.id);
    const as = { principal: principal!, requestId: 'test', ip: '127.0.0.1' };

    const before = await storedFiles();
    const upload = await filesService.receive([pdf(500)], { originalName: 'new.pdf', field: 'customFieldValues.cv' });
    await expect(service.updateBadge(as, created.id, {}, new Map([[field.cv, upload]]))).rejects.toThrow('commit refused');
    await expect(service.deleteBadge(as, created.id)).rejects.toThrow('commit refused');
    expect(await storedFiles()).toEqual(before);
    expect(await storedFiles()).toContain(row!.storageKey);
    expect(await t.db.select({ id: files.id }).from(files).where(eq(files.id, fileId))).toEqual([{ id: fileId }]);
    const download = await t.request(w.eventAdminA, { method: 'GET', url: `/api/admin/exhibitor-users/${created.id}/files/${field.cv}` });
    expect(download.statusCode).toBe(200);
  });

  it('refuses a body over its cap, announced or chunked, writing nothing', async () => {
    // One PDF field of 4 KiB and one of 10 MiB: 25 MiB cannot be a valid form of this category.
    const big = formBody([...person(), cvPart()], Buffer.alloc(25 * 1024 * 1024, 0x61));
    const announced = await refusedWithoutTrace(() => post(big));
    expect(announced.statusCode).toBe(413);
    expect(announced.json().message).toMatch(/larger than \d+ MB/);

    // No Content-Length: the bytes are counted as they stream.
    const chunked = await refusedWithoutTrace(() => post(Readable.from((function* () {
      for (let at = 0; at < big.length; at += 64 * 1024) yield big.subarray(at, at + 64 * 1024);
    })())));
    expect(chunked.statusCode).toBe(413);

    const absurd = await refusedWithoutTrace(() => post(formBody(person()), { 'content-length': String(2 ** 40) }));
    expect(absurd.statusCode).toBe(413);
  });

  it('refuses a file over its field’s limit (413) or of a type the field does not take (400) as it streams', async () => {
    const tooBig = await refusedWithoutTrace(() => post(formBody([...person(), cvPart(pdf(5000))])));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().details).toEqual([{ field: 'customFieldValues.cv', message: 'The file is larger than 4 KB' }]);

    const photo = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)]);
    const wrongType = await refusedWithoutTrace(() => post(formBody([...person(), cvPart(photo, 'cv.pdf')])));
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().details[0]).toMatchObject({ field: 'customFieldValues.cv', message: 'This type of file is not accepted; use PDF' });

    const huge = Buffer.alloc(10 * 1024 * 1024 + 10, 0x61);
    const overAll = await refusedWithoutTrace(() =>
      post(formBody([...person(), [`customField[${field.photo}]`, { filename: 'a.txt', type: 'text/plain', bytes: huge }]])),
    );
    expect(overAll.statusCode).toBe(413);
  });

  it('refuses unknown, repeated and misplaced parts with 400 naming the part, writing nothing', async () => {
    const unknownFile = await refusedWithoutTrace(() => post(formBody([...person(), ['customField[999999]', { filename: 'a.pdf', type: 'application/pdf', bytes: pdf() }]])));
    expect(unknownFile.statusCode).toBe(400);
    expect(unknownFile.json().details[0].field).toBe('customField[999999]');

    const textField = await refusedWithoutTrace(() => post(formBody([...person(), [`customField[${field.note}]`, { filename: 'a.pdf', type: 'application/pdf', bytes: pdf() }]])));
    expect(textField.statusCode).toBe(400);
    expect(textField.json().details[0].field).toBe(`customField[${field.note}]`);

    const strangeField = await refusedWithoutTrace(() => post(formBody([...person(), ['isAdmin', 'true'], cvPart()])));
    expect(strangeField.statusCode).toBe(400);
    expect(strangeField.json().details[0].field).toBe('isAdmin');

    const twiceText = await refusedWithoutTrace(() => post(formBody([...person(), ['email', 'other@people.example'], cvPart()])));
    expect(twiceText.statusCode).toBe(400);
    expect(twiceText.json().details[0]).toEqual({ field: 'email', message: 'This part was sent twice' });

    // The first copy was already stored when the second came: it goes too.
    const twiceFile = await refusedWithoutTrace(() => post(formBody([...person(), cvPart(), cvPart()])));
    expect(twiceFile.statusCode).toBe(400);
    expect(twiceFile.json().details[0].field).toBe(`customField[${field.cv}]`);

    // As the review found it: a sub-account sending 20 file parts.
    const twenty = await refusedWithoutTrace(() =>
      t.request(w.subAccountA, {
        method: 'POST',
        url: '/api/admin/exhibitor-users',
        payload: formBody([...person(), ...Array.from({ length: 20 }, () => cvPart())]),
        headers,
      }),
    );
    expect(twenty.statusCode).toBe(400);
    expect(twenty.json().details[0]).toEqual({ field: `customField[${field.cv}]`, message: 'This part was sent twice' });

    const fileFirst = await refusedWithoutTrace(() => post(formBody([cvPart(), ...person()])));
    expect(fileFirst.statusCode).toBe(400);
    expect(fileFirst.json().details[0].field).toBe('badgeCategoryId');
  });

  it('refuses files for a badge out of reach before reading them', async () => {
    const res = await refusedWithoutTrace(() =>
      t.request(w.eventAdminB, { method: 'PUT', url: `/api/admin/exhibitor-users/${w.badgeA}`, payload: formBody([cvPart()]), headers }),
    );
    expect(res.statusCode).toBe(404);
    const foreignCategory = await refusedWithoutTrace(() =>
      t.request(w.eventAdminB, { method: 'POST', url: '/api/admin/exhibitor-users', payload: formBody([...person(), cvPart()]), headers }),
    );
    expect(foreignCategory.statusCode).toBe(400);
    expect(foreignCategory.json().details[0].field).toBe('badgeCategoryId');
  });

  it('discards the files of a form its schema then refuses', async () => {
    const res = await refusedWithoutTrace(async () => {
      const answer = await post(formBody([['firstName', ''], ['lastName', 'X'], ['email', 'not-an-email'], ['badgeCategoryId', String(w.categoryA)], cvPart()]));
      // The response is sent before the discard of files nothing claimed completes.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return answer;
    });
    expect(res.statusCode).toBe(400);
  });

  it('stores names without direction or control characters and sends them so', async () => {
    const created = await post(formBody([...person(), cvPart(pdf(), 'invoice\u202Egpj\u2066.pdf')]));
    expect(created.statusCode).toBe(201);
    const file = created.json().data.customFieldValues.find((v: { key: string }) => v.key === 'cv').file;
    expect(file.name).toBe('invoicegpj.pdf');
    const download = await t.request(w.eventAdminA, { method: 'GET', url: `/api/admin/exhibitor-users/${created.json().data.id}/files/${field.cv}` });
    expect(download.headers['content-disposition']).toBe("attachment; filename*=UTF-8''invoicegpj.pdf");
    // A name stored before the rule was tightened is cleaned on the way out.
    await t.db.update(files).set({ originalName: 'old\u202Efdp.exe' }).where(eq(files.id, file.id));
    const old = await t.request(w.eventAdminA, { method: 'GET', url: `/api/admin/exhibitor-users/${created.json().data.id}/files/${field.cv}` });
    expect(old.headers['content-disposition']).toBe("attachment; filename*=UTF-8''oldfdp.exe");
  });
});

describe('files of deleted owners, and the orphan sweep', () => {
  const store = () => appFiles().store;
  const keyOf = async (fileId: string) => (await t.db.select().from(files).where(eq(files.id, fileId)))[0]!.storageKey;
  const fileIdOf = (badge: { customFieldValues: { key: string; file: { id: string } | null }[] }) => badge.customFieldValues.find((v) => v.key === 'cv')!.file!.id;

  it('removes the files of an exhibitor’s badges with the exhibitor, and of an event with the event', async () => {
    const exhibitor = await t.createUser({ roles: [SYSTEM_ROLE_NAMES.exhibitor], eventId: w.eventA, companyId: w.companyA });
    const allocated = await t.request(w.eventAdminA, {
      method: 'PUT',
      url: '/api/admin/allocations',
      payload: { adminId: exhibitor.id, badgeCategoryId: w.categoryA, quantity: 2 },
    });
    expect(allocated.statusCode).toBeLessThan(300);
    const created = await t.request(exhibitor, { method: 'POST', url: '/api/admin/exhibitor-users', payload: formBody([...person(), cvPart()]), headers });
    expect(created.statusCode).toBe(201);
    const key = await keyOf(fileIdOf(created.json().data));
    expect(await storedFiles()).toContain(key);
    const deleted = await t.request(w.eventAdminA, { method: 'DELETE', url: `/api/admin/exhibitors/${exhibitor.id}` });
    expect(deleted.statusCode).toBe(204);
    expect(await storedFiles()).not.toContain(key);

    const [event] = await t.db.insert(events).values({ name: 'Short show', slug: `short-show-${Date.now()}` }).returning({ id: events.id });
    const service = createFilesService({ store: store() });
    const stored = await service.storeUpload(t.db, { eventId: event!.id, purpose: 'custom-field', adminId: null, originalName: 'a.txt', bytes: Buffer.from('event file') });
    expect(await storedFiles()).toContain(stored.storageKey);
    const gone = await t.request(w.systemAdmin, { method: 'DELETE', url: `/api/events/${event!.id}` });
    expect(gone.statusCode).toBe(204);
    expect(await storedFiles()).not.toContain(stored.storageKey);
  });

  it('sweeps old unreferenced rows and bytes without rows, and keeps referenced and recent files', async () => {
    const service = createFilesService({ store: store() });
    const hoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const backdate = (key: string) => appFiles().backdate(key, hoursAgo);
    const upload = (text: string) =>
      service.storeUpload(t.db, { eventId: w.eventA, purpose: 'custom-field', adminId: null, originalName: 'a.txt', bytes: Buffer.from(text) });

    const referenced = await keyOf(fileIdOf((await post(formBody([...person(), cvPart()]))).json().data));
    const orphan = await upload('orphan');
    const young = await upload('in flight');
    await t.db.update(files).set({ createdAt: hoursAgo }).where(inArray(files.storageKey, [referenced, orphan.storageKey]));
    await backdate(referenced);
    await backdate(orphan.storageKey);
    const lost = newStorageKey();
    await store().put(lost, Buffer.from('no row'));
    await backdate(lost);
    const fresh = newStorageKey();
    await store().put(fresh, Buffer.from('row coming'));
    // An unfinished write on disk (in the database one is like `lost`: parts without a row).
    if (appFiles().onDisk) {
      const partial = join(dataDir, 'files', `${lost.slice(0, 2)}/${'0'.repeat(32)}.1234.part`);
      await writeFile(partial, 'half');
      await utimes(partial, hoursAgo, hoursAgo);
    }

    expect(await sweepOrphanFiles({ db: t.db, store: store(), graceMs: 60 * 60 * 1000 })).toEqual({ rows: 1, bytes: 1 });
    const left = await storedFiles();
    expect(left).toEqual(expect.arrayContaining([referenced, young.storageKey, fresh]));
    expect(left).not.toContain(orphan.storageKey);
    expect(left).not.toContain(lost);
    expect(left.some((name) => name.endsWith('.part'))).toBe(false);
    expect((await t.db.select({ key: files.storageKey }).from(files).where(inArray(files.storageKey, [orphan.storageKey, young.storageKey]))).map((row) => row.key)).toEqual([
      young.storageKey,
    ]);
    await store().delete(fresh);
  });
});
