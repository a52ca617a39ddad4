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

/** The spaces people and spreadsheets put between thousands: ordinary, no-break, narrow no-break, thin. */
const GROUPING_SPACE = /[ \u00a0\u202f\u2009]/g;

/**
 * The whole and fractional digits of a typed amount, or null when its marks follow no rule below.
 * The decimal mark is the last of `.` and `,` when both appear ("1,200.50", "1.200,50"), or the
 * only mark when it appears once ("12,50", "45.125"); a mark that appears several times and no
 * other ("1,200,000") only groups thousands. Thousands are grouped by spaces or by the mark that is
 * not the decimal one, never both, in groups of three after a first group of one to three digits.
 */
function splitAmount(text: string): { whole: string; fraction: string } | null {
  const marks: string[] = text.match(/[.,]/g) ?? [];
  const decimal =
    marks.includes('.') && marks.includes(',')
      ? text.lastIndexOf('.') > text.lastIndexOf(',') ? '.' : ','
      : marks.length === 1 ? marks[0] : undefined;
  const at = decimal === undefined ? text.length : text.lastIndexOf(decimal);
  const whole = text.slice(0, at);
  const fraction = text.slice(at + 1);
  if (decimal !== undefined && !/^\d+$/.test(fraction)) return null;
  if (/^\d+$/.test(whole)) return { whole, fraction };
  const separators = new Set(whole.match(/\D/g));
  const [separator] = [...separators];
  if (separators.size !== 1 || separator === decimal || ![' ', '.', ','].includes(separator!)) return null;
  const [first, ...groups] = whole.split(separator!);
  const grouped = /^\d{1,3}$/.test(first!) && groups.every((group) => /^\d{3}$/.test(group));
  return grouped ? { whole: whole.replaceAll(separator!, ''), fraction } : null;
}

/**
 * An amount typed by a person ("12.50", "12,50", "4500", "45.125", "1 200.00", "1,200.00",
 * "1.200,00") as minor units of the currency, or null when it is not an amount of money in it: no
 * more decimals than the currency has (none for JPY, two for EUR, three for KWD). A lone mark is
 * always the decimal one, so "1,200" is 1.200 and refused in USD rather than guessed at: with both
 * marks or a grouping space ("1 200") it is unambiguous. Worked on the digits, never through a float.
 */
export function minorUnitsFromMoney(text: string, currency: string): number | null {
  const exponent = currencyExponent(currency);
  // Every kind of space as one, so that a grouping may mix them as spreadsheets do.
  const trimmed = text.replace(GROUPING_SPACE, ' ').trim();
  if (trimmed === '') return 0;
  const amount = splitAmount(trimmed);
  if (!amount) return null;
  const { whole, fraction } = amount;
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
