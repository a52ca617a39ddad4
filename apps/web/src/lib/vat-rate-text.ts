/**
 * A VAT rate as typed into a percent field ("19", "7,7", "5.5 %"): the number, null when the field
 * is left empty, NaN when it is not a number (the shared `vatRateSchema` then names the field).
 */
export function rateFromText(text: string): number | null {
  const trimmed = text.replace('%', '').trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A saved rate as the text of its field: empty for none. */
export const rateToText = (rate: number | null): string => (rate === null ? '' : String(rate));
