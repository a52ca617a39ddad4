import { INVOICE_FAILURE_MESSAGE } from '@portal/shared/allocation-purchases';
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

function open() {
  const seen = answerRequests(() => ({ status: 200, data: { data: invoiceOf() } }));
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
});
