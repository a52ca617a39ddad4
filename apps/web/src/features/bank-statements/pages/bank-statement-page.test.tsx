import type { BankStatementLine, BankStatementPreview } from '@portal/shared/bank-statements';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type Reply, type SeenRequest } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { BankStatementPage } from './bank-statement-page';

const originalAdapter = api.defaults.adapter;

beforeEach(() => {
  startSession({ admin: demo.systemAdmin().user, token: 't', refreshToken: 'r' });
});
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

const ROWS = [
  ['Buchungstag', 'Auftraggeber', 'Verwendungszweck', 'Betrag'],
  ['20.11.2026', 'Müller & Söhne', 'Rechnung INV-2026-000007', '213,00'],
  ['21.11.2026', 'Bäckerei Größ', 'Stand 12', '40,00'],
];

const line = (overrides: Partial<BankStatementLine>): BankStatementLine => ({
  key: 'k',
  lineNumber: 2,
  bookingDate: '2026-11-20',
  valueDate: null,
  amount: 21300,
  currency: 'EUR',
  direction: 'credit',
  reference: null,
  bankReference: null,
  payer: null,
  status: 'unmatched',
  matchedBy: null,
  reason: 'No invoice number in the reference',
  purchase: null,
  candidates: [],
  difference: null,
  ...overrides,
});

const purchase = (id: number, invoiceNumber: string, amountToPay: number) => ({
  id,
  invoiceNumber,
  companyName: 'Aurora Robotics AS',
  amountToPay,
  status: 'approved',
});

const LAYOUT: BankStatementPreview = {
  format: 'csv',
  eventCurrency: 'EUR',
  needsMapping: true,
  lines: [],
  summary: { matched: 0, ambiguous: 0, amount_mismatch: 0, already_paid: 0, duplicate: 0, currency_mismatch: 0, unmatched: 0, not_a_credit: 0 },
  csv: {
    delimiter: ';',
    encoding: 'windows-1252',
    rows: ROWS,
    columns: ROWS[0]!,
    suggestedMapping: {
      headerRow: 1,
      date: 0,
      payer: 1,
      reference: 2,
      amount: 3,
      currency: null,
      bankReference: null,
      decimalSeparator: ',',
      dateFormat: 'DD.MM.YYYY',
    },
  },
};

const LINES: BankStatementPreview = {
  ...LAYOUT,
  needsMapping: false,
  summary: { ...LAYOUT.summary, matched: 2, amount_mismatch: 1 },
  lines: [
    line({
      key: 'by-reference',
      lineNumber: 2,
      status: 'matched',
      matchedBy: 'reference',
      payer: 'Müller & Söhne',
      reference: 'Rechnung INV-2026-000007',
      reason: 'Reference and amount agree with invoice INV-2026-000007',
      purchase: purchase(7, 'INV-2026-000007', 21300),
    }),
    line({
      key: 'by-amount',
      lineNumber: 3,
      amount: 4000,
      status: 'matched',
      matchedBy: 'amount',
      reason: 'No invoice number in the reference; invoice INV-2026-000008 is the only open one for €40.00. Check before ticking',
      purchase: purchase(8, 'INV-2026-000008', 4000),
    }),
    line({
      key: 'short',
      lineNumber: 4,
      amount: 10000,
      status: 'amount_mismatch',
      reason: 'Invoice INV-2026-000009 is for €213.00; €100.00 came, €113.00 too little',
      purchase: purchase(9, 'INV-2026-000009', 21300),
    }),
  ],
};

const fieldsOf = (request: SeenRequest) => {
  const form = request.body as FormData;
  return {
    mapping: form.get('mapping') ? JSON.parse(String(form.get('mapping'))) : null,
    lines: form.get('lines') ? JSON.parse(String(form.get('lines'))) : null,
    file: (form.get('file') as File | null)?.name,
  };
};

function serve(handle: (request: SeenRequest) => Reply) {
  const fake = fakeAdapter((request) =>
    request.url === '/events/1' ? { status: 200, data: { data: { id: 1, name: 'Baltic Build 2028' } } } : handle(request),
  );
  api.defaults.adapter = fake.adapter;
  return fake.seen;
}

function renderPage() {
  renderRoute('/events/1/bank-statement', [{ path: '/events/:eventId/bank-statement', element: <BankStatementPage /> }]);
}

async function chooseStatement() {
  const input = await screen.findByLabelText('Statement file');
  fireEvent.change(input, { target: { files: [new File(['csv'], 'umsaetze.csv', { type: 'text/csv' })] } });
}

describe('/events/:eventId/bank-statement', () => {
  it('shows a CSV’s first rows with the guessed columns, reads the lines with the chosen mapping, and records the ticked ones', async () => {
    const seen = serve((request) => {
      if (request.url.endsWith('/preview')) return { status: 200, data: { data: fieldsOf(request).mapping ? LINES : LAYOUT } };
      return {
        status: 200,
        data: {
          data: {
            recorded: [{ key: 'by-reference', lineNumber: 2, purchaseId: 7, invoiceNumber: 'INV-2026-000007', amount: 21300, paymentReference: 'Rechnung INV-2026-000007' }],
            currency: 'EUR',
            totalAmount: 21300,
          },
        },
      };
    });
    renderPage();
    await chooseStatement();

    const rows = await screen.findByRole('table', { name: 'First rows of the file' });
    expect(within(rows).getByText('Bäckerei Größ')).toBeTruthy();
    expect(screen.getByText(/Read as WINDOWS-1252, separated by semicolons/)).toBeTruthy();
    expect((screen.getByLabelText(/Amount/) as HTMLSelectElement).value).toBe('3');
    expect((screen.getByLabelText('Decimal separator') as HTMLSelectElement).value).toBe(',');
    fill(screen.getByLabelText(/Payer name/), '');
    fireEvent.click(screen.getByRole('button', { name: 'Read the lines' }));

    const byReference = await screen.findByRole('checkbox', { name: /Record line 2 of €213\.00 as the payment of invoice INV-2026-000007/ });
    expect(byReference.getAttribute('aria-checked')).toBe('true');
    // Matched by amount only: offered, not ticked; a mismatch cannot be ticked at all.
    const byAmount = screen.getByRole('checkbox', { name: /Record line 3/ });
    expect(byAmount.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('By amount only')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Record line 4/ })).toBeNull();
    expect(screen.getByText('Invoice INV-2026-000009 is for €213.00; €100.00 came, €113.00 too little')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Record 1 payment' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('€213.00 in all');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payments' }));

    expect(await screen.findByText('1 payment recorded, €213.00 in all')).toBeTruthy();
    const sent = seen.filter((request) => request.method === 'POST').map(fieldsOf);
    expect(sent).toEqual([
      { mapping: null, lines: null, file: 'umsaetze.csv' },
      { mapping: { ...LAYOUT.csv!.suggestedMapping, payer: null }, lines: null, file: 'umsaetze.csv' },
      { mapping: { ...LAYOUT.csv!.suggestedMapping, payer: null }, lines: ['by-reference'], file: 'umsaetze.csv' },
    ]);
  });

  it('says why a statement is refused, and lets a refused confirmation be checked again', async () => {
    let confirmations = 0;
    serve((request) => {
      if (request.url.endsWith('/confirm')) {
        confirmations += 1;
        return {
          status: 409,
          data: {
            statusCode: 409,
            error: 'Conflict',
            message: '1 of the ticked lines no longer match; nothing was recorded. Preview the statement again',
            details: [{ field: 'lines.0', message: 'Line 2: Invoice INV-2026-000007 is already paid' }],
          },
        };
      }
      return { status: 200, data: { data: { ...LINES, csv: null, format: 'camt053' } } };
    });
    renderPage();
    await chooseStatement();
    fireEvent.click(await screen.findByRole('button', { name: 'Record 1 payment' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Record payments' }));
    expect(await screen.findByText('Line 2: Invoice INV-2026-000007 is already paid')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('nothing was recorded');
    expect(confirmations).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Check the statement again' }));
    await waitFor(() => expect(screen.queryByText('Line 2: Invoice INV-2026-000007 is already paid')).toBeNull());
  });

  it('shows the server’s reason when the file cannot be read', async () => {
    serve(() => ({
      status: 400,
      data: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'This XML file is not a CAMT.053 bank statement (ISO 20022 BkToCstmrStmt)',
        details: [{ field: 'file', message: 'This XML file is not a CAMT.053 bank statement (ISO 20022 BkToCstmrStmt)' }],
      },
    }));
    renderPage();
    await chooseStatement();
    expect((await screen.findByRole('alert')).textContent).toBe('This XML file is not a CAMT.053 bank statement (ISO 20022 BkToCstmrStmt)');
    expect(screen.queryByRole('button', { name: /Record/ })).toBeNull();
  });
});
