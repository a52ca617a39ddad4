import { checkVAT, countries } from 'jsvat';
import { z } from 'zod';

/**
 * VAT on allocation purchases (docs/purchases.md, "VAT"). A rate is set per event and may be
 * overridden per badge or add-on category; prices are entered net or gross per event. The tax
 * treatment is decided when a purchase is requested (rate, category, the buyer's VAT ID) and frozen
 * with it; the amounts are fixed at approval and frozen into the invoice.
 */

/** A VAT ID in the format (and, where the country has one, the check digits) of an EU member state or another country jsvat knows. */
export function isValidVatId(value: string): boolean {
  return checkVAT(value, countries).isValid;
}

/** The country of a well-formed VAT ID ("DE", "LV"; Greece's "EL" as "GR"), or null. */
export function vatIdCountry(value: string): string | null {
  const result = checkVAT(value, countries);
  return result.isValid ? (result.country?.isoCode.short ?? null) : null;
}

/** A code as stored: upper-case, without the spaces, dots and dashes people type into VAT IDs, IBANs and BICs. */
export const compactCode = (value: string): string => value.replace(/[\s.-]/g, '').toUpperCase();

/** UNCL 5305 codes, as EN 16931 names them: standard, zero rated, exempt, reverse charge, not subject to VAT. */
export const VAT_CATEGORIES = ['S', 'Z', 'E', 'AE', 'O'] as const;
export type VatCategory = (typeof VAT_CATEGORIES)[number];

export const VAT_CATEGORY_LABELS: Readonly<Record<VatCategory, string>> = {
  S: 'Standard rate',
  Z: 'Zero rated',
  E: 'Exempt',
  AE: 'Reverse charge',
  O: 'Not subject to VAT',
};

/** The wording an invoice carries when the buyer accounts for the VAT (Council Directive 2006/112/EC). */
export const REVERSE_CHARGE_WORDING =
  'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC)';
export const DEFAULT_EXEMPTION_WORDING = 'Exempt from VAT';
export const NOT_SUBJECT_WORDING = 'Not subject to VAT';

/** EU member states by ISO 3166-1 code (Greece as GR: VAT IDs say EL, `vatIdCountry` reads it as GR). */
export const EU_MEMBER_STATES: ReadonlySet<string> = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);

/** A rate as the forms and the API say it: a percentage with at most two decimals (19, 7.7, 5.5, 0). */
export const vatRateSchema = z
  .number({ error: 'A percentage from 0 to 100' })
  .min(0, 'A percentage from 0 to 100')
  .max(100, 'A percentage from 0 to 100')
  .refine((rate) => Number.isInteger(Math.round(rate * 100 * 1e6) / 1e6), 'At most two decimals');

/** Rates are held as basis points (19 % = 1900) so that the arithmetic stays in integers. */
export const rateToBasisPoints = (rate: number): number => Math.round(rate * 100);
export const basisPointsToRate = (basisPoints: number): number => basisPoints / 100;

/** "19 %", "7.7 %". */
export const formatVatRate = (rate: number): string => `${Number(rate.toFixed(2))} %`;

/** One row of a document's VAT breakdown: what was taxed at one rate in one category. */
export const taxRowSchema = z.object({
  category: z.enum(VAT_CATEGORIES),
  /** Percent; 0 for every category but S. */
  rate: z.number(),
  /** Minor units. */
  net: z.number().int(),
  tax: z.number().int(),
  /** Why no VAT is charged (E, AE, O, Z); null for S. */
  exemptionReason: z.string().nullable(),
});
export type TaxRow = z.infer<typeof taxRowSchema>;

/** A document's tax as issued: the breakdown per rate and the totals; its gross is the document's `totalAmount`. */
export const documentTaxSchema = z.object({
  pricesIncludeTax: z.boolean(),
  reverseCharge: z.boolean(),
  breakdown: z.array(taxRowSchema),
  net: z.number().int(),
  tax: z.number().int(),
});
export type DocumentTax = z.infer<typeof documentTaxSchema>;

/** How a purchase is taxed, decided when it is requested and frozen with it. */
export type TaxTreatment = {
  category: VatCategory;
  /** Basis points of the rate applied: 0 unless `category` is S. */
  rateBasisPoints: number;
  /** The category's own rate, kept for reverse charge on gross prices (the net is the price without it). */
  listedRateBasisPoints: number;
  pricesIncludeTax: boolean;
  exemptionReason: string | null;
};

export type TaxTerms = {
  /** The category's rate, else the event's default, in basis points; null when the event charges no VAT. */
  rateBasisPoints: number | null;
  pricesIncludeTax: boolean;
  exemptionText: string | null;
  /** The issuer's country (ISO 3166-1), which decides whether the buyer is in another member state. */
  issuerCountry: string | null;
};

/**
 * Whether the buyer accounts for the VAT: a business (a VAT ID of valid format) in another EU
 * member state than the issuer, which must itself be in the EU.
 */
export function isReverseCharge(issuerCountry: string | null, buyerVatId: string | null): boolean {
  if (!issuerCountry || !buyerVatId || !EU_MEMBER_STATES.has(issuerCountry)) return false;
  const buyerCountry = vatIdCountry(buyerVatId);
  return buyerCountry !== null && EU_MEMBER_STATES.has(buyerCountry) && buyerCountry !== issuerCountry;
}

export function taxTreatment(terms: TaxTerms, buyerVatId: string | null): TaxTreatment {
  const base = { pricesIncludeTax: terms.pricesIncludeTax, listedRateBasisPoints: terms.rateBasisPoints ?? 0 };
  if (terms.rateBasisPoints === null) {
    return { ...base, category: 'O', rateBasisPoints: 0, exemptionReason: NOT_SUBJECT_WORDING };
  }
  if (terms.rateBasisPoints === 0) {
    return { ...base, category: 'E', rateBasisPoints: 0, exemptionReason: terms.exemptionText ?? DEFAULT_EXEMPTION_WORDING };
  }
  if (isReverseCharge(terms.issuerCountry, buyerVatId)) {
    return { ...base, category: 'AE', rateBasisPoints: 0, exemptionReason: REVERSE_CHARGE_WORDING };
  }
  return { ...base, category: 'S', rateBasisPoints: terms.rateBasisPoints, exemptionReason: null };
}

/** Tax on a net amount: half up, in minor units (EN 16931 BR-CO-17). */
export const taxOn = (net: number, rateBasisPoints: number): number => Math.floor((net * rateBasisPoints + 5_000) / 10_000);

/**
 * The net whose gross (net plus its tax) is `gross`. The tax is always the net's tax rounded half
 * up; where no net reaches `gross` exactly (rounding skips some sums), the nearest one below it does.
 */
export function netOfGross(gross: number, rateBasisPoints: number): number {
  if (rateBasisPoints === 0) return gross;
  const estimate = Math.round((gross * 10_000) / (10_000 + rateBasisPoints));
  const candidates = [estimate + 1, estimate, estimate - 1, estimate - 2].filter((net) => net >= 0);
  return candidates.find((net) => net + taxOn(net, rateBasisPoints) <= gross) ?? 0;
}

export type TaxedAmount = { net: number; tax: number; gross: number };

/** What an amount of the price list comes to: the prices are net or gross as the event says. */
export function taxedAmount(listAmount: number, treatment: TaxTreatment): TaxedAmount {
  let net = listAmount;
  if (treatment.pricesIncludeTax) {
    // A gross price list: the net is the price without the VAT, also where the buyer accounts for it.
    const rate = treatment.category === 'AE' ? treatment.listedRateBasisPoints : treatment.rateBasisPoints;
    net = netOfGross(listAmount, rate);
  }
  const tax = taxOn(net, treatment.rateBasisPoints);
  return { net, tax, gross: net + tax };
}

/**
 * Part of an issued amount, as a credit note or a corrected invoice takes it: the net and tax of
 * `gross` at the document's rate, or exactly what remains when it takes all of it.
 */
export function partOf(gross: number, remaining: TaxedAmount, rateBasisPoints: number): TaxedAmount {
  if (gross === remaining.gross) return remaining;
  const net = netOfGross(gross, rateBasisPoints);
  return { net, tax: gross - net, gross };
}

/** The document's tax for one row of one treatment. */
export function documentTax(treatment: Pick<TaxTreatment, 'category' | 'rateBasisPoints' | 'pricesIncludeTax' | 'exemptionReason'>, amount: TaxedAmount): DocumentTax {
  return {
    pricesIncludeTax: treatment.pricesIncludeTax,
    reverseCharge: treatment.category === 'AE',
    breakdown: [
      {
        category: treatment.category,
        rate: basisPointsToRate(treatment.rateBasisPoints),
        net: amount.net,
        tax: amount.tax,
        exemptionReason: treatment.exemptionReason,
      },
    ],
    net: amount.net,
    tax: amount.tax,
  };
}

/** Documents issued before VAT was recorded: all of it not subject to VAT. */
export const untaxed = (total: number): DocumentTax =>
  documentTax({ category: 'O', rateBasisPoints: 0, pricesIncludeTax: false, exemptionReason: null }, { net: total, tax: 0, gross: total });

let regions: Map<string, string> | undefined;

/** ISO 3166-1 codes by themselves ("lv") and by their English names ("latvia"), lower-cased. */
function regionCodes(): Map<string, string> {
  if (regions) return regions;
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  regions = new Map();
  for (const first of letters) {
    for (const second of letters) {
      const code = first + second;
      const name = names.of(code);
      if (!name || name === code) continue;
      regions.set(code.toLowerCase(), code);
      regions.set(name.toLowerCase(), code);
    }
  }
  return regions;
}

/** A company's country as an ISO 3166-1 code: given as a code ("LV") or by its English name ("Latvia"); else null. */
export function countryCode(country: string | null): string | null {
  const text = country?.trim();
  return text ? (regionCodes().get(text.toLowerCase()) ?? null) : null;
}

/** Whether a document shows a VAT breakdown: not when all of it is outside VAT (the spec's layout). */
export const showsVat = (tax: DocumentTax): boolean => tax.breakdown.some((row) => row.category !== 'O');

/** A breakdown row's name on documents: "VAT 19 %", "Reverse charge", "Exempt". */
export const taxRowLabel = (row: Pick<TaxRow, 'category' | 'rate'>): string =>
  row.category === 'S' ? `VAT ${formatVatRate(row.rate)}` : VAT_CATEGORY_LABELS[row.category];

/** The legal notes a document carries for what it charges no VAT on, each once. */
export const taxNotes = (tax: DocumentTax): string[] =>
  showsVat(tax) ? [...new Set(tax.breakdown.flatMap((row) => (row.exemptionReason ? [row.exemptionReason] : [])))] : [];
