import type { Lead, UpdateLeadBody } from '@portal/shared/leads';
import { AxiosError } from 'axios';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type Reply, type SeenRequest } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { leadFixture } from '../testing/fixtures';
import { LeadScanPage } from './lead-scan-page';

// jsdom has no IndexedDB: the booth keeps its queue in memory here, through the same store contract.
const memory = vi.hoisted(() => ({ store: null as unknown }));
vi.mock('../lib/booth-db', async () => {
  const { memoryBoothStore } = await import('../testing/memory-booth-store');
  const created = memoryBoothStore();
  memory.store = created;
  return { indexedDbBoothStore: created.store };
});

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
  const { queued, unsaved } = memory.store as { queued: Map<string, unknown>; unsaved: Map<string, unknown> };
  queued.clear();
  unsaved.clear();
});

function renderPage(handle: (request: SeenRequest) => Reply) {
  startSession({ admin: demo.subAccount().user, token: 't', refreshToken: 'r' });
  const { adapter, seen } = fakeAdapter(handle);
  api.defaults.adapter = adapter;
  renderRoute('/leads/scan', [
    { path: '/leads/scan', element: <LeadScanPage /> },
    { path: '/leads/:id', element: <p>Lead page</p> },
  ]);
  return seen;
}

function answering(lead: Lead, created = true) {
  return (request: SeenRequest): Reply =>
    request.method === 'POST'
      ? { status: created ? 201 : 200, data: { data: { lead, created } } }
      : { status: 200, data: { data: lead } };
}

async function typeCode(code: string) {
  fill(await screen.findByLabelText('Badge code'), code);
  fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
}

/** A handheld scanner: the code's keys and Enter, quickly, anywhere on the page. */
function scanWithScanner(code: string) {
  for (const key of [...code, 'Enter']) fireEvent.keyDown(document.body, { key });
}

describe('LeadScanPage', () => {
  it('shows who was scanned and saves the quick qualification in one change', async () => {
    const lead = leadFixture({
      visitor: { firstName: 'Олена', lastName: 'Шевченко', company: 'Київ Автоматика', email: 'olena@example.com' },
    });
    const seen = renderPage(answering(lead));
    await typeCode('k7m9q2xr4t');
    const answer = await screen.findByRole('region', { name: 'Scan result' });
    expect(answer.textContent).toContain('New lead');
    expect(answer.textContent).toContain('Олена Шевченко');
    expect(answer.textContent).toContain('olena@example.com');
    expect(seen.find((request) => request.method === 'POST')!.body).toMatchObject({ code: 'K7M9Q2XR4T' });

    fireEvent.click(screen.getByRole('radio', { name: 'Hot' }));
    fill(screen.getByLabelText('Note'), 'Wants a demo robot for the Kyiv plant');
    fireEvent.click(screen.getByRole('button', { name: 'Save and scan next' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Scan result' })).toBeNull());
    const put = seen.find((request) => request.method === 'PUT')!;
    expect(put.url).toBe('/leads/7');
    expect(put.body).toEqual({
      rating: 'hot',
      notes: [{ id: expect.any(String), text: 'Wants a demo robot for the Kyiv plant' }],
    });
  });

  it('says a visitor was scanned before, and how often', async () => {
    renderPage(answering(leadFixture({ scans: 3, rating: 'warm', tags: ['demo'] }), false));
    await typeCode('K7M9Q2XR4T');
    expect(await screen.findByText(/Scanned before — 3 scans/)).toBeTruthy();
    // The panel starts from the lead as it is.
    expect((screen.getByRole('radio', { name: 'Warm' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Remove tag demo' })).toBeTruthy();
  });

  it('saves what was entered before a new badge from the handheld scanner is looked up', async () => {
    const seen = renderPage(answering(leadFixture()));
    await typeCode('FIRSTBADGE');
    fill(await screen.findByLabelText('Note'), 'Met at the coffee bar');
    scanWithScanner('NEXTBADGE2');
    await waitFor(() => expect(seen.filter((request) => request.method === 'POST')).toHaveLength(2));
    // The page's one question of whether the caller may scan aside, the scans and the save in order.
    const sent = seen.filter((request) => request.url !== '/leads/access');
    expect(sent.map((request) => request.method)).toEqual(['POST', 'PUT', 'POST']);
    expect((sent[1]!.body as UpdateLeadBody).notes![0]!.text).toBe('Met at the coffee bar');
    expect(sent[2]!.body).toMatchObject({ code: 'NEXTBADGE2' });
  });

  it('says in words why a badge is no lead', async () => {
    renderPage(() => ({
      status: 422,
      data: { statusCode: 422, error: 'Unprocessable Entity', message: 'This badge is cancelled' },
    }));
    await typeCode('CANCELLED1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Badge cancelled');
    expect(alert.textContent).toContain('This badge is cancelled');
    fireEvent.click(screen.getByRole('button', { name: 'Scan next' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('keeps a scan without network on the phone and says it will be sent', async () => {
    renderPage(() => {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK);
    });
    await typeCode('K7M9Q2XR4T');
    expect(await screen.findByText('Saved — will be sent when back online')).toBeTruthy();
    expect(screen.getByText(/1 scan waiting to send/)).toBeTruthy();
    expect(screen.getByTestId('booth-status').textContent).toContain('Offline');
    fireEvent.click(screen.getByRole('radio', { name: 'Hot' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save and scan next' }));
    await waitFor(() => expect(screen.queryByText('Saved — will be sent when back online')).toBeNull());
    const { queued } = memory.store as { queued: Map<string, { body: { rating?: string } }> };
    expect([...queued.values()].map((work) => work.body.rating)).toEqual(['hot']);
    expect(screen.getByTestId('booth-status').textContent).toContain('1 waiting to send');
  });

  it('shows why the caller cannot scan in place of the camera, and scans nothing from a handheld scanner', async () => {
    const seen = renderPage((request) =>
      request.url === '/leads/access'
        ? { status: 200, data: { data: { canScan: false, mode: 'seats', reason: 'Ask Ābols SIA to give you a lead scanning seat' } } }
        : { status: 200, data: { data: leadFixture() } },
    );
    expect(await screen.findByText('Ask Ābols SIA to give you a lead scanning seat')).toBeTruthy();
    expect(screen.queryByLabelText('Badge code')).toBeNull();
    // A sub-account cannot buy: no link to the purchases.
    expect(screen.queryByRole('link', { name: 'Allocation Purchases' })).toBeNull();
    scanWithScanner('K7M9Q2XR4T');
    await waitFor(() => expect(seen.some((request) => request.url === '/leads/access')).toBe(true));
    expect(seen.filter((request) => request.method === 'POST')).toEqual([]);
  });
});

