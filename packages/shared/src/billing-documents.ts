import { z } from 'zod';
import { invoiceFigures, type BillingDocument, type InvoiceFigures } from './allocation-purchases';
import { idSchema, isoDateInput, whenParsed } from './common';

export type DocumentFigures = Omit<InvoiceFigures, 'status'> & { status: BillingDocument['status'] };

/**
 * What an issued invoice or credit note shows, through the shared `invoiceFigures` so that the
 * spec's fallbacks (N/A, the default description) are applied by the one rule every rendering
 * uses: the browser's document and PDF, and the server's PDF. The document's total is already the
 * amount to pay (or credit), frozen when it was issued; spec §3 gives an invoice one description line.
 */
export function documentFigures(document: BillingDocument): DocumentFigures {
  const [line] = document.lines;
  const figures = invoiceFigures({
    quantity: line?.quantity ?? 0,
    unitPrice: line?.unitPrice ?? 0,
    totalPrice: line?.total ?? document.totalAmount,
    amount_to_pay: document.totalAmount,
    is_paid: document.status === 'PAID',
    description: line?.description,
    badgeCategory: { event: { name: document.eventName } },
    // The document keeps the contact's full name in one field.
    admin: {
      companyName: document.billTo.companyName,
      firstName: document.billTo.contactName,
      email: document.billTo.email,
    },
  });
  return { ...figures, status: document.status };
}

/**
 * The e-invoice's flavour: the plain EN 16931 CII (the file the PDF embeds), or XRechnung 3.0, the
 * German CIUS of EN 16931 in the same syntax, which German public buyers require.
 */
export const E_INVOICE_PROFILES = ['en16931', 'xrechnung'] as const;
export type EInvoiceProfile = (typeof E_INVOICE_PROFILES)[number];

export const eInvoiceQuerySchema = z.object({
  profile: z.enum(E_INVOICE_PROFILES, { error: 'Use en16931 or xrechnung' }).default('en16931'),
});

/** The e-invoice's file: `INV-2026-000042.xml`, or `INV-2026-000042-xrechnung.xml`. */
export const eInvoiceFileName = (document: Pick<BillingDocument, 'number'>, profile: EInvoiceProfile = 'en16931') =>
  profile === 'xrechnung' ? `${document.number}-xrechnung.xml` : `${document.number}.xml`;

/** A document's file: its number, which is unique, then the format's extension. */
export function documentFileName(document: Pick<BillingDocument, 'number'>, extension = 'pdf'): string {
  return `${document.number}.${extension}`;
}

/**
 * The filters of an event's invoice archive (`GET /admin/events/{eventId}/invoices.zip`). Each only
 * narrows what the caller reaches; `from` and `to` are issue days, both included.
 */
export const invoiceArchiveQuerySchema = z
  .object({
    exhibitorId: idSchema.optional(),
    from: isoDateInput.optional(),
    to: isoDateInput.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The last issue day comes on or after the first',
    path: ['to'],
    ...whenParsed('from', 'to'),
  });
export type InvoiceArchiveQuery = z.infer<typeof invoiceArchiveQuerySchema>;
