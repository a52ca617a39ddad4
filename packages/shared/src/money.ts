import { currencyExponent } from './currencies';

/**
 * Money is held as integers in the currency's own minor unit everywhere in the API and the
 * database (ISO 4217 exponent: cents for USD and EUR, whole yen for JPY, fils for KWD); these are
 * the only places it becomes text or comes back from text.
 */

/** An amount in minor units as a number of major units, for `Intl` only: exact to the exponent's digits. */
const majorUnits = (minorUnits: number, exponent: number) => minorUnits / 10 ** exponent;

/** For screens: the viewer's locale and the event's currency ("€12.50", "12,50 €", "¥4,500", "KWD 45.000"). */
export function formatMoney(minorUnits: number, currency: string): string {
  const exponent = currencyExponent(currency);
  try {
    return new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency,
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    }).format(majorUnits(minorUnits, exponent));
  } catch {
    return `${moneyFromMinorUnits(minorUnits, currency)} ${currency}`;
  }
}

/** The symbol documents use; every other currency is written by its code ("KWD 45.000"). */
const DOCUMENT_SYMBOLS: Readonly<Record<string, string>> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥' };

/** "1234567" → "1,234,567". */
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * For invoices, credit notes and emails: the same text on the server and in every browser, in the
 * en-US style of the spec's "$1,234.50", with the currency's own decimals ("€71.00", "¥4,500",
 * "KWD 45.000"). Built by hand rather than by `Intl`, whose symbols differ between ICU versions.
 */
export function formatInvoiceAmount(minorUnits: number, currency: string): string {
  const [whole, fraction] = moneyFromMinorUnits(Math.abs(minorUnits), currency).split('.');
  const number = groupThousands(whole!) + (fraction === undefined ? '' : `.${fraction}`);
  const symbol = DOCUMENT_SYMBOLS[currency];
  const text = symbol ? `${symbol}${number}` : `${currency} ${number}`;
  return minorUnits < 0 ? `-${text}` : text;
}

/** A category's price as pickers show it: "Free" for nothing, otherwise as `formatMoney`. */
export function formatPrice(minorUnits: number, currency: string): string {
  if (minorUnits === 0) return 'Free';
  return formatMoney(minorUnits, currency);
}

/**
 * An amount typed by a person ("12.50", "12,50", "4500", "45.125") as minor units of the currency,
 * or null when it is not an amount of money in it: no more decimals than the currency has (none
 * for JPY, two for EUR, three for KWD). Worked on the digits, never through a float.
 */
export function minorUnitsFromMoney(text: string, currency: string): number | null {
  const exponent = currencyExponent(currency);
  const normalized = text.trim().replace(',', '.');
  if (normalized === '') return 0;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(normalized);
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  if (fraction.length > exponent) return null;
  const minorUnits = Number(whole + fraction.padEnd(exponent, '0'));
  return Number.isSafeInteger(minorUnits) ? minorUnits : null;
}

/** Minor units as the text of a money input, with the currency's decimals: 1250 → "12.50" (USD), "1250" (JPY). */
export function moneyFromMinorUnits(minorUnits: number, currency: string): string {
  const exponent = currencyExponent(currency);
  const digits = String(Math.abs(minorUnits)).padStart(exponent + 1, '0');
  const sign = minorUnits < 0 ? '-' : '';
  if (exponent === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** An amount to show as an example in a money input's hint: "12.50", "1250", "12.500". */
export function exampleAmount(currency: string): string {
  return moneyFromMinorUnits(1250 * 10 ** Math.max(0, currencyExponent(currency) - 2), currency);
}
