/**
 * Money is held as integer minor units (cents) everywhere in the API and the database; these are
 * the only places it becomes text or comes back from text.
 */

/** For screens: the viewer's locale and the event's currency ("€12.50", "12,50 €"). */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

const INVOICE_NUMBER_FORMAT = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** For invoices and credit notes (spec §3, §9): a dollar sign and two decimals, "$1,234.50". */
export function formatInvoiceAmount(cents: number): string {
  const text = `$${INVOICE_NUMBER_FORMAT.format(Math.abs(cents) / 100)}`;
  return cents < 0 ? `-${text}` : text;
}

/** A category's price as pickers show it: "Free" for nothing, otherwise as `formatMoney`. */
export function formatPrice(cents: number, currency: string): string {
  if (cents === 0) return 'Free';
  return formatMoney(cents, currency);
}

/** "12.50" (or "12,50") as cents, or null when it is not an amount of money. */
export function centsFromMoney(text: string): number | null {
  const normalized = text.trim().replace(',', '.');
  if (normalized === '') return 0;
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return null;
  return Math.round(Number(normalized) * 100);
}

/** Cents as the text of a money input: 1250 → "12.50". */
export function moneyFromCents(cents: number): string {
  return (cents / 100).toFixed(2);
}
