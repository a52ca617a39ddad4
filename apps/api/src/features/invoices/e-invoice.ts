import type { BillingDocument } from '@portal/shared/allocation-purchases';
import { documentFigures, type EInvoiceProfile } from '@portal/shared/billing-documents';
import type { FieldError } from '@portal/shared/common';
import { currencyExponent } from '@portal/shared/currencies';
import { moneyFromMinorUnits } from '@portal/shared/money';
import { VAT_CATEGORY_LABELS, type VatCategory } from '@portal/shared/vat';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { BusinessRuleError } from '../../lib/errors';

/**
 * The EN 16931 e-invoice of an issued invoice or credit note, in the UN/CEFACT Cross Industry
 * Invoice syntax (CII D16B) of Factur-X/ZUGFeRD's EN 16931 profile: the file embedded in the
 * server's PDF as `factur-x.xml` and downloadable on its own. It is written from the same frozen
 * `BillingDocument` as the PDF's picture, so the two cannot disagree, and it holds nothing read at
 * the time of writing (no clock), so the same document always gives the same bytes.
 *
 * What EN 16931 requires and a document may lack (an issuer, a country) is told by
 * `eInvoiceProblem` before anything is written; the business rules that the document's own
 * figures must meet (totals, VAT breakdown) are checked by the tests against the rules' texts.
 *
 * The `xrechnung` profile writes the same document as XRechnung 3.0 (the German CIUS, BR-DE
 * rules): its own specification id, the buyer reference always (`buyerReferenceOf`), a credit
 * transfer on credit notes too, and a rate on every VAT breakdown. What it needs beyond EN 16931
 * (postcode, city, contact) is told by `xRechnungMissing`.
 */

export const FACTUR_X_FILE_NAME = 'factur-x.xml';
/** BT-24: the plain EN 16931 core (Factur-X's EN 16931 profile), or XRechnung 3.0 built on it (BR-DE-21). */
const SPECIFICATION_IDS: Record<EInvoiceProfile, string> = {
  en16931: 'urn:cen.eu:en16931:2017',
  xrechnung: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
};

const NAMESPACES = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
} as const;

/** UNTDID 1001: commercial invoice, credit note. */
const TYPE_CODES = { invoice: '380', credit_note: '381' } as const;
/** UNTDID 4461: SEPA credit transfer when the issuer has an IBAN; otherwise the means are not stated. */
const PAYMENT_MEANS = { sepaCreditTransfer: '58', notDefined: '1' } as const;
/** UN/ECE Recommendation 20: "one", a place on a badge allocation counted as a piece. */
const UNIT_CODE = 'C62';
/** The categories whose breakdown says why no VAT is charged. */
const EXEMPT_CATEGORIES: ReadonlySet<VatCategory> = new Set(['E', 'AE', 'O']);
/** EN 16931 amounts carry at most two decimals (BR-DEC). */
const MAX_DECIMALS = 2;

const blank = (value: string | null | undefined): value is null | undefined | '' => !value?.trim();

/**
 * What keeps the document from being a valid EN 16931 e-invoice, as one sentence that says where to
 * fix it for the documents still to come, or null when nothing does.
 */
export function eInvoiceProblem(document: BillingDocument): string | null {
  const { issuer, billTo } = document;
  const where = "on the event's Invoicing page";
  if (currencyExponent(document.currency) > MAX_DECIMALS)
    return `EN 16931 e-invoices carry amounts with at most ${MAX_DECIMALS} decimals; ${document.currency} has ${currencyExponent(document.currency)}, so this document has no e-invoice (its PDF is complete)`;
  if (!issuer)
    return `This document names no issuer (none was entered when it was issued): enter the issuer's name, country and VAT ID ${where} for the documents to come`;
  if (blank(issuer.name)) return `Enter the issuer's name ${where}`;
  if (blank(issuer.country)) return `Enter the issuer's country ${where}`;
  if (blank(billTo.companyName) && blank(billTo.contactName))
    return "The buyer's name is missing: enter the company's name";
  if (blank(billTo.country)) return "The buyer's country is unknown: enter the company's country or its VAT number";
  const categories = new Set(document.tax.breakdown.map((row) => row.category));
  if (categories.has('O')) {
    // BR-O-2 forbids VAT IDs beside "not subject to VAT", so BR-CO-26 needs the registration number.
    if (blank(issuer.registrationNumber)) return `Enter the issuer's registration number ${where}`;
  } else if (blank(issuer.vatId)) return `Enter the issuer's VAT ID ${where}`;
  if (categories.has('AE') && blank(billTo.vatNumber))
    return "A reverse-charge document needs the buyer's VAT number: enter it on the company";
  return null;
}

/**
 * BT-10 as XRechnung writes it (BR-DE-15): the reference the buyer gave with its request (a
 * Leitweg-ID, an order number), else the purchase's own, which the buyer sees on its purchase.
 */
const buyerReferenceOf = (document: Pick<BillingDocument, 'buyerReference' | 'allocationPurchaseId'>) =>
  document.buyerReference?.trim() || `Purchase ${document.allocationPurchaseId}`;

/** Whether a phone number has the three digits BR-DE-27 asks for. */
const dialable = (phone: string | null) => (phone?.match(/\d/g)?.length ?? 0) >= 3;

/**
 * What an XRechnung needs beyond EN 16931 and the document lacks, one field each: the issuer's
 * postcode and city (BR-DE-3, -4), its contact's name, phone and email (BR-DE-2, -5, -6, -7),
 * its IBAN (the credit transfer of BR-DE-1, -13, -23), the buyer's postcode and city (BR-DE-8,
 * -9) and email (the electronic address XRechnung 3.0 asks of both parties). Empty when none.
 */
export function xRechnungMissing(document: BillingDocument): FieldError[] {
  const { issuer, billTo } = document;
  const where = "on the event's Invoicing page";
  const missing: FieldError[] = [];
  const need = (ok: boolean, field: string, message: string) => {
    if (!ok) missing.push({ field, message });
  };
  need(!blank(issuer?.postcode), 'issuer.postcode', `Enter the issuer's postcode ${where}`);
  need(!blank(issuer?.city), 'issuer.city', `Enter the issuer's city ${where}`);
  need(!blank(issuer?.contactName), 'issuer.contactName', `Enter the billing contact's name ${where}`);
  need(dialable(issuer?.phone ?? null), 'issuer.phone', `Enter the billing contact's phone number ${where}`);
  need(!blank(issuer?.email), 'issuer.email', `Enter the billing contact's email ${where}`);
  need(!blank(issuer?.iban), 'issuer.iban', `Enter the issuer's IBAN ${where}`);
  need(!blank(billTo.postcode), 'billTo.postcode', "The buyer's postcode is missing: give it with the request");
  need(!blank(billTo.city), 'billTo.city', "The buyer's city is missing: give it with the request");
  need(!blank(billTo.email), 'billTo.email', "The buyer's email is missing");
  return missing;
}

/** An amount in major units with the currency's decimals ("135.00", "4500"). */
const amount = (minorUnits: number, currency: string) => moneyFromMinorUnits(minorUnits, currency);

/** A percentage as EN 16931 writes it: up to two decimals, no trailing zeros ("19", "7.7"). */
const percent = (rate: number) => String(Math.round(rate * 100) / 100);

/** CII's date (format 102): "20260504", the day in UTC as the PDF prints it. */
const day = (iso: string) => iso.slice(0, 10).replaceAll('-', '');

/** Appends `<name>text</name>` unless the text is empty. */
function text(parent: XMLBuilder, name: string, value: string | null | undefined) {
  if (!blank(value)) parent.ele(name).txt(value.trim());
  return parent;
}

const dateTime = (parent: XMLBuilder, name: string, iso: string) =>
  parent.ele(name).ele('udt:DateTimeString', { format: '102' }).txt(day(iso));

/** Appends a postal address: postcode, street (or the one line of older data), city and country, in CII's order. */
function postalAddress(
  party: XMLBuilder,
  address: { address: string | null; street: string | null; postcode: string | null; city: string | null },
  country: string,
) {
  const postal = party.ele('ram:PostalTradeAddress');
  text(postal, 'ram:PostcodeCode', address.postcode);
  text(postal, 'ram:LineOne', blank(address.street) ? address.address : address.street);
  text(postal, 'ram:CityName', address.city);
  postal.ele('ram:CountryID').txt(country.trim().toUpperCase());
}

/**
 * Writes the document's CII XML. Throws a 422 `BusinessRuleError` naming what is missing when
 * `eInvoiceProblem` (or, for XRechnung, `xRechnungMissing`) finds something: the caller decides
 * whether that fails a download or only leaves the PDF without its embedded file.
 */
export function renderEInvoiceXml(document: BillingDocument, profile: EInvoiceProfile = 'en16931'): string {
  const problem = eInvoiceProblem(document);
  if (problem) throw new BusinessRuleError(problem);
  const xRechnung = profile === 'xrechnung';
  if (xRechnung) {
    const missing = xRechnungMissing(document);
    if (missing.length)
      throw new BusinessRuleError(
        `An XRechnung needs what this document lacks (it keeps the details of its issue): ${missing.map((m) => m.message).join('; ')}`,
        missing,
      );
  }
  const issuer = document.issuer!;
  const { billTo, currency, tax } = document;
  const money = (minorUnits: number) => amount(minorUnits, currency);
  const notSubject = tax.breakdown.some((row) => row.category === 'O');
  const paid = document.kind === 'invoice' && document.status === 'PAID';

  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('rsm:CrossIndustryInvoice', {
    'xmlns:rsm': NAMESPACES.rsm,
    'xmlns:qdt': NAMESPACES.qdt,
    'xmlns:ram': NAMESPACES.ram,
    'xmlns:udt': NAMESPACES.udt,
  });
  root
    .ele('rsm:ExchangedDocumentContext')
    .ele('ram:GuidelineSpecifiedDocumentContextParameter')
    .ele('ram:ID')
    .txt(SPECIFICATION_IDS[profile]);

  const header = root.ele('rsm:ExchangedDocument');
  header.ele('ram:ID').txt(document.number);
  header.ele('ram:TypeCode').txt(TYPE_CODES[document.kind]);
  dateTime(header, 'ram:IssueDateTime', document.issuedAt);
  for (const note of [document.notes, document.footer]) {
    if (!blank(note)) header.ele('ram:IncludedNote').ele('ram:Content').txt(note.trim());
  }

  const transaction = root.ele('rsm:SupplyChainTradeTransaction');
  const figures = documentFigures(document);
  document.lines.forEach((line, index) => {
    const item = transaction.ele('ram:IncludedSupplyChainTradeLineItem');
    item
      .ele('ram:AssociatedDocumentLineDocument')
      .ele('ram:LineID')
      .txt(String(index + 1));
    // The first line's name falls back to the spec's default, as the PDF prints it.
    item
      .ele('ram:SpecifiedTradeProduct')
      .ele('ram:Name')
      .txt(index === 0 ? figures.description : line.description);
    item
      .ele('ram:SpecifiedLineTradeAgreement')
      .ele('ram:NetPriceProductTradePrice')
      .ele('ram:ChargeAmount')
      .txt(money(line.unitPrice));
    item
      .ele('ram:SpecifiedLineTradeDelivery')
      .ele('ram:BilledQuantity', { unitCode: UNIT_CODE })
      .txt(String(line.quantity));
    const settlement = item.ele('ram:SpecifiedLineTradeSettlement');
    const lineTax = settlement.ele('ram:ApplicableTradeTax');
    lineTax.ele('ram:TypeCode').txt('VAT');
    lineTax.ele('ram:CategoryCode').txt(line.vatCategory);
    // BR-O-5: "not subject to VAT" carries no rate.
    if (line.vatCategory !== 'O') lineTax.ele('ram:RateApplicablePercent').txt(percent(line.vatRate));
    settlement
      .ele('ram:SpecifiedTradeSettlementLineMonetarySummation')
      .ele('ram:LineTotalAmount')
      .txt(money(line.total));
  });

  const agreement = transaction.ele('ram:ApplicableHeaderTradeAgreement');
  // BT-10: XRechnung always names one (BR-DE-15); EN 16931 only the buyer's own.
  text(agreement, 'ram:BuyerReference', xRechnung ? buyerReferenceOf(document) : document.buyerReference);
  const seller = agreement.ele('ram:SellerTradeParty');
  seller.ele('ram:Name').txt(issuer.name!.trim());
  if (!blank(issuer.registrationNumber))
    seller.ele('ram:SpecifiedLegalOrganization').ele('ram:ID').txt(issuer.registrationNumber.trim());
  if (!blank(issuer.contactName) || !blank(issuer.phone) || !blank(issuer.email)) {
    const contact = seller.ele('ram:DefinedTradeContact');
    text(contact, 'ram:PersonName', issuer.contactName);
    if (!blank(issuer.phone))
      contact.ele('ram:TelephoneUniversalCommunication').ele('ram:CompleteNumber').txt(issuer.phone.trim());
    if (!blank(issuer.email))
      contact.ele('ram:EmailURIUniversalCommunication').ele('ram:URIID').txt(issuer.email.trim());
  }
  postalAddress(seller, issuer, issuer.country!);
  if (!blank(issuer.email))
    seller.ele('ram:URIUniversalCommunication').ele('ram:URIID', { schemeID: 'EM' }).txt(issuer.email.trim());
  if (!notSubject)
    seller.ele('ram:SpecifiedTaxRegistration').ele('ram:ID', { schemeID: 'VA' }).txt(issuer.vatId!.trim());

  const buyer = agreement.ele('ram:BuyerTradeParty');
  buyer.ele('ram:Name').txt((blank(billTo.companyName) ? billTo.contactName! : billTo.companyName).trim());
  if (!blank(billTo.contactName) || !blank(billTo.email)) {
    const contact = buyer.ele('ram:DefinedTradeContact');
    text(contact, 'ram:PersonName', billTo.contactName);
    if (!blank(billTo.email))
      contact.ele('ram:EmailURIUniversalCommunication').ele('ram:URIID').txt(billTo.email.trim());
  }
  postalAddress(buyer, billTo, billTo.country!);
  if (!blank(billTo.email))
    buyer.ele('ram:URIUniversalCommunication').ele('ram:URIID', { schemeID: 'EM' }).txt(billTo.email.trim());
  if (!notSubject && !blank(billTo.vatNumber))
    buyer.ele('ram:SpecifiedTaxRegistration').ele('ram:ID', { schemeID: 'VA' }).txt(billTo.vatNumber.trim());

  transaction.ele('ram:ApplicableHeaderTradeDelivery');

  const settlement = transaction.ele('ram:ApplicableHeaderTradeSettlement');
  const isInvoice = document.kind === 'invoice';
  // BT-83: the transfer names the invoice it pays.
  if (isInvoice) settlement.ele('ram:PaymentReference').txt(document.number);
  settlement.ele('ram:InvoiceCurrencyCode').txt(currency);
  // XRechnung wants a credit transfer on credit notes too (BR-DE-1, BR-DE-13): the issuer's account.
  if (isInvoice || xRechnung) {
    const means = settlement.ele('ram:SpecifiedTradeSettlementPaymentMeans');
    if (blank(issuer.iban)) means.ele('ram:TypeCode').txt(PAYMENT_MEANS.notDefined);
    else {
      means.ele('ram:TypeCode').txt(PAYMENT_MEANS.sepaCreditTransfer);
      means.ele('ram:PayeePartyCreditorFinancialAccount').ele('ram:IBANID').txt(issuer.iban);
      if (!blank(issuer.bic))
        means.ele('ram:PayeeSpecifiedCreditorFinancialInstitution').ele('ram:BICID').txt(issuer.bic);
    }
  }
  for (const row of tax.breakdown) {
    const breakdown = settlement.ele('ram:ApplicableTradeTax');
    breakdown.ele('ram:CalculatedAmount').txt(money(row.tax));
    breakdown.ele('ram:TypeCode').txt('VAT');
    // BT-120: E, AE and O say why no VAT is charged (BR-E-10, BR-AE-10, BR-O-10); S and Z must not (BR-S-10, BR-Z-10).
    if (EXEMPT_CATEGORIES.has(row.category))
      breakdown.ele('ram:ExemptionReason').txt(row.exemptionReason?.trim() || VAT_CATEGORY_LABELS[row.category]);
    breakdown.ele('ram:BasisAmount').txt(money(row.net));
    breakdown.ele('ram:CategoryCode').txt(row.category);
    // BR-DE-14 wants a rate on every breakdown, O's too (0); EN 16931 forbids it on O's lines only (BR-O-5).
    if (row.category !== 'O' || xRechnung) breakdown.ele('ram:RateApplicablePercent').txt(percent(row.rate));
  }
  if (document.supplyPeriod) {
    const period = settlement.ele('ram:BillingSpecifiedPeriod');
    dateTime(period, 'ram:StartDateTime', document.supplyPeriod.start);
    dateTime(period, 'ram:EndDateTime', document.supplyPeriod.end);
  }
  const due = paid ? 0 : document.totalAmount;
  // BR-CO-25: an amount due (a credit note's too) needs a due date or terms.
  const terms = settlement.ele('ram:SpecifiedTradePaymentTerms');
  if (!isInvoice)
    terms
      .ele('ram:Description')
      .txt(
        document.creditedInvoiceNumber
          ? `Credits invoice ${document.creditedInvoiceNumber}; nothing to pay`
          : 'Nothing to pay',
      );
  else if (document.dueDate) dateTime(terms, 'ram:DueDateDateTime', document.dueDate);
  else terms.ele('ram:Description').txt(paid ? 'Paid' : 'Payable on receipt');
  const totals = settlement.ele('ram:SpecifiedTradeSettlementHeaderMonetarySummation');
  totals.ele('ram:LineTotalAmount').txt(money(document.lines.reduce((sum, line) => sum + line.total, 0)));
  totals.ele('ram:TaxBasisTotalAmount').txt(money(tax.net));
  totals.ele('ram:TaxTotalAmount', { currencyID: currency }).txt(money(tax.tax));
  totals.ele('ram:GrandTotalAmount').txt(money(document.totalAmount));
  if (paid) totals.ele('ram:TotalPrepaidAmount').txt(money(document.totalAmount));
  totals.ele('ram:DuePayableAmount').txt(money(isInvoice ? due : document.totalAmount));
  if (!blank(document.creditedInvoiceNumber))
    settlement.ele('ram:InvoiceReferencedDocument').ele('ram:IssuerAssignedID').txt(document.creditedInvoiceNumber);

  return root.end({ prettyPrint: true });
}

/** The XML, or null when the document cannot be one (the PDF is then drawn without it). */
export function eInvoiceXmlOrNull(document: BillingDocument): string | null {
  return eInvoiceProblem(document) ? null : renderEInvoiceXml(document);
}
