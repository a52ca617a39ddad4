import { eq } from 'drizzle-orm';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/files';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import { invoicedPurchase } from '../allocation-purchases/purchase-fixtures';
import { solidPng } from './png.test-support';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: await mkdtemp(join(tmpdir(), 'portal-document-logo-')) });
  w = await createWorld(t);
});
afterAll(() => t.close());

const BOUNDARY = '----portal-document-logo';

function uploadLogo(eventId: number, bytes: Buffer) {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`;
  return t.request(w.eventAdminB, {
    method: 'PUT',
    url: `/api/events/${eventId}/invoicing/logo`,
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
}

const get = (as: TestUser, url: string) => t.request(as, { method: 'GET', url });

describe('a document’s logo', () => {
  const first = solidPng(280, 100);
  let purchase: { id: number; creditNoteId: number };
  let invoiceLogo: string;
  let creditNoteLogo: string;

  beforeAll(async () => {
    expect((await uploadLogo(w.eventB, first)).statusCode).toBe(200);
    purchase = await invoicedPurchase(t, w);
    invoiceLogo = `/api/admin/allocation-purchases/${purchase.id}/invoice/logo`;
    creditNoteLogo = `/api/admin/credit-notes/${purchase.creditNoteId}/logo`;
  });

  it('is served as uploaded, kept by no cache, to whoever reads the document; its JSON names it', async () => {
    for (const [as, url] of [
      [w.exhibitorB, invoiceLogo],
      [w.eventAdminB, invoiceLogo],
      [w.eventAdminB, creditNoteLogo],
    ] as const) {
      const res = await get(as, url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.rawPayload.equals(first)).toBe(true);
    }
    const invoice = await get(w.exhibitorB, `/api/admin/allocation-purchases/${purchase.id}/invoice`);
    expect(invoice.json().data.logoFileId).toEqual(expect.any(String));
  });

  it('stays the one the document was issued with after the event’s logo is replaced', async () => {
    expect((await uploadLogo(w.eventB, solidPng(40, 40, [0, 0, 200]))).statusCode).toBe(200);
    expect((await get(w.exhibitorB, invoiceLogo)).rawPayload.equals(first)).toBe(true);
    expect((await get(w.eventAdminB, creditNoteLogo)).rawPayload.equals(first)).toBe(true);
  });

  it('is refused without the permission and not found outside the reader’s reach', async () => {
    expect((await get(w.noRole, invoiceLogo)).statusCode).toBe(403);
    expect((await get(w.noRole, creditNoteLogo)).statusCode).toBe(403);
    // Another exhibitor of the event's, another event's organiser.
    expect((await get(w.exhibitorA, invoiceLogo)).statusCode).toBe(404);
    expect((await get(w.eventAdminA, invoiceLogo)).statusCode).toBe(404);
    expect((await get(w.eventAdminA, creditNoteLogo)).statusCode).toBe(404);
  });

  it('is not found for a document issued without a logo, nor once its file is gone', async () => {
    const created = await t.request(w.exhibitorA, {
      method: 'POST',
      url: '/api/admin/allocation-purchases',
      payload: { badgeCategoryId: w.categoryA, quantity: 1 },
    });
    const id: number = created.json().data.id;
    await t.request(w.eventAdminA, {
      method: 'PUT',
      url: `/api/admin/allocation-purchases/${id}`,
      payload: { action: 'approve', accepted_amount: 1 },
    });
    const invoice = await get(w.exhibitorA, `/api/admin/allocation-purchases/${id}/invoice`);
    expect(invoice.json().data.logoFileId).toBeNull();
    expect((await get(w.exhibitorA, `/api/admin/allocation-purchases/${id}/invoice/logo`)).statusCode).toBe(404);

    const frozen = await get(w.exhibitorB, `/api/admin/allocation-purchases/${purchase.id}/invoice`);
    await t.db.delete(files).where(eq(files.id, frozen.json().data.logoFileId));
    expect((await get(w.exhibitorB, invoiceLogo)).statusCode).toBe(404);
  });
});
