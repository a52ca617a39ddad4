import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type Reply } from '@/testing/fake-adapter';
import { demo } from '@/testing/sessions';
import { DownloadAllInvoicesButton } from './download-all-invoices-button';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const originalAdapter = api.defaults.adapter;

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

/** Answers the archive request with `answer`, and records what the browser was asked to save. */
function serve(answer: Reply) {
  startSession({ admin: demo.eventAdmin().user, token: 'access-token', refreshToken: 'r' });
  const { adapter, seen } = fakeAdapter(() => answer);
  api.defaults.adapter = adapter;
  URL.createObjectURL = vi.fn(() => 'blob:zip');
  URL.revokeObjectURL = vi.fn();
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  render(<DownloadAllInvoicesButton eventId={3} eventName="Trade Fair 2026" />);
  return { seen, saved };
}

describe('DownloadAllInvoicesButton', () => {
  it('downloads the server’s ZIP of the event’s invoices with the bearer token, under the server’s name', async () => {
    const zip = new Blob(['PK']);
    const { seen, saved } = serve({
      status: 200,
      data: zip,
      headers: { 'content-disposition': "attachment; filename*=UTF-8''invoices-event-3.zip", 'x-document-count': '12' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download all invoices' }));
    await waitFor(() => expect(saved).toEqual(['invoices-event-3.zip']));
    expect(seen).toEqual([
      expect.objectContaining({
        method: 'GET',
        url: '/admin/events/3/invoices.zip',
        authorization: 'Bearer access-token',
      }),
    ]);
    expect(URL.createObjectURL).toHaveBeenCalledWith(zip);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Download all invoices' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it.each([
    ['Excel workbook (.xlsx)', 'xlsx'],
    ['CSV (.csv)', 'csv'],
  ])('exports the invoice list as %s from the menu', async (item, format) => {
    const { seen, saved } = serve({
      status: 200,
      data: new Blob(['rows']),
      headers: { 'content-disposition': `attachment; filename*=UTF-8''invoices-event-3.${format}`, 'x-document-count': '4' },
    });
    const trigger = screen.getByRole('button', { name: 'Export invoice list' });
    fireEvent.keyDown(trigger, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: item }));
    await waitFor(() => expect(saved).toEqual([`invoices-event-3.${format}`]));
    expect(seen).toEqual([expect.objectContaining({ method: 'GET', url: `/admin/events/3/invoices.${format}` })]);
  });

  it('says so when the event has no invoice yet, and saves nothing', async () => {
    const { saved } = serve({ status: 200, data: new Blob(['PK']), headers: { 'x-document-count': '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download all invoices' }));
    await waitFor(() => expect(toast.info).toHaveBeenCalledWith('No invoices have been issued for this event yet.'));
    expect(saved).toEqual([]);
  });

  it('shows the server’s message when the archive is refused', async () => {
    const { saved } = serve({
      status: 404,
      data: new Blob([JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Event not found' })]),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download all invoices' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Event not found'));
    expect(saved).toEqual([]);
  });
});
