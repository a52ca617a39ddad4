import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { renderDocumentPdf } from '/work/wt/pdf/apps/api/src/features/invoices/invoice-pdf';
const doc = {
  kind: 'invoice' as const, id: 1, number: 'INV-2026-000001', allocationPurchaseId: 1, eventId: 1,
  eventName: 'Ελληνικά Expo Москва 2026 with a very long name that should wrap around the header nicely and not overflow',
  issuedAt: '2026-11-26T00:00:00.000Z',
  billTo: { companyName: 'Rīgas Maiznieks SIA', contactName: 'Jānis Bērziņš', email: 'janis@example.lv', address: 'Łódź Żółć 12\nPříliš žluťoučký kůň', vatNumber: 'LV40003000000' },
  lines: [{ description: 'Badge Allocation: Exhibitor staff ' + 'x'.repeat(200), quantity: 8, unitPrice: 4500, total: 36000 }],
  currency: 'EUR', totalAmount: 36000, status: 'CANCELLED' as const, notes: 'Some notes\nsecond line',
  creditedInvoiceNumber: null, cancelledByCreditNoteNumber: 'CN-2026-000001', replacedByInvoiceNumber: 'INV-2026-000002',
};
await pipeline(renderDocumentPdf(doc), createWriteStream('/tmp/pdf/smoke.pdf'));
