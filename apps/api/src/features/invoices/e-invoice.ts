import type { BillingDocument } from '@portal/shared/allocation-purchases';
import { documentFigures } from '@portal/shared/billing-documents';
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
 */

export const FACTUR_X_FILE_NAME = 'factur-x.xml';
/** BT-24: the plain EN 16931 core, which Factur-X's EN 16931 profile and XRechnung both build on. */
const SPECIFICATION_ID = 'urn:cen.eu:en16931:2017';

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

/**
 * Writes the document's CII XML. Throws a 422 `BusinessRuleError` naming what is missing when
 * `eInvoiceProblem` finds something: the caller decides whether that fails a download or only
 * leaves the PDF without its embedded file.
 */
export function renderEInvoiceXml(document: BillingDocument): string {
  const problem = eInvoiceProblem(document);
  if (problem) throw new BusinessRuleError(problem);
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
    .txt(SPECIFICATION_ID);

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
  const seller = agreement.ele('ram:SellerTradeParty');
  seller.ele('ram:Name').txt(issuer.name!.trim());
  if (!blank(issuer.registrationNumber))
    seller.ele('ram:SpecifiedLegalOrganization').ele('ram:ID').txt(issuer.registrationNumber.trim());
  if (!blank(issuer.phone) || !blank(issuer.email)) {
    const contact = seller.ele('ram:DefinedTradeContact');
    if (!blank(issuer.phone))
      contact.ele('ram:TelephoneUniversalCommunication').ele('ram:CompleteNumber').txt(issuer.phone.trim());
    if (!blank(issuer.email))
      contact.ele('ram:EmailURIUniversalCommunication').ele('ram:URIID').txt(issuer.email.trim());
  }
  const sellerAddress = seller.ele('ram:PostalTradeAddress');
  text(sellerAddress, 'ram:LineOne', issuer.address);
  sellerAddress.ele('ram:CountryID').txt(issuer.country!.trim().toUpperCase());
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
  const buyerAddress = buyer.ele('ram:PostalTradeAddress');
  text(buyerAddress, 'ram:LineOne', billTo.address);
  buyerAddress.ele('ram:CountryID').txt(billTo.country!.trim().toUpperCase());
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
  if (isInvoice) {
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
    if (row.category !== 'O') breakdown.ele('ram:RateApplicablePercent').txt(percent(row.rate));
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
