import { documentTax, taxedAmount, taxTreatment } from '@portal/shared/vat';
import fc from 'fast-check';
import { create } from 'xmlbuilder2';
import { describe, expect, it } from 'vitest';
import { businessRuleErrors, en16931Errors, schemaErrors, XRECHNUNG_ID, xRechnungErrors } from '../../test/en16931';
import { issuer, domesticInvoice as invoice, structuredIssuer, xRechnungInvoice, zeroRated } from '../../test/documents';
import type { BillingDocument } from '@portal/shared/allocation-purchases';
import { BusinessRuleError } from '../../lib/errors';
import { eInvoiceProblem, renderEInvoiceXml, xRechnungMissing } from './e-invoice';

type Node = {
  localName: string;
  textContent: string | null;
  childNodes: ArrayLike<unknown>;
  getAttribute(name: string): string | null;
};

/** The texts at a path of local names ("SellerTradeParty/Name"), anywhere in the document. */
function texts(xml: string, path: string): string[] {
  const names = path.split('/');
  const found: string[] = [];
  const walk = (node: Node, depth: number) => {
    for (const child of Array.from(node.childNodes) as Node[]) {
      if ((child as { nodeType?: number }).nodeType !== 1) continue;
      if (child.localName === names[depth]) {
        if (depth === names.length - 1) found.push(child.textContent?.trim() ?? '');
        else walk(child, depth + 1);
      } else if (depth === 0) walk(child, 0);
    }
  };
  walk(create(xml).root().node as unknown as Node, 0);
  return found;
}

async function validXml(document: BillingDocument) {
  const xml = renderEInvoiceXml(document);
  expect(await en16931Errors(xml)).toEqual([]);
  return xml;
}

describe('renderEInvoiceXml', () => {
  it('writes a domestic invoice at 19 % that meets the schema and the business rules', async () => {
    const xml = await validXml(invoice());
    expect(texts(xml, 'ExchangedDocumentContext/GuidelineSpecifiedDocumentContextParameter/ID')).toEqual([
      'urn:cen.eu:en16931:2017',
    ]);
    expect(texts(xml, 'ExchangedDocument/TypeCode')).toEqual(['380']);
    expect(texts(xml, 'ExchangedDocument/ID')).toEqual(['INV-2026-000042']);
    expect(texts(xml, 'IssueDateTime/DateTimeString')).toEqual(['20260504']);
    expect(texts(xml, 'LineTotalAmount')).toEqual(['1000.00', '1000.00']);
    expect(texts(xml, 'NetPriceProductTradePrice/ChargeAmount')).toEqual(['500.00']);
    expect(texts(xml, 'TaxBasisTotalAmount')).toEqual(['1000.00']);
    expect(texts(xml, 'TaxTotalAmount')).toEqual(['190.00']);
    expect(texts(xml, 'GrandTotalAmount')).toEqual(['1190.00']);
    expect(texts(xml, 'DuePayableAmount')).toEqual(['1190.00']);
    expect(texts(xml, 'TotalPrepaidAmount')).toEqual([]);
    expect(texts(xml, 'ApplicableHeaderTradeSettlement/ApplicableTradeTax/CategoryCode')).toEqual(['S']);
    expect(texts(xml, 'ApplicableHeaderTradeSettlement/ApplicableTradeTax/RateApplicablePercent')).toEqual(['19']);
    // BT-9, BT-81/84/86, BT-83: due date, SEPA transfer to the issuer's account, the number as the reference.
    expect(texts(xml, 'SpecifiedTradePaymentTerms/DueDateDateTime/DateTimeString')).toEqual(['20260518']);
    expect(texts(xml, 'SpecifiedTradeSettlementPaymentMeans/TypeCode')).toEqual(['58']);
    expect(texts(xml, 'PayeePartyCreditorFinancialAccount/IBANID')).toEqual([issuer.iban]);
    expect(texts(xml, 'PayeeSpecifiedCreditorFinancialInstitution/BICID')).toEqual([issuer.bic]);
    expect(texts(xml, 'PaymentReference')).toEqual(['INV-2026-000042']);
    expect(texts(xml, 'SellerTradeParty/SpecifiedTaxRegistration/ID')).toEqual(['DE136695976']);
    expect(texts(xml, 'BuyerTradeParty/SpecifiedTaxRegistration/ID')).toEqual(['DE811569869']);
    expect(texts(xml, 'SellerTradeParty/SpecifiedLegalOrganization/ID')).toEqual(['HRB 12345']);
    expect(texts(xml, 'BillingSpecifiedPeriod/StartDateTime/DateTimeString')).toEqual(['20260901']);
    expect(texts(xml, 'IncludedNote/Content')).toEqual(['Messe Nord GmbH · Managing director: Jana Berg']);
  });

  it('writes the same bytes for the same document', () => {
    expect(renderEInvoiceXml(invoice())).toBe(renderEInvoiceXml(invoice()));
  });

  it('writes reverse charge (AE) with both VAT IDs and the reason', async () => {
    const xml = await validXml(
      zeroRated('AE', 'Reverse charge', {
        billTo: {
          ...invoice().billTo,
          companyName: 'SIA Rīgas Ūdens',
          country: 'LV',
          vatNumber: 'LV40003009497',
          address: 'Zigfrīda Annas Meierovica bulvāris 1, Rīga',
        },
      }),
    );
    expect(texts(xml, 'ApplicableHeaderTradeSettlement/ApplicableTradeTax/CategoryCode')).toEqual(['AE']);
    expect(texts(xml, 'ApplicableHeaderTradeSettlement/ApplicableTradeTax/ExemptionReason')).toEqual([
      'Reverse charge',
    ]);
    expect(texts(xml, 'ApplicableHeaderTradeSettlement/ApplicableTradeTax/RateApplicablePercent')).toEqual(['0']);
    expect(texts(xml, 'BuyerTradeParty/SpecifiedTaxRegistration/ID')).toEqual(['LV40003009497']);
    expect(texts(xml, 'BuyerTradeParty/PostalTradeAddress/CountryID')).toEqual(['LV']);
    expect(texts(xml, 'TaxTotalAmount')).toEqual(['0.00']);
  });

  it('writes an exempt (E) invoice with its exemption reason', async () => {
    const xml = await validXml(zeroRated('E', 'Exempt under § 4 Nr. 22 UStG'));
    expect(texts(xml, 'ApplicableHeaderTradeSettlement/ApplicableTradeTax/ExemptionReason')).toEqual([
      'Exempt under § 4 Nr. 22 UStG',
    ]);
    expect(texts(xml, 'SellerTradeParty/SpecifiedTaxRegistration/ID')).toEqual(['DE136695976']);
  });

  it('writes "not subject to VAT" (O) without VAT IDs or rates', async () => {
    const xml = await validXml(zeroRated('O', 'Not subject to VAT'));
    expect(texts(xml, 'SpecifiedTaxRegistration/ID')).toEqual([]);
    expect(texts(xml, 'RateApplicablePercent')).toEqual([]);
    expect(texts(xml, 'ApplicableHeaderTradeSettlement/ApplicableTradeTax/ExemptionReason')).toEqual([
      'Not subject to VAT',
    ]);
  });

  it('gives a document from before VAT (no exemption reason) the reason of its category', async () => {
    const xml = await validXml(
      zeroRated('O', 'unused', {
        tax: {
          ...zeroRated('O', '').tax,
          breakdown: [{ ...zeroRated('O', '').tax.breakdown[0]!, exemptionReason: null }],
        },
      }),
    );
    expect(texts(xml, 'ApplicableHeaderTradeSettlement/ApplicableTradeTax/ExemptionReason')).toEqual([
      'Not subject to VAT',
    ]);
  });

  it('writes two rates as two breakdown rows, each the sum of its lines', async () => {
    const xml = await validXml(
      invoice({
        lines: [
          { description: 'Stand', quantity: 3, unitPrice: 3333, total: 9999, vatCategory: 'S', vatRate: 19 },
          { description: 'Catering', quantity: 1, unitPrice: 1001, total: 1001, vatCategory: 'S', vatRate: 7 },
        ],
        totalAmount: 9999 + 1900 + 1001 + 70,
        tax: {
          pricesIncludeTax: false,
          reverseCharge: false,
          breakdown: [
            { category: 'S', rate: 19, net: 9999, tax: 1900, exemptionReason: null },
            { category: 'S', rate: 7, net: 1001, tax: 70, exemptionReason: null },
          ],
          net: 11000,
          tax: 1970,
        },
      }),
    );
    expect(texts(xml, 'ApplicableHeaderTradeSettlement/ApplicableTradeTax/BasisAmount')).toEqual(['99.99', '10.01']);
    expect(texts(xml, 'GrandTotalAmount')).toEqual(['129.70']);
  });

  it('writes JPY in whole yen', async () => {
    const xml = await validXml(
      invoice({
        currency: 'JPY',
        lines: [{ description: 'Stand', quantity: 3, unitPrice: 4500, total: 13500, vatCategory: 'S', vatRate: 10 }],
        totalAmount: 14850,
        tax: {
          pricesIncludeTax: false,
          reverseCharge: false,
          breakdown: [{ category: 'S', rate: 10, net: 13500, tax: 1350, exemptionReason: null }],
          net: 13500,
          tax: 1350,
        },
        issuer: { ...issuer, iban: null, bic: null },
      }),
    );
    expect(texts(xml, 'InvoiceCurrencyCode')).toEqual(['JPY']);
    expect(texts(xml, 'GrandTotalAmount')).toEqual(['14850']);
    expect(texts(xml, 'NetPriceProductTradePrice/ChargeAmount')).toEqual(['4500']);
    // No IBAN: the means are not stated, and no account is invented.
    expect(texts(xml, 'SpecifiedTradeSettlementPaymentMeans/TypeCode')).toEqual(['1']);
    expect(texts(xml, 'IBANID')).toEqual([]);
  });

  it('writes a credit note as type 381 referring to the invoice it credits', async () => {
    const xml = await validXml(
      invoice({
        kind: 'credit_note',
        number: 'CN-2026-000003',
        status: 'CREDITED',
        creditedInvoiceNumber: 'INV-2026-000042',
        notes: 'Cancelled by the exhibitor',
        dueDate: null,
        lines: [
          {
            description: 'Refund against invoice INV-2026-000042',
            quantity: 1,
            unitPrice: 50000,
            total: 50000,
            vatCategory: 'S',
            vatRate: 19,
          },
        ],
        totalAmount: 59500,
        tax: {
          pricesIncludeTax: false,
          reverseCharge: false,
          breakdown: [{ category: 'S', rate: 19, net: 50000, tax: 9500, exemptionReason: null }],
          net: 50000,
          tax: 9500,
        },
      }),
    );
    expect(texts(xml, 'ExchangedDocument/TypeCode')).toEqual(['381']);
    expect(texts(xml, 'InvoiceReferencedDocument/IssuerAssignedID')).toEqual(['INV-2026-000042']);
    expect(texts(xml, 'IncludedNote/Content')[0]).toBe('Cancelled by the exhibitor');
    expect(texts(xml, 'SpecifiedTradeSettlementPaymentMeans/TypeCode')).toEqual([]);
    expect(texts(xml, 'GrandTotalAmount')).toEqual(['595.00']);
  });

  it('writes a paid invoice with the total as paid and nothing due', async () => {
    const xml = await validXml(
      invoice({ status: 'PAID', paidAt: '2026-05-06T09:00:00.000Z', paymentReference: 'TR-778' }),
    );
    expect(texts(xml, 'TotalPrepaidAmount')).toEqual(['1190.00']);
    expect(texts(xml, 'DuePayableAmount')).toEqual(['0.00']);
    expect(texts(xml, 'SpecifiedTradePaymentTerms/DueDateDateTime/DateTimeString')).toEqual(['20260518']);
  });

  it('keeps Latvian, Greek and Cyrillic names and escapes markup', async () => {
    const names = {
      companyName: 'Āboliņš & Ķēniņš <SIA>',
      contactName: 'Ελένη Παπαδοπούλου',
    };
    const xml = await validXml(
      invoice({
        billTo: { ...invoice().billTo, ...names, address: 'ул. Тверская, 7, Москва' },
        issuer: { ...issuer, name: 'Ёлочка ООО' },
        lines: [
          { description: 'Стенд «Север»', quantity: 2, unitPrice: 50000, total: 100000, vatCategory: 'S', vatRate: 19 },
        ],
      }),
    );
    expect(xml).toContain('Āboliņš &amp; Ķēniņš &lt;SIA&gt;');
    expect(texts(xml, 'BuyerTradeParty/Name')).toEqual([names.companyName]);
    expect(texts(xml, 'BuyerTradeParty/DefinedTradeContact/PersonName')).toEqual([names.contactName]);
    expect(texts(xml, 'BuyerTradeParty/PostalTradeAddress/LineOne')).toEqual(['ул. Тверская, 7, Москва']);
    expect(texts(xml, 'SellerTradeParty/Name')).toEqual(['Ёлочка ООО']);
    expect(texts(xml, 'SpecifiedTradeProduct/Name')).toEqual(['Стенд «Север»']);
  });

  it('refuses, naming what is missing, what EN 16931 cannot carry', () => {
    const refusals: [BillingDocument, RegExp][] = [
      [invoice({ currency: 'KWD' }), /at most 2 decimals; KWD has 3/],
      [
        invoice({ issuer: null }),
        /names no issuer .*enter the issuer's name, country and VAT ID on the event's Invoicing page/,
      ],
      [invoice({ issuer: { ...issuer, country: null } }), /Enter the issuer's country on the event's Invoicing page/],
      [invoice({ issuer: { ...issuer, name: ' ' } }), /Enter the issuer's name/],
      [invoice({ issuer: { ...issuer, vatId: null } }), /Enter the issuer's VAT ID/],
      [invoice({ billTo: { ...invoice().billTo, country: null } }), /buyer's country is unknown/],
      [
        zeroRated('O', 'Not subject to VAT', { issuer: { ...issuer, registrationNumber: null } }),
        /registration number/,
      ],
      [zeroRated('AE', 'Reverse charge', { billTo: { ...invoice().billTo, vatNumber: null } }), /buyer's VAT number/],
    ];
    for (const [document, message] of refusals) {
      expect(eInvoiceProblem(document)).toMatch(message);
      expect(() => renderEInvoiceXml(document)).toThrow(message);
    }
    expect(eInvoiceProblem(invoice())).toBeNull();
  });
});

/** An XRechnung that meets the schema, EN 16931 and the BR-DE rules. */
async function validXRechnung(document: BillingDocument) {
  const xml = renderEInvoiceXml(document, 'xrechnung');
  expect([...(await en16931Errors(xml)), ...xRechnungErrors(xml)]).toEqual([]);
  return xml;
}

describe('renderEInvoiceXml as XRechnung 3.0', () => {
  it('writes an invoice that meets the schema, EN 16931 and the BR-DE rules', async () => {
    const xml = await validXRechnung(xRechnungInvoice());
    expect(texts(xml, 'GuidelineSpecifiedDocumentContextParameter/ID')).toEqual([XRECHNUNG_ID]);
    expect(texts(xml, 'ApplicableHeaderTradeAgreement/BuyerReference')).toEqual(['991-01234-56']);
    expect(texts(xml, 'SellerTradeParty/PostalTradeAddress/LineOne')).toEqual(['Messeplatz 1']);
    expect(texts(xml, 'SellerTradeParty/PostalTradeAddress/PostcodeCode')).toEqual(['20357']);
    expect(texts(xml, 'SellerTradeParty/PostalTradeAddress/CityName')).toEqual(['Hamburg']);
    expect(texts(xml, 'SellerTradeParty/DefinedTradeContact/PersonName')).toEqual(['Jana Berg']);
    expect(texts(xml, 'SellerTradeParty/DefinedTradeContact/TelephoneUniversalCommunication/CompleteNumber')).toEqual([
      '+49 40 1234567',
    ]);
    expect(texts(xml, 'SellerTradeParty/DefinedTradeContact/EmailURIUniversalCommunication/URIID')).toEqual([
      'billing@messe-nord.example',
    ]);
    expect(texts(xml, 'BuyerTradeParty/PostalTradeAddress/PostcodeCode')).toEqual(['10115']);
    expect(texts(xml, 'BuyerTradeParty/PostalTradeAddress/CityName')).toEqual(['Berlin']);
    expect(texts(xml, 'SpecifiedTradeSettlementPaymentMeans/TypeCode')).toEqual(['58']);
  });

  it('names the purchase as the buyer reference when the buyer gave none', async () => {
    const xml = await validXRechnung(xRechnungInvoice({ buyerReference: null }));
    expect(texts(xml, 'ApplicableHeaderTradeAgreement/BuyerReference')).toEqual(['Purchase 7']);
    // The plain EN 16931 file carries only a reference the buyer gave.
    expect(texts(renderEInvoiceXml(xRechnungInvoice({ buyerReference: null })), 'BuyerReference')).toEqual([]);
    expect(texts(renderEInvoiceXml(xRechnungInvoice()), 'BuyerReference')).toEqual(['991-01234-56']);
  });

  it('writes a credit note (381) with a credit transfer, and a paid invoice', async () => {
    const creditNote = await validXRechnung(
      xRechnungInvoice({
        kind: 'credit_note',
        number: 'CN-2026-000003',
        status: 'CREDITED',
        dueDate: null,
        creditedInvoiceNumber: 'INV-2026-000042',
      }),
    );
    expect(texts(creditNote, 'ExchangedDocument/TypeCode')).toEqual(['381']);
    expect(texts(creditNote, 'PayeePartyCreditorFinancialAccount/IBANID')).toEqual([issuer.iban]);
    expect(texts(creditNote, 'InvoiceReferencedDocument/IssuerAssignedID')).toEqual(['INV-2026-000042']);
    await validXRechnung(xRechnungInvoice({ status: 'PAID', paidAt: '2026-05-10T09:00:00.000Z' }));
  });

  it('gives every VAT breakdown a rate, "not subject to VAT" 0, and reverse charge both VAT IDs', async () => {
    const notSubject = await validXRechnung(
      zeroRated('O', 'Not subject to VAT', { issuer: structuredIssuer, billTo: xRechnungInvoice().billTo }),
    );
    expect(texts(notSubject, 'ApplicableHeaderTradeSettlement/ApplicableTradeTax/RateApplicablePercent')).toEqual(['0']);
    expect(texts(notSubject, 'SpecifiedLineTradeSettlement/ApplicableTradeTax/RateApplicablePercent')).toEqual([]);
    await validXRechnung(
      zeroRated('AE', 'Reverse charge', {
        issuer: structuredIssuer,
        billTo: { ...xRechnungInvoice().billTo, country: 'LV', vatNumber: 'LV40003009497', postcode: 'LV-1050', city: 'Rīga' },
      }),
    );
  });

  it('refuses with 422 naming each missing field rather than write a file that does not conform', () => {
    // An issuer as entered before the address's parts and the contact's name: EN 16931, not XRechnung.
    const older = invoice();
    expect(eInvoiceProblem(older)).toBeNull();
    expect(xRechnungMissing(older).map((missing) => missing.field)).toEqual([
      'issuer.postcode',
      'issuer.city',
      'issuer.contactName',
      'billTo.postcode',
      'billTo.city',
    ]);
    let refusal: unknown;
    try {
      renderEInvoiceXml(older, 'xrechnung');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(BusinessRuleError);
    expect((refusal as BusinessRuleError).statusCode).toBe(422);
    expect((refusal as BusinessRuleError).details).toEqual(
      expect.arrayContaining([{ field: 'issuer.postcode', message: "Enter the issuer's postcode on the event's Invoicing page" }]),
    );
    const lacking = xRechnungInvoice({ issuer: { ...structuredIssuer, phone: '12', iban: null, email: null } });
    expect(xRechnungMissing(lacking).map((missing) => missing.field)).toEqual(['issuer.phone', 'issuer.email', 'issuer.iban']);
    expect(xRechnungMissing(xRechnungInvoice())).toEqual([]);
    // What EN 16931 itself lacks is told first, as for the plain file.
    expect(() => renderEInvoiceXml(xRechnungInvoice({ issuer: null }), 'xrechnung')).toThrow(/names no issuer/);
  });
});

describe('the XRechnung checks the tests rely on', () => {
  it('find a missing buyer reference, seller contact, post codes, payment account and the wrong guideline', () => {
    const xml = renderEInvoiceXml(xRechnungInvoice(), 'xrechnung');
    const ids = (broken: string) => xRechnungErrors(broken).map((error) => error.split(':')[0]);
    expect(ids(xml.replace(/<ram:BuyerReference>.*<\/ram:BuyerReference>/, ''))).toEqual(['BR-DE-15']);
    expect(ids(xml.replace(/<ram:PersonName>Jana Berg<\/ram:PersonName>/, ''))).toEqual(['BR-DE-5']);
    expect(ids(xml.replace(/<ram:DefinedTradeContact>[\s\S]*?<\/ram:DefinedTradeContact>/, ''))).toEqual(['BR-DE-2']);
    expect(ids(xml.replace('<ram:PostcodeCode>20357</ram:PostcodeCode>', ''))).toEqual(['BR-DE-4']);
    expect(ids(xml.replace('<ram:CityName>Berlin</ram:CityName>', ''))).toEqual(['BR-DE-8']);
    expect(ids(xml.replace(/<ram:PayeePartyCreditorFinancialAccount>[\s\S]*?<\/ram:PayeePartyCreditorFinancialAccount>/, ''))).toEqual([
      'BR-DE-13',
      'BR-DE-23',
      'BR-DE-19',
    ]);
    expect(ids(xml.replace('DE89370400440532013000', 'DE89370400440532013001'))).toEqual(['BR-DE-19']);
    // The header's breakdown is the first with a calculated amount (lines have none).
    expect(ids(xml.replace(/(<ram:CalculatedAmount>[\s\S]*?)<ram:RateApplicablePercent>19<\/ram:RateApplicablePercent>/, '$1'))).toEqual([
      'BR-DE-14',
    ]);
    expect(ids(renderEInvoiceXml(xRechnungInvoice()))).toEqual(['BR-DE-21']);
  });
});

describe('renderEInvoiceXml over the VAT arithmetic', () => {
  it('meets the business rules for any price, quantity and rate, net or gross, domestic or reverse charge', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 0, max: 2700 }),
        fc.boolean(),
        fc.constantFrom('DE811569869', 'LV40003009497', null),
        fc.constantFrom('EUR', 'JPY'),
        (price, places, basisPoints, pricesIncludeTax, buyerVatId, currency) => {
          const treatment = taxTreatment(
            { rateBasisPoints: basisPoints, pricesIncludeTax, exemptionText: null, issuerCountry: 'DE' },
            buyerVatId,
          );
          const amount = taxedAmount(price * places, treatment);
          const tax = documentTax(treatment, amount);
          const row = tax.breakdown[0]!;
          // As issued: whole places at the net unit price where the net divides, else one line of money.
          const unit = amount.net % places === 0 ? amount.net / places : 0;
          const line = unit > 0 ? { quantity: places, unitPrice: unit } : { quantity: 1, unitPrice: amount.net };
          const document = invoice({
            currency,
            billTo: { ...invoice().billTo, vatNumber: buyerVatId, country: buyerVatId ? buyerVatId.slice(0, 2) : 'DE' },
            lines: [{ description: 'Stand', ...line, total: amount.net, vatCategory: row.category, vatRate: row.rate }],
            totalAmount: amount.gross,
            tax,
          });
          expect(businessRuleErrors(renderEInvoiceXml(document))).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the EN 16931 checks the tests rely on', () => {
  it('find a broken total, a missing VAT ID and a schema violation', async () => {
    const xml = renderEInvoiceXml(invoice());
    expect(businessRuleErrors(xml.replace('<ram:GrandTotalAmount>1190.00', '<ram:GrandTotalAmount>1190.01'))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^BR-CO-15/), expect.stringMatching(/^BR-CO-16/)]),
    );
    expect(businessRuleErrors(xml.replace('<ram:CalculatedAmount>190.00', '<ram:CalculatedAmount>189.00'))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^BR-CO-17/), expect.stringMatching(/^BR-CO-14/)]),
    );
    expect(
      businessRuleErrors(
        xml.replace(
          /<ram:SpecifiedTaxRegistration>\s*<ram:ID schemeID="VA">DE136695976<\/ram:ID>\s*<\/ram:SpecifiedTaxRegistration>/,
          '',
        ),
      ),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/^BR-S-2/)]));
    expect(await schemaErrors(xml.replace('<ram:TypeCode>380</ram:TypeCode>', '<ram:Kind>380</ram:Kind>'))).not.toEqual(
      [],
    );
  });
});
