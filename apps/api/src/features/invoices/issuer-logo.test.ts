import { buffer } from 'node:stream/consumers';
import { Readable } from 'node:stream';
import type { BillingDocument } from '@portal/shared/allocation-purchases';
import { untaxed } from '@portal/shared/vat';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { pdfImages } from '../../test/pdf';
import type { FilesService } from '../files/files.service';
import { renderDocumentPdf } from './invoice-pdf';
import { pictureDimensions } from '../files/picture-upload';
import { logoReader } from './issuer-logo';
import { solidPng } from './png.test-support';

const document: BillingDocument = {
  kind: 'invoice',
  id: 1,
  number: 'INV-2026-000042',
  allocationPurchaseId: 7,
  eventId: 1,
  eventName: 'Trade Fair 2026',
  issuedAt: '2026-05-04T10:00:00.000Z',
  billTo: { companyName: 'Acme', contactName: null, email: null, address: null, street: null, postcode: null, city: null, vatNumber: null, country: null },
  lines: [
    {
      description: 'Badge Allocation: Exhibitor staff',
      quantity: 1,
      unitPrice: 4500,
      total: 4500,
      vatCategory: 'O',
      vatRate: 0,
    },
  ],
  currency: 'USD',
  totalAmount: 4500,
  tax: untaxed(4500),
  status: 'PENDING',
  notes: null,
  creditedInvoiceNumber: null,
  cancelledByCreditNoteNumber: null,
  replacedByInvoiceNumber: null,
  issuer: null,
  footer: null,
  buyerReference: null,
  dueDate: null,
  supplyPeriod: null,
  paidAt: null,
  paymentReference: null,
  logoFileId: 'logo-1',
};

describe('the issuer logo on the server PDF', () => {
  it('is drawn when given, and the PDF has no picture without it', async () => {
    const withLogo = await pdfImages(await buffer(renderDocumentPdf(document, { logo: solidPng(300, 80) })));
    expect(withLogo).toHaveLength(1);
    expect(withLogo[0]).toMatch(/^\s*1\s+0\s+image\s+300\s+80\s/);
    expect(await pdfImages(await buffer(renderDocumentPdf(document)))).toEqual([]);
  });

  it('reads the size of PNG and JPEG pictures, and nothing of a broken one', () => {
    expect(pictureDimensions(solidPng(12, 5))).toEqual({ width: 12, height: 5 });
    // A baseline JPEG header: SOI, then a start-of-frame of 16 × 9 pixels.
    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x09, 0x00, 0x10, 0x03, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1,
    ]);
    expect(pictureDimensions(jpeg)).toEqual({ width: 16, height: 9 });
    expect(pictureDimensions(Buffer.concat([solidPng(2, 2).subarray(0, 12), Buffer.from('broken')]))).toBeNull();
  });
});

describe('logoReader', () => {
  it('reads each logo file once however many documents show it, and leaves out a logo that is gone', async () => {
    const opened: string[] = [];
    const files = {
      openFile: (_db: Database, id: string) => {
        opened.push(id);
        if (id === 'gone') return Promise.reject(new NotFoundError('File'));
        return Promise.resolve({ content: Readable.from([Buffer.from(`bytes of ${id}`)]) });
      },
    } as unknown as FilesService;
    const read = logoReader({} as Database, files);
    const logos = await Promise.all(
      ['logo-1', 'logo-1', 'logo-2', 'logo-1', 'gone', null].map((logoFileId) => read({ logoFileId, eventId: 1 })),
    );
    expect(logos.map((logo) => logo?.toString())).toEqual([
      'bytes of logo-1',
      'bytes of logo-1',
      'bytes of logo-2',
      'bytes of logo-1',
      undefined,
      undefined,
    ]);
    expect(opened).toEqual(['logo-1', 'logo-2', 'gone']);
  });
});
