import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, startSession } from '@/lib/session';
import { renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { BadgeListLinks } from './badge-links';

afterEach(() => clearSession());

function renderAs(session: ReturnType<(typeof demo)[keyof typeof demo]>, badgeType: string) {
  startSession({ admin: session.user, token: 't', refreshToken: 'r' });
  renderRoute('/users/9', [
    { path: '/users/:badgeCategoryId', element: <BadgeListLinks category={{ id: 9, eventId: 1, badgeType }} /> },
  ]);
}

describe('BadgeListLinks: the way to an import', () => {
  it('leads an exhibitor to the import into its own allocation, with the list’s category chosen', () => {
    renderAs(demo.exhibitor(), 'exhibitor');
    expect(screen.getByRole('link', { name: 'Import badges' }).getAttribute('href')).toBe(
      '/events/1/exhibitor/1/exhibitor-users/bulk-import?badgeCategoryId=9',
    );
  });

  it('leads a sub-account to its own import', () => {
    renderAs(demo.subAccount(), 'visitor');
    expect(screen.getByRole('link', { name: 'Import badges' }).getAttribute('href')).toBe(
      '/events/1/exhibitor/4/subaccount/1/exhibitor-users/bulk-import?badgeCategoryId=9',
    );
  });

  it('leads an event admin from a VIP category to the VIP upload', () => {
    renderAs(demo.eventAdmin(), 'vip');
    expect(screen.getByRole('link', { name: 'Upload VIP guests' }).getAttribute('href')).toBe(
      '/events/1/vip-users/bulk-upload?badgeCategoryId=9',
    );
  });

  it('offers no upload to a VIP admin, who may not create badges', () => {
    renderAs(demo.vipAdmin(), 'vip');
    expect(screen.queryByText('Upload VIP guests')).toBeNull();
    expect(screen.queryByText('Import badges')).toBeNull();
  });

  it('offers a VIP admin who registers VIP badges their upload, and no bulk send, which spends places it does not hold', () => {
    const vip = demo.vipAdmin();
    renderAs({ ...vip, user: { ...vip.user, permissions: [...vip.user.permissions, 'create_exhibitor_user'] } }, 'vip');
    expect(screen.getByRole('link', { name: 'Upload VIP guests' })).toBeTruthy();
    expect(screen.queryByText('Send registration links')).toBeNull();
  });

  it('offers an exhibitor the bulk send', () => {
    renderAs(demo.exhibitor(), 'exhibitor');
    expect(screen.getByRole('link', { name: 'Send registration links' }).getAttribute('href')).toBe(
      '/events/1/bulk-send-registration-link',
    );
  });
});
