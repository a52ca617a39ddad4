import type { AllocationPurchase } from '@portal/shared/allocation-purchases';
import type { InvoiceSettings } from '@portal/shared/invoicing';
import { and, eq } from 'drizzle-orm';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Parse } from 'unzipper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { files } from '../../db/schema/files';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import { pdfImages } from '../../test/pdf';
import { sweepOrphanFiles } from '../files/file-sweeper';
import { createFilesService } from '../files/files.service';
import { appFileStore } from '../files/stored-files.test-support';
import { logoReader } from './issuer-logo';
import { renderMailAttachments } from './mail-attachments';
import { solidPng } from './png.test-support';

let t: TestApp;
let w: World;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portal-logo-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  w = await createWorld(t);
});
afterAll(() => t.close());

const url = (eventId: number) => `/api/events/${eventId}/invoicing/logo`;
const BOUNDARY = '----portal-logo-boundary';

function form(file: { bytes: Buffer; filename?: string; type?: string; field?: string }) {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field ?? 'logo'}"; filename="${file.filename ?? 'logo.png'}"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file.bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

const upload = (as: TestUser, eventId: number, file: Parameters<typeof form>[0]) =>
  t.request(as, { method: 'PUT', url: url(eventId), ...form(file) });
const settings = async (eventId = w.eventA): Promise<InvoiceSettings> =>
  (await t.request(w.eventAdminA, { method: 'GET', url: `/api/events/${eventId}/invoicing` })).json().data;
const logoFiles = () =>
  t.db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.purpose, 'logo'), eq(files.eventId, w.eventA)));

async function approvedPurchase(): Promise<AllocationPurchase> {
  const created = await t.request(w.exhibitorA, {
    method: 'POST',
    url: '/api/admin/allocation-purchases',
    payload: { badgeCategoryId: w.categoryA, quantity: 1 },
  });
  const approved = await t.request(w.eventAdminA, {
    method: 'PUT',
    url: `/api/admin/allocation-purchases/${created.json().data.id}`,
    payload: { action: 'approve', accepted_amount: 1 },
  });
  expect(approved.statusCode).toBe(200);
  return approved.json().data;
}

async function invoicePdfImages(purchaseId: number) {
  const res = await t.request(w.exhibitorA, {
    method: 'GET',
    url: `/api/admin/allocation-purchases/${purchaseId}/invoice.pdf`,
  });
  expect(res.statusCode).toBe(200);
  return pdfImages(res.rawPayload);
}

async function zipEntries(zip: Buffer): Promise<Buffer[]> {
  const entries: Buffer[] = [];
  for await (const entry of Readable.from([zip]).pipe(Parse({ forceStream: true }))) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.push(Buffer.concat(chunks));
  }
  return entries;
}

/** Sweeps as if the grace period had passed for everything stored so far. */
const sweep = () =>
  sweepOrphanFiles({
    db: t.db,
    store: appFileStore(t.database, dataDir).store,
    graceMs: 0,
    now: new Date(Date.now() + 60_000),
  });

describe('the issuer logo', () => {
  it('is uploaded as PNG, answered in the settings and served for the preview', async () => {
    const png = solidPng(280, 100);
    const res = await upload(w.eventAdminA, w.eventA, { bytes: png, filename: 'expo.png' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.logo).toEqual({ fileName: 'expo.png', contentType: 'image/png', sizeBytes: png.length });
    expect((await settings()).logo).toEqual(res.json().data.logo);

    const preview = await t.request(w.systemAdmin, { method: 'GET', url: url(w.eventA) });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
    expect(preview.rawPayload.equals(png)).toBe(true);

    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'update_invoicing_logo'));
    expect(audit).toMatchObject({ entityId: String(w.eventA), after: { logo: { fileName: 'expo.png' } } });
  });

  it.each<[string, Parameters<typeof form>[0], number, string]>([
    [
      'a text file called .png',
      { bytes: Buffer.from('not a picture at all, only words'), filename: 'logo.png' },
      400,
      'not accepted',
    ],
    [
      'a PDF',
      { bytes: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), filename: 'logo.pdf', type: 'application/pdf' },
      400,
      'not accepted',
    ],
    [
      'a broken PNG',
      { bytes: Buffer.concat([solidPng(2, 2).subarray(0, 16), Buffer.from('garbage garbage')]) },
      400,
      'cannot be read',
    ],
    ['a PNG too large', { bytes: Buffer.concat([solidPng(2, 2), Buffer.alloc(1024 * 1024)]) }, 413, 'larger than 1 MB'],
    ['a PNG of too many pixels', { bytes: solidPng(5000, 1) }, 400, 'at most 4000'],
    ['a file under another name', { bytes: solidPng(2, 2), field: 'picture' }, 400, 'Unexpected file'],
  ])('refuses %s, naming the field, and changes nothing', async (_name, file, status, message) => {
    const before = await settings();
    const stored = await logoFiles();
    const res = await upload(w.eventAdminA, w.eventA, file);
    expect(res.statusCode).toBe(status);
    expect(res.json().details).toEqual([
      expect.objectContaining({ field: file.field ?? 'logo', message: expect.stringContaining(message) }),
    ]);
    expect(await settings()).toEqual(before);
    expect(await logoFiles()).toEqual(stored);
  });

  it('refuses a form without a file', async () => {
    const res = await t.request(w.eventAdminA, { method: 'PUT', url: url(w.eventA), payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ field: 'logo' })]);
  });

  it('is the organiser’s alone: others are refused, another event’s organiser finds nothing', async () => {
    const before = await settings();
    for (const as of [w.exhibitorA, w.subAccountA, w.noRole]) {
      expect((await upload(as, w.eventA, { bytes: solidPng(2, 2) })).statusCode).toBe(403);
      expect((await t.request(as, { method: 'GET', url: url(w.eventA) })).statusCode).toBe(403);
      expect((await t.request(as, { method: 'DELETE', url: url(w.eventA) })).statusCode).toBe(403);
    }
    expect((await upload(w.eventAdminB, w.eventA, { bytes: solidPng(2, 2) })).statusCode).toBe(404);
    expect((await t.request(w.eventAdminB, { method: 'GET', url: url(w.eventA) })).statusCode).toBe(404);
    expect((await t.request(w.eventAdminB, { method: 'DELETE', url: url(w.eventA) })).statusCode).toBe(404);
    expect(await settings()).toEqual(before);
  });

  it('is frozen into each document at issue; a replaced logo stays while a document shows it', async () => {
    await upload(w.eventAdminA, w.eventA, { bytes: solidPng(300, 60), filename: 'first.png' });
    const first = await approvedPurchase();
    expect(await invoicePdfImages(first.id)).toHaveLength(1);
    const invoice = await t.request(w.exhibitorA, {
      method: 'GET',
      url: `/api/admin/allocation-purchases/${first.id}/invoice`,
    });
    const invoiceId: number = invoice.json().data.id;
    // The mail attachment is drawn with it too.
    const files = createFilesService({ store: appFileStore(t.database, dataDir).store });
    const [attached] = await renderMailAttachments(
      t.db,
      [{ kind: 'invoice', id: invoiceId, fileName: 'invoice.pdf' }],
      logoReader(t.db, files),
    );
    expect(await pdfImages(attached!.content)).toHaveLength(1);

    // Replaced twice: the second one no document shows, so the sweep takes it; the first stays.
    await upload(w.eventAdminA, w.eventA, { bytes: solidPng(40, 40, [0, 0, 200]), filename: 'second.png' });
    await upload(w.eventAdminA, w.eventA, { bytes: solidPng(50, 50, [0, 200, 0]), filename: 'third.png' });
    const before = (await logoFiles()).length;
    expect((await sweep()).rows).toBeGreaterThanOrEqual(1);
    expect((await logoFiles()).length).toBe(2);
    expect(before).toBeGreaterThan(2);
    expect((await settings()).logo?.fileName).toBe('third.png');
    expect(await invoicePdfImages(first.id)).toHaveLength(1);

    const removed = await t.request(w.eventAdminA, { method: 'DELETE', url: url(w.eventA) });
    expect(removed.statusCode).toBe(204);
    expect((await settings()).logo).toBeNull();
    expect((await t.request(w.eventAdminA, { method: 'GET', url: url(w.eventA) })).statusCode).toBe(404);
    const second = await approvedPurchase();
    expect(await invoicePdfImages(second.id)).toEqual([]);
    // The archive draws each document with the logo it was issued with.
    const zip = await t.request(w.eventAdminA, { method: 'GET', url: `/api/admin/events/${w.eventA}/invoices.zip` });
    const imageCounts = await Promise.all(
      (await zipEntries(zip.rawPayload)).map(async (pdf) => (await pdfImages(pdf)).length),
    );
    expect(imageCounts.sort()).toEqual([0, 1]);
    await sweep();
    // The first invoice still shows the logo it was issued with.
    expect(await logoFiles()).toHaveLength(1);
    expect(await invoicePdfImages(first.id)).toHaveLength(1);
  });
});
