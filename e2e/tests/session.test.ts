import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage, sidebarLinks, signIn, storedAuth, type DemoUser } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('signing in', () => {
  // A VIP admin lands on its first category's badges: the demo show's "VIP guests".
  const landings: [DemoUser, string | RegExp, string, string[]][] = [
    [
      'systemAdmin',
      '/',
      'Dashboard',
      [
        'Dashboard',
        'Companies',
        'Events',
        'History',
        'Badge Categories',
        'Addons Allocations',
        'Allocation Purchases',
        'Admins',
        'Roles',
        'Custom Fields',
        'Registration Links',
        'Email Templates',
        'Email Outbox',
      ],
    ],
    [
      'eventAdmin',
      '/',
      'Dashboard',
      [
        'Dashboard',
        'Companies',
        'Events',
        'Exhibitor Profiles',
        'Registration Links',
        'Email Outbox',
        'History',
        'Badge Categories',
        'Badge Allocations',
        'Addons Allocations',
        'Allocation Purchases',
      ],
    ],
    // Where '/' only leads to a screen another entry names, that entry stands alone (no Dashboard).
    ['vipAdmin', /^\/users\/\d+$/, 'VIP guests', ['Badges', 'Registration Links', 'VIP guests', 'Badge Categories']],
    [
      'exhibitor',
      '/welcome',
      'Welcome, Lars',
      [
        'Overview',
        'Sub-Accounts',
        'Badges',
        'Registration Links',
        'Email Outbox',
        'Webhooks',
        'Leads',
        'Lead questions',
        'Badge Categories',
        'Badge Allocations',
        'Allocation Purchases',
      ],
    ],
    [
      'subAccount',
      '/welcome',
      'Welcome, Emil',
      [
        'Overview',
        'Badges',
        'Registration Links',
        'Leads',
        'Lead questions',
        'Badge Categories',
        'Badge Allocations',
        'Allocation Purchases',
      ],
    ],
  ];

  it.each(landings)('%s lands on %s with the sidebar of its type', async (user, path, heading, links) => {
    const { page, errors } = await openPage(browser);
    await signIn(page, user);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(path instanceof RegExp ? path : new RegExp(`^${path}$`));
    expect(await sidebarLinks(page)).toEqual(links);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the server message for wrong credentials', async () => {
    const { page } = await openPage(browser);
    await page.goto('/login');
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('shows the dashboard counts and the system health', async () => {
    const { page } = await openPage(browser);
    // The organiser's dashboard reaches its own event only, whatever events other tests create.
    await signIn(page, 'eventAdmin');
    await page.getByText('Operational').waitFor();
    expect(await page.getByText('Connected', { exact: true }).count()).toBe(1);
    expect(await page.getByText(/^\d+h \d+m$/).count()).toBe(1);
    await page.getByText('Event created: Nordic Tech Expo 2027').waitFor();
    await page.context().close();
  });
});

describe('guards', () => {
  it('sends a user without the permission to Access Denied', async () => {
    const { page } = await openPage(browser);
    await signIn(page, 'exhibitor');
    await page.goto('/admins');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/unauthorized');
    await page.context().close();
  });

  it('sends an unauthenticated visitor to /login and back after signing in', async () => {
    const { page } = await openPage(browser);
    await page.goto('/companies');
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Admin-Demo-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Companies' }).waitFor();
    await page.context().close();
  });

  it('shows Page Not Found for an unknown path', async () => {
    const { page } = await openPage(browser);
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.context().close();
  });
});

describe('session', () => {
  it('keeps the chosen theme across a reload', async () => {
    const { page } = await openPage(browser);
    await signIn(page, 'systemAdmin');
    await page.getByRole('button', { name: /^Theme/ }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('exhibitor-portal-theme'))).toBe('dark');
    await page.context().close();
  });

  it('asks for confirmation before logging out, then returns to the saved page after signing in', async () => {
    const { page } = await openPage(browser);
    await signIn(page, 'systemAdmin');
    await page.goto('/roles');
    await page.getByRole('heading', { level: 1, name: 'Roles' }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Are you absolutely sure?').waitFor();
    await dialog
      .getByText('This action cannot be undone. This will permanently sign you out of your account.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await storedAuth(page)).toBeNull();

    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Admin-Demo-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Roles' }).waitFor();
    await page.context().close();
  });

  it('gives the saved page to the same account only: the next person on the browser lands on their own start', async () => {
    const { page } = await openPage(browser);
    await signIn(page, 'systemAdmin');
    await page.goto('/roles');
    await page.getByRole('heading', { level: 1, name: 'Roles' }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');

    await page.getByLabel('Email').fill('exhibitor@aurora-robotics.example');
    await page.getByLabel('Password', { exact: true }).fill('Exhibitor-Demo-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/welcome');
    expect(await page.getByText('Access Denied').count()).toBe(0);
    await page.context().close();
  });

  it('brings a signed-out VIP admin back to /vip/login', async () => {
    const { page } = await openPage(browser);
    await signIn(page, 'vipAdmin');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/vip/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.context().close();
  });

  it('refreshes an expired access token without the user noticing', async () => {
    const { page, errors } = await openPage(browser);
    await signIn(page, 'systemAdmin');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const before = await storedAuth(page);
    await page.evaluate(() => {
      const auth = JSON.parse(localStorage.getItem('exhibitor-portal-auth')!);
      auth.accessToken = 'expired.access.token';
      localStorage.setItem('exhibitor-portal-auth', JSON.stringify(auth));
    });
    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/auth/refresh')) refreshes.push(response.status());
    });

    await page.goto('/companies');
    await page.getByText('Aurora Robotics AS', { exact: true }).waitFor();

    expect(new URL(page.url()).pathname).toBe('/companies');
    expect(refreshes).toEqual([200]);
    const after = await storedAuth(page);
    expect(after?.accessToken).not.toBe('expired.access.token');
    expect(after?.refreshToken).not.toBe(before?.refreshToken);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
