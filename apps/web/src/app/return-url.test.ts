import { beforeEach, describe, expect, it } from 'vitest';
import { saveReturnUrl, startSession, takeReturnUrl } from '@/lib/session';
import { demo } from '@/testing/sessions';
import { mayOpen } from './routes';

function signIn(session: ReturnType<(typeof demo)[keyof typeof demo]>) {
  startSession({ admin: session.user, token: 'access-1', refreshToken: 'refresh-1' });
}

describe('the return URL after sign-in (the route table checks it)', () => {
  beforeEach(() => localStorage.clear());

  it('leads the same account back to a screen it may open', () => {
    const exhibitor = demo.exhibitor();
    saveReturnUrl('/sub-accounts?page=2', exhibitor.user);
    signIn(exhibitor);
    expect(takeReturnUrl()).toBe('/sub-accounts?page=2');
  });

  it('is dropped when the account may no longer open the screen', () => {
    const subAccount = demo.subAccount();
    saveReturnUrl('/admins', subAccount.user);
    signIn(subAccount);
    expect(takeReturnUrl()).toBeNull();
  });

  it('judges a URL by the guard of the screen it leads to', () => {
    const exhibitor = demo.exhibitor().user.permissions;
    expect(mayOpen('/users/12/create?x=1', exhibitor)).toBe(true);
    expect(mayOpen('/events/create', exhibitor)).toBe(false);
    expect(mayOpen('/events/3', demo.eventAdmin().user.permissions)).toBe(true);
    expect(mayOpen('/custom-fields/4/edit', demo.vipAdmin().user.permissions)).toBe(false);
    expect(mayOpen('/welcome', [])).toBe(true);
  });
});
