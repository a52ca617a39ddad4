import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type SeenRequest } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { BadgeLinksPage } from './badge-links-page';

const originalAdapter = api.defaults.adapter;
const LINK = {
  id: 'k3Zq8WmP2xYt7RvN4cLd9HsA',
  kind: 'badge',
  eventId: 1,
  maxUses: 5,
  uses: 2,
  expiresAt: null,
  revokedAt: null,
  createdAt: '2027-01-10T10:00:00Z',
  lastUsedAt: '2027-01-11T10:00:00Z',
  badgeCategoryId: 4,
  badgeCategoryName: 'Booth staff',
  exhibitorId: 7,
  ownerName: 'Nordlys Solar AS – Ola Nordmann',
  email: null,
};
const meta = { page: 1, per_page: 20, total: 1, total_pages: 1 };
let seen: SeenRequest[];

beforeEach(() => {
  const { user } = demo.eventAdmin();
  startSession({ admin: user, token: 't', refreshToken: 'r' });
  const fake = fakeAdapter(({ method, url }) => {
    if (method === 'GET' && url === '/admin/registration-links') return { status: 200, data: { data: [LINK], meta } };
    if (url === '/admin/exhibitors')
      return { status: 200, data: { data: [{ id: 7, name: 'Ola Nordmann', companyName: 'Nordlys Solar AS' }], meta } };
    if (url === '/admin/sub-accounts')
      return { status: 200, data: { data: [{ id: 8, name: 'Kari Nordmann', companyName: 'Nordlys Solar AS' }], meta } };
    if (url === '/admin/email-templates')
      return { status: 200, data: { data: [{ id: 9, name: 'Crew invitation', eventId: 1, isActive: true }], meta } };
    if (method === 'POST')
      return {
        status: 201,
        data: { data: { ...LINK, id: 'n3wL1nkForOneRecipient00', maxUses: 1, email: 'ines@guest.example' } },
      };
    return { status: 204 };
  });
  api.defaults.adapter = fake.adapter;
  seen = fake.seen;
});

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

describe('BadgeLinksPage', () => {
  it('lists a category’s links with live use, sends a link to one recipient with a template, and revokes after confirmation', async () => {
    renderRoute('/registration-links?badgeCategoryId=4', [
      { path: '/registration-links', element: <BadgeLinksPage /> },
    ]);
    expect(await screen.findByText('Nordlys Solar AS – Ola Nordmann')).toBeTruthy();
    expect(screen.getByText('2 / 5')).toBeTruthy();
    expect(seen[0]!.params).toMatchObject({ kind: 'badge', badgeCategoryId: 4 });

    fireEvent.click(screen.getByRole('button', { name: 'New link' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByLabelText(/Send to one recipient/));
    await dialog.findByRole('option', { name: 'Nordlys Solar AS' });
    expect(dialog.getByRole('option', { name: 'Nordlys Solar AS – Kari Nordmann' })).toBeTruthy();
    fireEvent.change(dialog.getByRole('combobox', { name: /Owner/ }), { target: { value: '7' } });
    fill(dialog.getByLabelText(/^First name/), 'Ines');
    fill(dialog.getByLabelText(/^Last name/), 'Invited');
    fill(dialog.getByLabelText(/^Recipient email/), 'ines@guest.example');
    await dialog.findByRole('option', { name: 'Crew invitation' });
    fireEvent.change(dialog.getByRole('combobox', { name: /Email template/ }), { target: { value: '9' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Send link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = seen.find((request) => request.method === 'POST')!;
    expect(sent.url).toBe('/admin/registration-links/user-badge-category');
    expect(sent.body).toEqual({
      badgeCategoryId: 4,
      exhibitorId: 7,
      expiresAt: null,
      email: 'ines@guest.example',
      firstName: 'Ines',
      lastName: 'Invited',
      emailTemplateId: 9,
    });

    fireEvent.click(screen.getByRole('button', { name: /^Revoke http/ }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke link' }));
    await waitFor(() =>
      expect(
        seen.some((request) => request.method === 'DELETE' && request.url === `/admin/registration-links/${LINK.id}`),
      ).toBe(true),
    );
  });

  it('lets a VIP admin make its own VIP links without choosing an owner, and never says exhibitor', async () => {
    clearSession();
    const { user } = demo.vipAdmin();
    // As the seeded VIP Admin role: it registers VIP badges.
    startSession({ admin: { ...user, permissions: [...user.permissions, 'create_exhibitor_user'] }, token: 't', refreshToken: 'r' });
    renderRoute('/registration-links?badgeCategoryId=4', [{ path: '/registration-links', element: <BadgeLinksPage /> }]);
    await screen.findByText('Nordlys Solar AS – Ola Nordmann');
    fireEvent.click(screen.getByRole('button', { name: 'New link' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'VIP registration link' }));
    expect(dialog.queryByRole('combobox', { name: /Owner/ })).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(seen.some((request) => request.method === 'POST')).toBe(true));
    expect(seen.find((request) => request.method === 'POST')!.body).toEqual({
      kind: 'badge',
      badgeCategoryId: 4,
      exhibitorId: undefined,
      expiresAt: null,
      maxUses: null,
    });
    // The exhibitors it may not list are never asked for (they answered 403).
    expect(seen.some((request) => request.url === '/admin/exhibitors' || request.url === '/admin/sub-accounts')).toBe(false);
    expect(document.body.textContent).not.toMatch(/exhibitor/i);
  });
});
