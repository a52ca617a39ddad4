import { INVOICE_FAILURE_MESSAGE } from '@portal/shared/allocation-purchases';
import { documentTax } from '@portal/shared/vat';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { renderRoute } from '@/testing/render';
import { answerRequests } from '../testing/api';
import { invoiceOf } from '../testing/fixtures';
import { InvoiceDialog } from './invoice-dialog';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

// The drawing itself needs a real browser (the browser test downloads a real PDF); here it fails
// the way a browser that cannot draw the page would.
const renderPdf = vi.fn();
vi.mock('../lib/invoice-pdf', () => ({ renderPdf: (...args: unknown[]) => renderPdf(...args) }));

const originalAdapter = api.defaults.adapter;

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  vi.clearAllMocks();
});

function open(invoice = invoiceOf()) {
  const seen = answerRequests(() => ({ status: 200, data: { data: invoice } }));
  renderRoute('/', [
    { path: '/', element: <InvoiceDialog source={{ kind: 'invoice', purchaseId: 42 }} onClose={() => {}} /> },
  ]);
  return seen;
}

describe('InvoiceDialog', () => {
  it('shows the invoice as issued', async () => {
    const seen = open();
    expect(await screen.findByRole('article', { name: 'Invoice INV-2027-000007' })).toBeTruthy();
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/admin/allocation-purchases/42/invoice' });
  });

  it('draws the invoice from an A4 page laid out off screen', async () => {
    renderPdf.mockRejectedValue(new Error('stop here'));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(renderPdf).toHaveBeenCalledTimes(1));
    const [pages] = renderPdf.mock.calls[0] as [HTMLElement[]];
    expect(pages).toHaveLength(1);
    expect(pages[0]!.style.width).toBe('794px');
    expect(pages[0]!.textContent).toContain('INV-2027-000007');
  });

  it('shows the logo the invoice was issued with, fetched with the sign-in, and waits for it before drawing the PDF', async () => {
    const logo = new Blob(['png bytes'], { type: 'image/png' });
    const createObjectURL = vi.fn(() => 'blob:logo');
    // jsdom has neither object URLs nor image decoding.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const decode = vi.fn(() => Promise.resolve());
    HTMLImageElement.prototype.decode = decode;
    renderPdf.mockRejectedValue(new Error('stop here'));
    const seen = answerRequests(({ url }) =>
      url.endsWith('/logo')
        ? { status: 200, data: logo }
        : { status: 200, data: { data: invoiceOf({ logoFileId: 'f1', issuer: null }) } },
    );
    renderRoute('/', [
      { path: '/', element: <InvoiceDialog source={{ kind: 'invoice', purchaseId: 42 }} onClose={() => {}} /> },
    ]);
    const shown = await screen.findByRole('img', { name: 'Issuer logo' });
    expect(shown.getAttribute('src')).toBe('blob:logo');
    expect(seen.map((request) => request.url)).toContain('/admin/allocation-purchases/42/invoice/logo');
    expect(createObjectURL).toHaveBeenCalledWith(logo);

    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(renderPdf).toHaveBeenCalledTimes(1));
    const [pages] = renderPdf.mock.calls[0] as [HTMLElement[]];
    expect(pages[0]!.querySelector('img')?.getAttribute('src')).toBe('blob:logo');
    expect(decode).toHaveBeenCalled();
    // Fetched once per file: the page reuses what the screen loaded.
    expect(seen.filter((request) => request.url.endsWith('/logo'))).toHaveLength(1);
  });

  it('asks for no logo when the invoice was issued without one', async () => {
    const seen = open();
    expect(await screen.findByRole('article')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(seen.map((request) => request.url)).toEqual(['/admin/allocation-purchases/42/invoice']);
  });

  it('draws a VAT invoice’s page with its breakdown and totals', async () => {
    renderPdf.mockRejectedValue(new Error('stop here'));
    open(
      invoiceOf({
        currency: 'EUR',
        lines: [{ description: 'Badge Allocation', quantity: 8, unitPrice: 2500, total: 20000, vatCategory: 'S', vatRate: 19 }],
        totalAmount: 23800,
        tax: documentTax(
          { category: 'S', rateBasisPoints: 1900, pricesIncludeTax: false, exemptionReason: null },
          { net: 20000, tax: 3800, gross: 23800 },
        ),
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(renderPdf).toHaveBeenCalledTimes(1));
    const [pages] = renderPdf.mock.calls[0] as [HTMLElement[]];
    expect(pages[0]!.querySelector('table[aria-label="VAT breakdown"]')?.textContent).toContain('VAT 19 %€200.00€38.00€238.00');
    expect(pages[0]!.textContent).toContain('Total net€200.00VAT€38.00Total amount€238.00');
  });

  it('says “Failed to generate invoice. Please try again.” when the PDF cannot be made, and lets the user retry', async () => {
    renderPdf.mockRejectedValue(new Error('canvas is not available'));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(INVOICE_FAILURE_MESSAGE));
    expect(INVOICE_FAILURE_MESSAGE).toBe('Failed to generate invoice. Please try again.');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Download PDF' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(document.querySelector('[data-invoice-stage]')).toBeNull();
  });

  it('downloads the server’s PDF/A of the invoice, beside the browser’s PDF, under the server’s name', async () => {
    const pdf = new Blob(['%PDF-1.7']);
    const seen = answerRequests((request) =>
      request.url.endsWith('.pdf')
        ? { status: 200, data: pdf, headers: { 'content-disposition': "attachment; filename*=UTF-8''INV-2027-000007.pdf" } }
        : { status: 200, data: { data: invoiceOf() } },
    );
    URL.createObjectURL = vi.fn(() => 'blob:pdf');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderRoute('/', [
      { path: '/', element: <InvoiceDialog source={{ kind: 'invoice', purchaseId: 42 }} onClose={() => {}} /> },
    ]);
    expect(await screen.findByRole('button', { name: 'Download PDF' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF/A' }));
    await waitFor(() => expect(saved).toEqual(['INV-2027-000007.pdf']));
    expect(seen.map((request) => request.url)).toContain('/admin/allocation-purchases/42/invoice.pdf');
    expect(URL.createObjectURL).toHaveBeenCalledWith(pdf);
    // The server draws this one: the browser's drawing is not started.
    expect(renderPdf).not.toHaveBeenCalled();
    click.mockRestore();
  });

  it('asks for a credit note’s PDF/A at its own address, and says so when it cannot be had', async () => {
    const seen = answerRequests((request) =>
      request.url.endsWith('.pdf')
        ? { status: 500, data: new Blob(['not json']) }
        : { status: 200, data: { data: invoiceOf({ kind: 'credit_note', number: 'CN-2027-000002', status: 'CREDITED' }) } },
    );
    renderRoute('/', [{ path: '/', element: <InvoiceDialog source={{ kind: 'credit_note', id: 5 }} onClose={() => {}} /> }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF/A' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(INVOICE_FAILURE_MESSAGE));
    expect(seen.map((request) => request.url)).toContain('/admin/credit-notes/5.pdf');
  });

  it('downloads the e-invoice under the server’s name, and shows why when the server has none', async () => {
    const xml = new Blob(['<?xml version="1.0"?>']);
    let refuse = false;
    const seen = answerRequests((request) =>
      !request.url.endsWith('.xml')
        ? { status: 200, data: { data: invoiceOf() } }
        : refuse
          ? { status: 422, data: new Blob([JSON.stringify({ statusCode: 422, message: "Enter the issuer's country on the event's Invoicing page" })]) }
          : { status: 200, data: xml, headers: { 'content-disposition': "attachment; filename*=UTF-8''INV-2027-000007.xml" } },
    );
    URL.createObjectURL = vi.fn(() => 'blob:xml');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderRoute('/', [
      { path: '/', element: <InvoiceDialog source={{ kind: 'invoice', purchaseId: 42 }} onClose={() => {}} /> },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'E-invoice (XML)' }));
    await waitFor(() => expect(saved).toEqual(['INV-2027-000007.xml']));
    expect(seen.map((request) => request.url)).toContain('/admin/allocation-purchases/42/invoice.xml');

    refuse = true;
    // The button stays busy until the first download settles; click it once it is back.
    fireEvent.click(await screen.findByRole('button', { name: 'E-invoice (XML)' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Enter the issuer's country on the event's Invoicing page"));
    expect(saved).toHaveLength(1);
    click.mockRestore();
  });

  it('downloads a credit note’s XRechnung from its e-invoice address with the profile, and says what is missing', async () => {
    let refuse = false;
    const seen = answerRequests((request) =>
      !request.url.endsWith('.xml')
        ? { status: 200, data: { data: invoiceOf({ kind: 'credit_note', number: 'CN-2027-000002', status: 'CREDITED' }) } }
        : refuse
          ? {
              status: 422,
              data: new Blob([JSON.stringify({ statusCode: 422, message: 'An XRechnung needs what this document lacks: issuer.postcode' })]),
            }
          : {
              status: 200,
              data: new Blob(['<?xml version="1.0"?>']),
              headers: { 'content-disposition': "attachment; filename*=UTF-8''CN-2027-000002-xrechnung.xml" },
            },
    );
    URL.createObjectURL = vi.fn(() => 'blob:xml');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderRoute('/', [{ path: '/', element: <InvoiceDialog source={{ kind: 'credit_note', id: 5 }} onClose={() => {}} /> }]);
    fireEvent.click(await screen.findByRole('button', { name: 'XRechnung (XML)' }));
    await waitFor(() => expect(saved).toEqual(['CN-2027-000002-xrechnung.xml']));
    expect(seen.find((request) => request.url === '/admin/credit-notes/5.xml')?.params).toEqual({ profile: 'xrechnung' });

    refuse = true;
    // The button stays busy until the first download settles; click it once it is back.
    fireEvent.click(await screen.findByRole('button', { name: 'XRechnung (XML)' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('An XRechnung needs what this document lacks: issuer.postcode'));
    expect(saved).toHaveLength(1);
    click.mockRestore();
  });
});
