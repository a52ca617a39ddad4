import type { Badge } from '@portal/shared/badges';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type Reply, type SeenRequest } from '@/testing/fake-adapter';
import { renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { ViewBadgePage } from './view-badge-page';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const originalAdapter = api.defaults.adapter;
let seen: SeenRequest[];
let resendAnswer: Reply;

const BADGE: Badge = {
  id: 42,
  eventId: 1,
  event: { id: 1, name: 'Nordic Expo' },
  eventName: 'Nordic Expo',
  badgeCategoryId: 4,
  badgeCategory: { id: 4, name: 'Exhibitor staff' },
  exhibitorId: 2,
  companyName: 'Nordlys AS',
  createdByAdminId: 2,
  createdByName: 'Kari Nordmann',
  firstName: 'Ola',
  lastName: 'Nordmann',
  name: 'Ola Nordmann',
  email: 'ola@nordlys.example',
  phone: null,
  type: 'exhibitor',
  status: 'active',
  code: 'ABCD234567',
  customFieldValues: [],
  addons: [],
  leadConsent: null,
  createdAt: '2027-01-01T00:00:00.000Z',
  updatedAt: '2027-01-01T00:00:00.000Z',
} as unknown as Badge;

function serve(badge: Badge) {
  const fake = fakeAdapter((request) => {
    if (request.method === 'POST' && request.url === '/admin/exhibitor-users/42/resend-badge') return resendAnswer;
    if (request.url === '/admin/exhibitor-users/42') return { status: 200, data: { data: badge } };
    return { status: 200, data: { data: [] } };
  });
  seen = fake.seen;
  api.defaults.adapter = fake.adapter;
}

beforeEach(() => {
  const { user } = demo.eventAdmin();
  startSession({ admin: user, token: 't', refreshToken: 'r' });
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

const renderPage = () => renderRoute('/view-user/42', [{ path: '/view-user/:id', element: <ViewBadgePage /> }]);
const resends = () => seen.filter((request) => request.url.endsWith('/resend-badge'));

describe('Resend badge', () => {
  it('asks first, then sends the badge again and says where it went', async () => {
    serve(BADGE);
    resendAnswer = { status: 202, data: { data: { outboxId: 9, toAddress: 'ola@nordlys.example' } } };
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Resend badge' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('at ola@nordlys.example');
    expect(resends()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Resend badge' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Badge sent to ola@nordlys.example'));
    expect(resends()).toHaveLength(1);
  });

  it('sends nothing when the confirmation is dismissed', async () => {
    serve(BADGE);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Resend badge' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(resends()).toHaveLength(0);
  });

  it('shows the server’s refusal', async () => {
    serve(BADGE);
    resendAnswer = { status: 410, data: { statusCode: 410, error: 'Gone', message: 'This badge is cancelled: it is not sent' } };
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Resend badge' }));
    await screen.findByRole('alertdialog');
    fireEvent.click(screen.getByRole('button', { name: 'Resend badge' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('This badge is cancelled: it is not sent'));
  });

  it('is not offered for a cancelled badge', async () => {
    serve({ ...BADGE, status: 'cancelled' });
    renderPage();
    await screen.findByRole('button', { name: 'Reactivate' });
    expect(screen.queryByRole('button', { name: 'Resend badge' })).toBeNull();
  });
});

describe('Lead consent', () => {
  it('shows the version the holder consented to', async () => {
    serve({ ...BADGE, leadConsent: { version: 3, at: '2027-02-01T09:30:00.000Z' } });
    renderPage();
    expect(await screen.findByText(/Consented to share contact details \(version 3\)/)).toBeTruthy();
  });

  it('says nothing of consent when none was given', async () => {
    serve(BADGE);
    renderPage();
    expect(await screen.findByText('ola@nordlys.example')).toBeTruthy();
    expect(screen.queryByText('Lead consent')).toBeNull();
  });
});
