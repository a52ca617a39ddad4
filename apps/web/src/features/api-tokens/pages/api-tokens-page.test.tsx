import type { ApiToken, CreatedApiToken } from '@portal/shared/api-tokens';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type Reply, type SeenRequest } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { ApiTokensPage } from './api-tokens-page';

// jsdom has no ResizeObserver, with which Radix's checkbox measures itself; nothing here needs sizes.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
  vi.restoreAllMocks();
});

const tokenFixture = (overrides: Partial<ApiToken> = {}): ApiToken => ({
  id: 7,
  name: 'CRM sync',
  prefix: 'ept_Ab12Cd34',
  permissions: ['view_exhibitor_users'],
  status: 'active',
  createdAt: '2027-01-10T09:00:00.000Z',
  expiresAt: '2027-04-10T09:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  ...overrides,
});

const SECRET = 'ept_VGhpcyBpcyB0aGUgb25lLXRpbWUgc2VjcmV0IG9mIGEgdG9rZW4';
const CREATED: CreatedApiToken = { apiToken: tokenFixture({ id: 8, name: 'Badge export' }), token: SECRET };

function renderPage({ tokens = [tokenFixture()], answer }: { tokens?: ApiToken[]; answer?: (request: SeenRequest) => Reply | undefined } = {}) {
  startSession({ admin: demo.exhibitor().user, token: 't', refreshToken: 'r' });
  const { adapter, seen } = fakeAdapter((request) => {
    const answered = answer?.(request);
    if (answered) return answered;
    if (request.url === '/admin/api-tokens' && request.method === 'GET') return { status: 200, data: { data: tokens } };
    if (request.url === '/admin/api-tokens' && request.method === 'POST') return { status: 201, data: { data: CREATED } };
    if (request.url.endsWith('/revoke')) return { status: 200, data: { data: tokenFixture({ status: 'revoked' }) } };
    return { status: 404, data: { statusCode: 404, error: 'Not Found', message: 'Not found' } };
  });
  api.defaults.adapter = adapter;
  renderRoute('/account/api-tokens', [{ path: '/account/api-tokens', element: <ApiTokensPage /> }]);
  return { seen };
}

describe('ApiTokensPage', () => {
  it('lists the user’s tokens with their prefix and status', async () => {
    renderPage({ tokens: [tokenFixture(), tokenFixture({ id: 9, name: 'Old script', status: 'revoked' })] });
    const row = (await screen.findByText('CRM sync')).closest('tr')!;
    expect(within(row).getByText('ept_Ab12Cd34…')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();
    const revoked = screen.getByText('Old script').closest('tr')!;
    expect(within(revoked).getByText('Revoked')).toBeTruthy();
    expect(within(revoked).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it('shows an empty state without tokens', async () => {
    renderPage({ tokens: [] });
    expect(await screen.findByText('No tokens yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says why the tokens could not be loaded', async () => {
    renderPage({
      answer: (request) =>
        request.method === 'GET'
          ? { status: 500, data: { statusCode: 500, error: 'Internal Server Error', message: 'The database is away' } }
          : undefined,
    });
    expect(await screen.findByText('The tokens could not be loaded')).toBeTruthy();
    expect(screen.getByText('The database is away')).toBeTruthy();
  });

  it('lets the user hide a column, but not the token’s name or status', async () => {
    renderPage();
    await screen.findByText('CRM sync');
    fireEvent.keyDown(screen.getByRole('button', { name: 'Columns' }), { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    const offered = within(menu).getAllByRole('menuitemcheckbox');
    expect(offered.map((item) => item.textContent)).toEqual(['Permissions', 'Created', 'Expires', 'Last used']);
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Permissions' }));
    expect(screen.queryByRole('columnheader', { name: 'Permissions' })).toBeNull();
  });

  it('creates a token from the user’s own permissions and shows its secret once, with a warning and a copy button', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { seen } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'New token' }));
    fill(await screen.findByLabelText(/^Name/), 'Badge export');
    // Only permissions the exhibitor holds are offered, grouped by area.
    expect(screen.queryByLabelText('Manage admins')).toBeNull();
    expect(screen.getByText(/^0 of \d+ permissions selected$/)).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'All Exhibitor users permissions' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('View exhibitor users'));
    fireEvent.click(screen.getByLabelText('Can see exhibitor'));
    const before = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));

    const secret = (await screen.findByLabelText('Your new token')) as HTMLInputElement;
    expect(secret.value).toBe(SECRET);
    expect(screen.getByRole('alert').textContent).toMatch(/shown only this once/);
    const body = seen.find((request) => request.method === 'POST')!.body as { name: string; permissions: string[]; expiresAt: string };
    expect(body.name).toBe('Badge export');
    expect(body.permissions).toEqual(['view_exhibitor_users', 'can_see_exhibitor']);
    // 90 days unless chosen otherwise.
    expect(Date.parse(body.expiresAt) - before).toBeGreaterThanOrEqual(90 * 86_400_000);
    expect(Date.parse(body.expiresAt) - before).toBeLessThan(90 * 86_400_000 + 60_000);

    fireEvent.click(screen.getByRole('button', { name: 'Copy token' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));

    // Once closed, the secret is gone from the page for good.
    fireEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByLabelText('Your new token')).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('sends a chosen last day as its end, and puts the server’s refusal on the permissions', async () => {
    const { seen } = renderPage({
      answer: (request) =>
        request.method === 'POST'
          ? {
              status: 422,
              data: {
                statusCode: 422,
                error: 'Unprocessable Entity',
                message: 'You do not hold view_exhibitor_users, so a token of yours cannot have it',
                details: [{ field: 'permissions.0', message: 'You do not hold view_exhibitor_users, so a token of yours cannot have it' }],
              },
            }
          : undefined,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New token' }));
    fill(await screen.findByLabelText(/^Name/), 'Badge export');
    fireEvent.click(screen.getByLabelText('View exhibitor users'));
    fireEvent.click(screen.getByLabelText('On a date'));
    fill(await screen.findByLabelText(/^Last day/), '2099-12-31');
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('You do not hold view_exhibitor_users, so a token of yours cannot have it')).toBeTruthy();
    const body = seen.find((request) => request.method === 'POST')!.body as { expiresAt: string };
    expect(body.expiresAt).toBe(new Date('2099-12-31T23:59:59').toISOString());
    expect(screen.queryByLabelText('Your new token')).toBeNull();
  });

  it('refuses a form without permissions before sending it', async () => {
    const { seen } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'New token' }));
    fill(await screen.findByLabelText(/^Name/), 'Nothing');
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Choose at least one permission')).toBeTruthy();
    expect(seen.some((request) => request.method === 'POST')).toBe(false);
  });

  it('revokes a token only after confirmation', async () => {
    const { seen } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke CRM sync' }));
    expect(seen.some((request) => request.url.endsWith('/revoke'))).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke token' }));
    await waitFor(() => expect(seen.some((request) => request.url === '/admin/api-tokens/7/revoke')).toBe(true));
  });
});
