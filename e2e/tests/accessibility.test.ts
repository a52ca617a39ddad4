import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// axe-core is injected into each page as a script of its own: the portal ships nothing of it.
import { accessibilityFindings } from './axe';
import { baseUrl, launchChromium, signIn, type DemoUser } from './browser';

type Ids = {
  event: number;
  exhibitor: number;
  subAccount: number;
  category: number;
  vipCategory: number;
  badge: number;
  field: number;
  link: string;
};

/** The screens each demo user opens, with real ids of the demo show; together they cover every route of the portal. */
function screensOf(user: DemoUser, ids: Ids): string[] {
  const { event, exhibitor, subAccount, category, badge, field } = ids;
  const exhibitorPath = `/events/${event}/exhibitor/${exhibitor}`;
  switch (user) {
    case 'systemAdmin':
      return [
        '/',
        '/dashboard',
        '/companies',
        '/events',
        '/events/create',
        `/events/${event}`,
        `/events/${event}/edit`,
        '/admins',
        '/roles',
        `/custom-fields?eventId=${event}`,
        `/custom-fields/create?eventId=${event}`,
        `/custom-fields/${field}/edit`,
        `/custom-fields/export?eventId=${event}`,
        `/custom-fields/import?eventId=${event}`,
        '/email-templates',
        '/email-templates/create',
        '/email-templates/1/edit',
        '/email-outbox',
        `/events/${event}/templates/create`,
        `/events/${event}/templates/1/edit`,
        '/badge-categories',
        '/addons-allocations',
        '/allocation-purchases',
      ];
    case 'eventAdmin':
      return [
        '/',
        '/admins',
        '/companies',
        '/exhibitors',
        '/exhibitors/create',
        `/events/${event}`,
        `/events/${event}?tab=allocations`,
        exhibitorPath,
        `${exhibitorPath}/subaccount/${subAccount}`,
        `/events/${event}/exhibitors/bulk-import`,
        `${exhibitorPath}/sub-accounts/bulk-import`,
        `${exhibitorPath}/exhibitor-users/bulk-import`,
        `${exhibitorPath}/subaccount/${subAccount}/exhibitor-users/bulk-import`,
        `/events/${event}/vip-users/bulk-upload`,
        `/events/${event}/bulk-send-registration-link`,
        `/users/${category}`,
        `/users/${category}/create`,
        '/users/create',
        `/view-user/${badge}`,
        `/edit-user/${badge}`,
        '/badges',
        '/registrations',
        `/registration-links?badgeCategoryId=${category}`,
        '/badge-categories',
        '/badge-allocations',
        `/custom-fields`,
      ];
    case 'vipAdmin':
      return ['/users', `/users/${ids.vipCategory}`, '/registrations', '/badge-categories'];
    case 'exhibitor':
      return [
        '/welcome',
        '/sub-accounts',
        '/sub-accounts/create',
        `/users/${category}`,
        `/users/${category}/create`,
        '/registration-links',
        '/badge-categories',
        '/badge-allocations',
        '/email-outbox',
        `/events/${event}/bulk-send-registration-link`,
        '/leads',
        '/leads/scan',
      ];
    case 'subAccount':
      return ['/welcome', `/users/${category}`, '/badge-allocations', '/leads', '/leads/scan'];
  }
}

const PUBLIC_SCREENS = (ids: Ids) => [
  '/login',
  '/vip/login',
  `/register/${ids.link}`,
  '/payment-status/1',
  '/unauthorized',
  '/no-such-page',
  '/check-in/pair',
  // A browser that was never paired: the door app says so.
  '/check-in',
];

/** A signed-in GET or POST of the API, as the page's user. */
async function callApi<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const { accessToken } = JSON.parse(localStorage.getItem('exhibitor-portal-auth') ?? '{}');
      const response = await fetch(`/api${path}`, {
        method,
        headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
      return response.json();
    },
    { method, path, body },
  );
}

async function demoIds(page: Page): Promise<Ids> {
  type List<T> = { data: T[] };
  const [event] = (await callApi<List<{ id: number }>>(page, 'GET', '/events')).data;
  const exhibitors = (
    await callApi<List<{ id: number; subAccountCount: number }>>(page, 'GET', `/admin/exhibitors?eventId=${event!.id}`)
  ).data;
  const exhibitor = exhibitors.find((row) => row.subAccountCount > 0) ?? exhibitors[0]!;
  const [subAccount] = (
    await callApi<List<{ id: number }>>(page, 'GET', `/admin/sub-accounts?exhibitorId=${exhibitor.id}`)
  ).data;
  const categories = (
    await callApi<List<{ id: number; badgeType: string }>>(
      page,
      'GET',
      `/admin/badge-categories/event/${event!.id}?type=badge`,
    )
  ).data;
  const [badge] = (await callApi<List<{ id: number }>>(page, 'GET', '/admin/exhibitor-users')).data;
  const [field] = (await callApi<List<{ id: number }>>(page, 'GET', `/custom-fields?eventId=${event!.id}`)).data;
  const link = await callApi<{ data: { id: string } }>(page, 'POST', '/admin/registration-links', {
    eventId: event!.id,
    kind: 'exhibitor',
  });
  return {
    event: event!.id,
    exhibitor: exhibitor.id,
    subAccount: subAccount!.id,
    category: categories.find((row) => row.badgeType === 'exhibitor')!.id,
    vipCategory: categories.find((row) => row.badgeType === 'vip')!.id,
    badge: badge!.id,
    field: field!.id,
    link: link.data.id,
  };
}

type Audit = { violations: string[]; forbidden: string[] };

/**
 * Opens each screen and runs axe on it in each theme: serious and critical violations are
 * findings; so is any API call the screen makes that the user may not (a 403).
 */
async function auditScreens(
  browser: Browser,
  user: DemoUser | null,
  paths: (ids: Ids) => string[],
  ids: () => Ids,
): Promise<Audit> {
  // The portal's Content-Security-Policy forbids inline scripts; axe is the test's, not the page's.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    baseURL: baseUrl,
    bypassCSP: true,
  });
  const page = await context.newPage();
  const found: Audit = { violations: [], forbidden: [] };
  let current = '';
  page.on('response', (response) => {
    if (response.status() === 403 && response.url().includes('/api/')) {
      found.forbidden.push(`${user} ${current}: ${response.request().method()} ${new URL(response.url()).pathname}`);
    }
  });
  if (user) await signIn(page, user);
  else await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('exhibitor-portal-theme', 'light'));
  for (const path of paths(ids())) {
    current = path;
    found.violations.push(...(await audit(page, path, user)));
  }
  await context.close();
  return found;
}

/** Opens a screen once and audits it in each theme: the themes differ only by the class on the root element. */
async function audit(page: Page, path: string, user: DemoUser | null): Promise<string[]> {
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await page.locator('h1').first().waitFor();
  // Skeletons and spinners are not what the user reads: audit the settled screen.
  await page.waitForFunction(() => !document.querySelector('.animate-pulse, [aria-busy="true"]'), null, {
    timeout: 10_000,
  });
  return (await accessibilityFindings(page)).map((finding) => `${user ?? 'public'} ${path} ${finding}`);
}

describe('accessibility of every screen, light and dark (axe-core)', () => {
  let browser: Browser;
  let ids: Ids;

  beforeAll(async () => {
    browser = await launchChromium();
    const context = await browser.newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    await signIn(page, 'eventAdmin');
    ids = await demoIds(page);
    await context.close();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each(['systemAdmin', 'eventAdmin', 'vipAdmin', 'exhibitor', 'subAccount'] as const)(
    '%s: no serious or critical violation, no call the user may not make',
    async (user) => {
      const found = await auditScreens(
        browser,
        user,
        (current) => screensOf(user, current),
        () => ids,
      );
      expect(found).toEqual({ violations: [], forbidden: [] });
    },
    180_000,
  );

  it('public pages: no serious or critical violation', async () => {
    const found = await auditScreens(browser, null, PUBLIC_SCREENS, () => ids);
    expect(found.violations).toEqual([]);
  }, 120_000);
});
