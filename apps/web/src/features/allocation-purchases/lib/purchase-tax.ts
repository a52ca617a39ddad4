import type { AllocationPurchase, PurchaseTax } from '@portal/shared/allocation-purchases';
import { formatMoney } from '@portal/shared/money';
import { formatVatRate, rateToBasisPoints, taxedAmount, VAT_CATEGORY_LABELS } from '@portal/shared/vat';

/** The screens' short form of the reverse-charge wording the documents print in full. */
export const REVERSE_CHARGE_NOTE = 'Reverse charge — VAT to be accounted for by the recipient';

/**
 * What the VAT of a purchase's amount is, beside that amount: "incl. $4.85 VAT (19 %)" once
 * approved, "plus VAT 19 %" or "incl. VAT 19 %" for the price list's amount before, the reverse
 * charge or the exemption; null for an event without VAT. `short` for a table cell.
 */
export function purchaseTaxNote(
  purchase: Pick<AllocationPurchase, 'tax' | 'currency' | 'amount_to_pay'>,
  form: 'full' | 'short' = 'full',
): string | null {
  const tax: PurchaseTax = purchase.tax;
  if (tax.category === 'O') return null;
  if (tax.category === 'AE') return form === 'short' ? VAT_CATEGORY_LABELS.AE : REVERSE_CHARGE_NOTE;
  if (tax.category !== 'S') return form === 'short' ? VAT_CATEGORY_LABELS[tax.category] : (tax.exemptionReason ?? VAT_CATEGORY_LABELS[tax.category]);
  const rate = formatVatRate(tax.rate);
  if (purchase.amount_to_pay !== null && tax.tax !== null) {
    const amount = formatMoney(tax.tax, purchase.currency);
    return form === 'short' ? `incl. ${amount} VAT` : `incl. ${amount} VAT (${rate})`;
  }
  // Before approval the amount is the price list's, which is net or gross as the event says.
  return tax.pricesIncludeTax ? `incl. VAT ${rate}` : `plus VAT ${rate}`;
}

/**
 * What approving `places` charges, as the approval will compute it: "$238.00 incl. VAT 19 %".
 * A reverse charge on gross prices takes the price list's own rate off, which a purchase does not
 * carry: that case says so instead of guessing.
 */
export function amountToPayText(
  purchase: Pick<AllocationPurchase, 'tax' | 'currency' | 'unitPrice'>,
  places: number,
): string {
  const { tax, currency } = purchase;
  const listAmount = formatMoney(places * purchase.unitPrice, currency);
  if (tax.category === 'AE' && tax.pricesIncludeTax) return `${listAmount} less the VAT it includes (reverse charge)`;
  const rateBasisPoints = rateToBasisPoints(tax.rate);
  const { gross } = taxedAmount(places * purchase.unitPrice, {
    category: tax.category,
    rateBasisPoints,
    listedRateBasisPoints: rateBasisPoints,
    pricesIncludeTax: tax.pricesIncludeTax,
    exemptionReason: tax.exemptionReason,
  });
  const amount = formatMoney(gross, currency);
  if (tax.category === 'S') return `${amount} incl. VAT ${formatVatRate(tax.rate)}`;
  return tax.category === 'AE' ? `${amount} (reverse charge)` : amount;
}
