import { currencyExponent } from '@portal/shared/currencies';
import { createHash } from 'node:crypto';
import { ValidationError } from '../../lib/errors';

/** One line of a statement as read from the file, before it is matched. */
export type StatementLine = {
  lineNumber: number;
  key: string;
  bookingDate: string | null;
  valueDate: string | null;
  /** Minor units of `currency`, never negative; null when the text is not an amount. */
  amount: number | null;
  currency: string;
  direction: 'credit' | 'debit';
  /** Remittance text and structured reference, for people. */
  reference: string | null;
  /** Everything an invoice number may be quoted in: the reference, the end-to-end id, the entry's extra text. */
  searchText: string;
  bankReference: string | null;
  payer: string | null;
  /** Why the line cannot be matched whatever the invoices say (a pending entry, an unreadable amount). */
  problem: string | null;
};

/** A statement refused as a whole, blamed on the uploaded file. */
export function statementError(message: string): ValidationError {
  return ValidationError.field('file', message);
}

/** The key of a line that carries no bank id: what it says, digested, so the same line keys alike in any upload. */
export function digestKey(parts: (string | number | null)[]): string {
  const digest = createHash('sha256')
    .update(JSON.stringify(parts.map((part) => (typeof part === 'string' ? part.trim().replace(/\s+/g, ' ') : part))))
    .digest('hex');
  return `sha256:${digest.slice(0, 40)}`;
}

/**
 * An amount in the currency's minor units from a number written with `decimal` as its decimal
 * mark; the other mark, spaces or apostrophes may group thousands (in threes). Decimals beyond the
 * currency's are accepted only as zeros ("4500.00" JPY). Null when it is not an amount written
 * that way, so "12.50" read with a decimal comma is refused rather than read as 1250.
 */
export function minorUnitsOf(text: string, decimal: ',' | '.', currency: string): number | null {
  const [whole = '', fraction = '', ...rest] = text.replace(/[\s\u00a0\u202f]/g, ' ').trim().split(decimal);
  if (rest.length > 0 || (text.includes(decimal) && !/^\d+$/.test(fraction))) return null;
  const group = decimal === ',' ? '.' : ',';
  const groups = whole.split(new RegExp(`[ '’${group === '.' ? '\\.' : ','}]`));
  const grouped = groups.length === 1 || (/^\d{1,3}$/.test(groups[0]!) && groups.slice(1).every((g) => /^\d{3}$/.test(g)));
  if (!grouped || !/^\d+$/.test(groups.join(''))) return null;
  const exponent = currencyExponent(currency);
  if (fraction.length > exponent && /[^0]/.test(fraction.slice(exponent))) return null;
  const minorUnits = Number(groups.join('') + fraction.slice(0, exponent).padEnd(exponent, '0'));
  return Number.isSafeInteger(minorUnits) && minorUnits <= 2_147_483_647 ? minorUnits : null;
}
