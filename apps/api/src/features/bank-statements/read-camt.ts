import { BANK_STATEMENT_MAX_LINES } from '@portal/shared/bank-statements';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { digestKey, minorUnitsOf, statementError, type StatementLine } from './statement-line';

/** ISO 20022 bank-to-customer statements, versions 02 to 08 (what banks send in 2026). */
const CAMT053_NAMESPACE = /xmlns(?::[\w.-]+)?\s*=\s*["']urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.(\d{2})["']/;
const SUPPORTED_VERSIONS = new Set(['02', '03', '04', '05', '06', '07', '08']);

// Elements that may repeat in the schema are always read as lists, so one entry reads like many.
const REPEATED = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'AddtlNtryInf']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  // Amounts and references stay text: "000123" is a reference, not the number 123.
  parseTagValue: false,
  parseAttributeValue: false,
  htmlEntities: true,
  isArray: (name) => REPEATED.has(name),
});

type Node = Record<string, unknown>;

const asNode = (value: unknown): Node | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

/** An element's text (a plain string, or `#text` beside attributes), trimmed; null when empty. */
function textOf(value: unknown): string | null {
  const content = typeof value === 'string' ? value : asNode(value)?.['#text'];
  return typeof content === 'string' && content.trim() !== '' ? content.trim() : null;
}

/** The text at a path of child names (the first of a repeated element), or null. */
function text(node: unknown, ...path: string[]): string | null {
  let at: unknown = node;
  for (const name of path) at = asNode(Array.isArray(at) ? at[0] : at)?.[name];
  return textOf(Array.isArray(at) ? at[0] : at);
}

const texts = (values: unknown[]) => values.map(textOf).filter((value): value is string => value !== null);

/** A `DateAndDateTimeChoice` (BookgDt, ValDt) as its calendar day. */
function dayOf(node: unknown): string | null {
  const value = text(node, 'Dt') ?? text(node, 'DtTm');
  return value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
}

function remittance(tx: unknown): { unstructured: string[]; structured: string[] } {
  const info = asNode(asNode(tx)?.RmtInf);
  return {
    unstructured: texts(list(info?.Ustrd)),
    structured: texts(list(info?.Strd).map((strd) => asNode(asNode(strd)?.CdtrRefInf)?.Ref)),
  };
}

/** The debtor's name: `Dbtr/Nm` up to version 07, `Dbtr/Pty/Nm` from 08. */
const debtorOf = (tx: unknown) => text(tx, 'RltdPties', 'Dbtr', 'Nm') ?? text(tx, 'RltdPties', 'Dbtr', 'Pty', 'Nm');

function entryStatus(entry: unknown): string | null {
  return text(entry, 'Sts') ?? text(entry, 'Sts', 'Cd');
}

/**
 * Reads the entries of a CAMT.053 statement. An entry with several transactions (a batch booking)
 * becomes one line per transaction, each with its own amount; otherwise one line per entry. A line
 * is keyed by the bank's reference of the entry (AcctSvcrRef), else by a digest of what it says.
 */
export function readCamt053(content: string): StatementLine[] {
  if (/<!DOCTYPE/i.test(content)) throw statementError('A bank statement carries no DOCTYPE; this file is refused');
  const version = CAMT053_NAMESPACE.exec(content)?.[1];
  if (!version) throw statementError('This XML file is not a CAMT.053 bank statement (ISO 20022 BkToCstmrStmt)');
  if (!SUPPORTED_VERSIONS.has(version))
    throw statementError(`CAMT.053 version 001.${version} is not read; versions 001.02 to 001.08 are`);
  const valid = XMLValidator.validate(content);
  if (valid !== true) throw statementError(`The XML cannot be read at line ${valid.err.line}: ${valid.err.msg}`);
  const document = asNode(asNode(parser.parse(content))?.Document);
  const statements = list(asNode(document?.BkToCstmrStmt)?.Stmt);
  if (statements.length === 0) throw statementError('The statement has no Stmt element');

  const lines: StatementLine[] = [];
  for (const statement of statements) {
    for (const entry of list(asNode(statement)?.Ntry)) {
      const transactions = list(asNode(entry)?.NtryDtls).flatMap((details) => list(asNode(details)?.TxDtls));
      const batch = transactions.length > 1;
      const parts = batch ? transactions : [transactions[0]];
      parts.forEach((tx, index) => {
        if (lines.length >= BANK_STATEMENT_MAX_LINES)
          throw statementError(`The statement has more than ${BANK_STATEMENT_MAX_LINES} lines; split it by date`);
        lines.push(lineOf(entry, tx, batch ? index : null, lines.length + 1));
      });
    }
  }
  return lines;
}

function lineOf(entry: unknown, tx: unknown, batchIndex: number | null, lineNumber: number): StatementLine {
  const amountNode = batchIndex === null ? asNode(entry)?.Amt : (asNode(tx)?.Amt ?? asNode(asNode(asNode(tx)?.AmtDtls)?.TxAmt)?.Amt);
  const amountText = textOf(amountNode) ?? '';
  const currency = (asNode(amountNode)?.['@Ccy'] as string | undefined)?.trim().toUpperCase() ?? '';
  const direction = (text(tx, 'CdtDbtInd') ?? text(entry, 'CdtDbtInd')) === 'DBIT' ? 'debit' : 'credit';
  const { unstructured, structured } = remittance(tx);
  const endToEnd = text(tx, 'Refs', 'EndToEndId');
  const entryInfo = texts(list(asNode(entry)?.AddtlNtryInf));
  const reference = [...structured, ...unstructured].join(' ') || null;
  const entryRef = text(entry, 'AcctSvcrRef');
  const txRef = text(tx, 'Refs', 'AcctSvcrRef');
  const bankReference = batchIndex === null ? (entryRef ?? txRef) : (txRef ?? (entryRef ? `${entryRef}/${batchIndex + 1}` : null));
  const bookingDate = dayOf(asNode(entry)?.BookgDt);
  const valueDate = dayOf(asNode(entry)?.ValDt);
  const amount = currency ? minorUnitsOf(amountText, '.', currency) : null;
  const payer = debtorOf(tx);
  const status = entryStatus(entry);
  const problem =
    amount === null
      ? `The amount “${amountText}${currency ? ` ${currency}` : ''}” cannot be read`
      : status && status !== 'BOOK'
        ? `The bank has not booked this entry yet (status ${status})`
        : null;
  const key = bankReference
    ? `camt:${bankReference}`
    : digestKey([bookingDate, amountText, currency, direction, reference, payer, text(entry, 'NtryRef'), endToEnd]);
  return {
    lineNumber,
    key,
    bookingDate,
    valueDate,
    amount,
    currency,
    direction,
    reference,
    searchText: [reference, endToEnd === 'NOTPROVIDED' ? null : endToEnd, ...entryInfo].filter(Boolean).join(' '),
    bankReference,
    payer,
    problem,
  };
}
