import { buffer } from 'node:stream/consumers';
import type { BillingDocument } from '@portal/shared/allocation-purchases';
import { untaxed } from '@portal/shared/vat';
import { describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import { domesticInvoice, xRechnungInvoice } from '../../test/documents';
import { embeddedFiles, poppler, pdfText, xmpMetadata } from '../../test/pdf';
import { renderEInvoiceXml } from './e-invoice';
import { renderDocumentPdf } from './invoice-pdf';

const invoice = (overrides: Partial<BillingDocument> = {}): BillingDocument => ({
  kind: 'invoice',
  id: 1,
  number: 'INV-2026-000042',
  allocationPurchaseId: 7,
  eventId: 1,
  eventName: 'Trade Fair 2026',
  issuedAt: '2026-05-04T10:00:00.000Z',
  billTo: { companyName: 'Acme', contactName: 'Ann Lee', email: 'ann@acme.example', address: null, street: null, postcode: null, city: null, vatNumber: null, country: null },
  lines: [{ description: 'Badge Allocation: Exhibitor staff', quantity: 3, unitPrice: 4500, total: 13500, vatCategory: 'O', vatRate: 0 }],
  currency: 'USD',
  totalAmount: 13500,
  tax: untaxed(13500),
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
  logoFileId: null,
  ...overrides,
});

const render = (document: BillingDocument) => buffer(renderDocumentPdf(document));
/** pdftotext breaks lines where the page does: compare words, not layout. */
const words = (text: string) => text.replace(/\s+/g, ' ');

describe('renderDocumentPdf', () => {
  it('writes the invoice as selectable text, with the money in the event’s currency', async () => {
    const usd = words(await pdfText(await render(invoice())));
    for (const expected of [
      'INVOICE',
      'Invoice ID',
      'INV-2026-000042',
      '4 May 2026',
      'Trade Fair 2026',
      'BILL TO',
      'Acme',
      'Ann Lee',
      'ann@acme.example',
      'Badge Allocation: Exhibitor staff',
      '$45.00',
      '$135.00',
      'PENDING',
      'Total amount',
    ]) {
      expect(usd).toContain(expected);
    }
    const eur = words(
      await pdfText(
        await render(
          invoice({
            currency: 'EUR',
            lines: [{ description: 'Stand', quantity: 1, unitPrice: 7100, total: 7100, vatCategory: 'O', vatRate: 0 }],
            totalAmount: 7100,
            status: 'PAID',
          }),
        ),
      ),
    );
    expect(eur).toContain('€71.00');
    expect(eur).toContain('PAID');
    const jpy = words(
      await pdfText(
        await render(
          invoice({
            currency: 'JPY',
            lines: [{ description: 'Stand', quantity: 1, unitPrice: 4500, total: 4500, vatCategory: 'O', vatRate: 0 }],
            totalAmount: 4500,
          }),
        ),
      ),
    );
    expect(jpy).toContain('¥4,500');
  });

  it('reads back names in Latvian, Polish, Czech, Greek and Cyrillic, from an embedded font', async () => {
    const pdf = await render(
      invoice({
        eventName: 'Ελληνικά Expo Москва',
        billTo: {
          companyName: 'Rīgas Maiznieks SIA',
          contactName: 'Jānis Bērziņš',
          email: 'janis@maiznieks.example',
          address: 'Łódź Żółć 5',
          street: null,
          postcode: null,
          city: null,
          vatNumber: 'LV40003000000',
        country: null,
      },
        notes: 'Příliš žluťoučký kůň',
      }),
    );
    const text = words(await pdfText(pdf));
    for (const name of [
      'Rīgas Maiznieks SIA',
      'Jānis Bērziņš',
      'Łódź Żółć',
      'Příliš žluťoučký kůň',
      'Ελληνικά',
      'Москва',
      'VAT LV40003000000',
    ]) {
      expect(text).toContain(name);
    }
    // Every font is embedded (a subset of DejaVu Sans), as PDF/A asks, and the file says it is PDF/A-3b.
    const fonts = (await poppler('pdffonts', pdf)).split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatch(/DejaVuSans.*\byes\s+yes\s+yes\b/);
    expect(pdf.toString('latin1')).toMatch(
      /<pdfaid:part>3<\/pdfaid:part>\s*<pdfaid:conformance>B<\/pdfaid:conformance>/,
    );
    expect(await poppler('pdfinfo', pdf)).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
  });

  it('says what cancelled an invoice and what a credit note credits', async () => {
    const cancelled = words(
      await pdfText(
        await render(
          invoice({
            status: 'CANCELLED',
            cancelledByCreditNoteNumber: 'CN-2026-000003',
            replacedByInvoiceNumber: 'INV-2026-000043',
          }),
        ),
      ),
    );
    expect(cancelled).toContain('CANCELLED');
    expect(cancelled).toContain('Cancelled by credit note CN-2026-000003; invoice INV-2026-000043 replaces it.');
    const alone = words(
      await pdfText(await render(invoice({ status: 'CANCELLED', cancelledByCreditNoteNumber: 'CN-2026-000003' }))),
    );
    expect(alone).toContain('Cancelled by credit note CN-2026-000003.');
    const creditNote = words(
      await pdfText(
        await render(
          invoice({
            kind: 'credit_note',
            number: 'CN-2026-000003',
            status: 'CREDITED',
            creditedInvoiceNumber: 'INV-2026-000042',
            notes: 'Two shifts cancelled',
          }),
        ),
      ),
    );
    for (const expected of [
      'CREDIT NOTE',
      'Credit note ID',
      'CN-2026-000003',
      'Credits invoice',
      'INV-2026-000042',
      'CREDITED',
      'Total credited',
      'NOTES',
      'Two shifts cancelled',
    ]) {
      expect(creditNote).toContain(expected);
    }
  });

  it('wraps long text and carries many lines over to further pages, losing none', async () => {
    const longWord = 'Überlänge'.repeat(30);
    const lines = Array.from({ length: 60 }, (_, i) => ({
      description: `Line ${i + 1} ${longWord}`,
      quantity: 1,
      unitPrice: 100,
      total: 100,
      vatCategory: 'O' as const,
      vatRate: 0,
    }));
    const pdf = await render(
      invoice({ lines, totalAmount: 6000, notes: 'N '.repeat(2000).trim(), eventName: 'E'.repeat(300) }),
    );
    const info = await poppler('pdfinfo', pdf);
    expect(Number(/Pages:\s+(\d+)/.exec(info)![1])).toBeGreaterThan(2);
    const text = await pdfText(pdf);
    for (let i = 1; i <= 60; i++) expect(text).toContain(`Line ${i} `);
    // The table's heading comes again on the page the lines carry over to.
    expect(text.match(/DESCRIPTION/g)!.length).toBeGreaterThan(1);
    expect(words(text)).toContain('$60.00');
    // A word longer than its column is broken within the column rather than drawn past it.
    expect(text).not.toContain(longWord);
  });

  it('names the issuer beside the buyer, the supply, due and paid dates, and the footer', async () => {
    const issuer = {
      name: 'Messe Rīga SIA',
      address: 'Ķīpsalas iela 8',
      street: null,
      postcode: null,
      city: null,
      country: 'LV',
      vatId: 'LV40003245752',
      registrationNumber: '40003245752',
      iban: 'LV80BANK0000435195001',
      bic: 'HABALV22',
      contactName: null,
      email: 'billing@messe.example',
      phone: '+371 6706 5000',
    };
    const pending = words(
      await pdfText(
        await render(
          invoice({
            issuer,
            footer: 'Bank transfer within 14 days, quoting the invoice number.',
            dueDate: '2026-05-18',
            supplyPeriod: { start: '2027-03-10', end: '2027-03-12' },
          }),
        ),
      ),
    );
    for (const expected of [
      'ISSUED BY',
      'Messe Rīga SIA',
      'Ķīpsalas iela 8',
      'VAT LV40003245752',
      'Reg. no. 40003245752',
      'IBAN LV80BANK0000435195001 · BIC HABALV22',
      'billing@messe.example · +371 6706 5000',
      'BILL TO',
      'Supply date',
      '10 March 2027 – 12 March 2027',
      'Due date',
      '18 May 2026',
      'Bank transfer within 14 days, quoting the invoice number.',
    ]) {
      expect(pending).toContain(expected);
    }
    const paid = words(
      await pdfText(
        await render(invoice({ issuer, status: 'PAID', dueDate: '2026-05-18', paidAt: '2026-05-06T08:00:00.000Z' })),
      ),
    );
    expect(paid).toContain('Paid on');
    expect(paid).toContain('6 May 2026');
    // Paid: no longer due.
    expect(paid).not.toContain('Due date');
  });

  it('prints the addresses in their parts, the billing contact and the buyer reference', async () => {
    const text = words(await pdfText(await render(xRechnungInvoice())));
    for (const expected of [
      'Messeplatz 1',
      '20357 Hamburg',
      'Jana Berg · billing@messe-nord.example · +49 40 1234567',
      'Hauptstraße 5',
      '10115 Berlin',
      'Your reference 991-01234-56',
    ])
      expect(text).toContain(expected);
    // An issuer saved before the parts existed prints its one line, and no reference is made up.
    const older = words(await pdfText(await render(domesticInvoice())));
    expect(older).toContain('Messeplatz 1, 20357 Hamburg');
    expect(older).not.toContain('Your reference');
  });

  it('embeds the EN 16931 XML as factur-x.xml, announced in the XMP as Factur-X EN 16931', async () => {
    const document = domesticInvoice({ status: 'PAID', paidAt: '2026-05-06T09:00:00.000Z' });
    const pdf = await render(document);
    const files = await embeddedFiles(pdf);
    expect([...files.keys()]).toEqual(['factur-x.xml']);
    expect(files.get('factur-x.xml')!.equals(Buffer.from(renderEInvoiceXml(document), 'utf8'))).toBe(true);
    const xmp = await xmpMetadata(pdf);
    expect(xmp).toMatch(/<fx:DocumentType>INVOICE<\/fx:DocumentType>/);
    expect(xmp).toMatch(/<fx:DocumentFileName>factur-x\.xml<\/fx:DocumentFileName>/);
    expect(xmp).toMatch(/<fx:Version>1\.0<\/fx:Version>/);
    expect(xmp).toMatch(/<fx:ConformanceLevel>EN 16931<\/fx:ConformanceLevel>/);
    expect(xmp).toMatch(/<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#<\/pdfaSchema:namespaceURI>/);
    expect(xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(() => create(xmp)).not.toThrow();
    // PDF/A-3 associated file: related to the document as its alternative, typed as XML.
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/AFRelationship \/Alternative/);
    expect(raw).toMatch(/\/Subtype \/text#2Fxml/);
    expect(raw).toMatch(/\/AF \[\d+ 0 R\]/);
  });

  it('draws a document that cannot be an e-invoice without the XML, and completely', async () => {
    for (const document of [invoice(), domesticInvoice({ issuer: { ...domesticInvoice().issuer!, country: null } })]) {
      const pdf = await render(document);
      expect((await embeddedFiles(pdf)).size).toBe(0);
      expect(await xmpMetadata(pdf)).not.toContain('fx:DocumentType');
      expect(words(await pdfText(pdf))).toContain('INV-2026-000042');
    }
  });
});
