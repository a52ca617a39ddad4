import type { BankLinePurchase, BankStatementLine } from '@portal/shared/bank-statements';
import { formatInvoiceAmount } from '@portal/shared/money';
import type { StatementLine } from './statement-line';

/** A purchase of the event with an issued invoice, as the matching sees it. */
export type Candidate = {
  id: number;
  status: string;
  amountToPay: number;
  currency: string;
  /** The current invoice's number. */
  invoiceNumber: string;
  /** Every invoice number the purchase had: a payer may quote one that was since replaced. */
  invoiceNumbers: string[];
  companyName: string | null;
};

export type MatchContext = {
  eventCurrency: string;
  candidates: Candidate[];
  /** Keys of this event's lines recorded before, with the invoice each paid. */
  recorded: Map<string, string>;
};

const PAYABLE = 'approved';
const PAID = new Set(['paid', 'partially_refunded', 'refunded']);

/**
 * An invoice number as a pattern that tolerates case and the spaces, dashes, dots or slashes a
 * payer or a bank puts in or leaves out ("inv 2026-000042", "INV2026000042"), and that does not
 * match inside a longer number (INV-2026-00004 in INV-2026-000042).
 */
function invoicePattern(number: string): RegExp {
  const chars = [...number.toUpperCase().replace(/[^A-Z0-9]/g, '')];
  const body = chars.join('[\\s\\-_./]*');
  const before = /\d/.test(chars[0] ?? '') ? '(?<!\\d)' : '(?<![A-Z])';
  const after = /\d/.test(chars.at(-1) ?? '') ? '(?!\\d)' : '(?![A-Z])';
  return new RegExp(`${before}${body}${after}`, 'i');
}

const compact = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

function summary(candidate: Candidate): BankLinePurchase {
  return {
    id: candidate.id,
    invoiceNumber: candidate.invoiceNumber,
    companyName: candidate.companyName,
    amountToPay: candidate.amountToPay,
    status: candidate.status,
  };
}

/**
 * Invoice numbers indexed for a statement by their letters and digits alone: each stretch of a
 * line's squeezed text as long as some number is looked up, and only a hit is checked with the
 * exact pattern, so a statement of thousands of lines against thousands of invoices stays quick.
 */
function invoiceIndex(candidates: Candidate[]) {
  const byCompact = new Map<string, { candidate: Candidate; pattern: RegExp }[]>();
  for (const candidate of candidates) {
    for (const number of candidate.invoiceNumbers) {
      const key = compact(number);
      if (!key) continue;
      byCompact.set(key, [...(byCompact.get(key) ?? []), { candidate, pattern: invoicePattern(number) }]);
    }
  }
  const lengths = [...new Set([...byCompact.keys()].map((key) => key.length))];
  return (text: string): Candidate[] => {
    const squeezed = compact(text);
    const found = new Map<number, Candidate>();
    for (const length of lengths) {
      for (let at = 0; at + length <= squeezed.length; at++) {
        for (const entry of byCompact.get(squeezed.slice(at, at + length)) ?? []) {
          if (!found.has(entry.candidate.id) && entry.pattern.test(text)) found.set(entry.candidate.id, entry.candidate);
        }
      }
    }
    return [...found.values()];
  };
}

/**
 * Each line of a statement with what it pays, in order: a line may pay one open invoice of the
 * event, named in its reference with the exact amount (or, with no invoice named, the only open
 * invoice of its amount, offered for the organiser to tick). A bank line seen before, here or in
 * an earlier upload, and an invoice an earlier line of the statement pays, are not paid again.
 */
export function matchStatement(lines: StatementLine[], context: MatchContext): BankStatementLine[] {
  const findInvoices = invoiceIndex(context.candidates);
  const seenKeys = new Map<string, number>();
  const claimed = new Map<number, number>();
  const money = (amount: number) => formatInvoiceAmount(amount, context.eventCurrency);

  const firstPass = lines.map((line): BankStatementLine | (() => BankStatementLine) => {
    const base = {
      key: line.key,
      lineNumber: line.lineNumber,
      bookingDate: line.bookingDate,
      valueDate: line.valueDate,
      amount: line.amount,
      currency: line.currency,
      direction: line.direction,
      reference: line.reference,
      bankReference: line.bankReference,
      payer: line.payer,
      matchedBy: null,
      purchase: null,
      candidates: [] as BankLinePurchase[],
      difference: null,
    };
    const result = (status: BankStatementLine['status'], reason: string, extra: Partial<BankStatementLine> = {}) =>
      ({ ...base, status, reason, ...extra }) as BankStatementLine;

    if (line.direction === 'debit') return result('not_a_credit', 'Money paid out, not a payment received');
    const earlier = seenKeys.get(line.key);
    if (earlier !== undefined) return result('duplicate', `The same bank line as line ${earlier} of this statement`);
    seenKeys.set(line.key, line.lineNumber);
    const recordedFor = context.recorded.get(line.key);
    if (recordedFor !== undefined)
      return result('duplicate', `This bank line was already recorded as the payment of invoice ${recordedFor}`);
    if (line.problem || line.amount === null) return result('unmatched', line.problem ?? 'The amount cannot be read');
    if (line.currency !== context.eventCurrency)
      return result('currency_mismatch', `Paid in ${line.currency}; the event invoices in ${context.eventCurrency}`);
    const amount = line.amount;

    const named = findInvoices(line.searchText);
    if (named.length > 1) {
      const numbers = named.map((c) => c.invoiceNumber).join(', ');
      return result('ambiguous', `The reference names ${named.length} invoices (${numbers}); record them one by one`, {
        candidates: named.map(summary),
      });
    }
    if (named.length === 1) {
      const candidate = named[0]!;
      const purchase = summary(candidate);
      const payer = claimed.get(candidate.id);
      if (payer !== undefined)
        return result('already_paid', `Line ${payer} of this statement already pays invoice ${candidate.invoiceNumber}`, { purchase });
      if (PAID.has(candidate.status))
        return result('already_paid', `Invoice ${candidate.invoiceNumber} is already paid`, { purchase });
      if (candidate.status !== PAYABLE)
        return result('unmatched', `Invoice ${candidate.invoiceNumber} belongs to a ${candidate.status} purchase`, { purchase });
      if (amount !== candidate.amountToPay) {
        const difference = amount - candidate.amountToPay;
        const how = difference < 0 ? `${money(-difference)} too little` : `${money(difference)} too much`;
        return result(
          'amount_mismatch',
          `Invoice ${candidate.invoiceNumber} is for ${money(candidate.amountToPay)}; ${money(amount)} came, ${how}`,
          { purchase, difference },
        );
      }
      claimed.set(candidate.id, line.lineNumber);
      return result('matched', `Reference and amount agree with invoice ${candidate.invoiceNumber}`, {
        purchase,
        matchedBy: 'reference',
      });
    }

    // Lines naming no invoice are matched by amount after every named one has claimed its invoice.
    return () => {
      const sameAmount = context.candidates.filter(
        (c) => c.status === PAYABLE && c.amountToPay === amount && !claimed.has(c.id),
      );
      if (sameAmount.length === 1) {
        const candidate = sameAmount[0]!;
        claimed.set(candidate.id, line.lineNumber);
        return result(
          'matched',
          `No invoice number in the reference; invoice ${candidate.invoiceNumber} is the only open one for ${money(amount)}. Check before ticking`,
          { purchase: summary(candidate), matchedBy: 'amount' },
        );
      }
      if (sameAmount.length > 1)
        return result(
          'ambiguous',
          `No invoice number in the reference, and ${sameAmount.length} open invoices are for ${money(amount)}`,
          { candidates: sameAmount.map(summary) },
        );
      return result('unmatched', `No invoice number in the reference, and no open invoice is for ${money(amount)}`);
    };
  });
  return firstPass.map((line) => (typeof line === 'function' ? line() : line));
}
