/** Prices are stored in the currency's minor unit (cents). */
export function formatPrice(cents: number, currency: string): string {
  if (cents === 0) return 'Free';
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** "12.50" (or "12,50") as cents, or null when it is not an amount of money. */
export function centsFromMoney(text: string): number | null {
  const normalized = text.trim().replace(',', '.');
  if (normalized === '') return 0;
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return null;
  return Math.round(Number(normalized) * 100);
}

export function moneyFromCents(cents: number): string {
  return (cents / 100).toFixed(2);
}
