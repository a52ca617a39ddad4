import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseUrl = inject('baseUrl');

export const DEMO = {
  systemAdmin: { email: 'admin@example.com', password: 'Admin-Demo-2026' },
  eventAdmin: { email: 'organiser@example.com', password: 'Organiser-Demo-2026' },
  vipAdmin: { email: 'vip@example.com', password: 'Vip-Demo-2026' },
  exhibitor: { email: 'exhibitor@aurora-robotics.example', password: 'Exhibitor-Demo-2026' },
  subAccount: { email: 'staff@aurora-robotics.example', password: 'Staff-Demo-2026' },
} as const;

export type DemoUser = keyof typeof DEMO;

/** Debian's Chromium, headless; `extraArgs` for a test's own flags (a fake camera). */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

/** A fresh browser context (its own storage) at desktop width, with page errors collected. */
export async function openPage(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: baseUrl });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

export async function signIn(page: Page, user: DemoUser, from = '/login') {
  await page.goto(from);
  await page.getByLabel('Email').fill(DEMO[user].email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO[user].password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  // Signed in once the app shows its menu; going elsewhere before that could race the sign-in.
  await page.locator('aside nav[aria-label="Main"]').getByRole('link').first().waitFor();
}

/**
 * A page of `browser` signed in as `user`, then at `width`, its errors collected; the CSP is bypassed
 * for axe, the test's script. Signing in waits for the desktop sidebar, so it happens at desktop width.
 */
export async function pageOf(
  browser: Browser,
  user: DemoUser,
  width = 1280,
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 844 },
    baseURL: baseUrl,
    bypassCSP: true,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signIn(page, user);
  await page.setViewportSize({ width, height: 844 });
  return { page, errors };
}

/** A new page of `browser`, signed in as `user`. */
export async function signedInPage(browser: Browser, user: DemoUser): Promise<Page> {
  const { page } = await openPage(browser);
  await signIn(page, user);
  return page;
}

/** The labels of the desktop sidebar's links, in order. */
export async function sidebarLinks(page: Page): Promise<string[]> {
  const nav = page.locator('aside nav[aria-label="Main"]');
  await nav.getByRole('link').first().waitFor();
  return (await nav.getByRole('link').allTextContents()).map((text) => text.trim());
}

export async function storedAuth(page: Page): Promise<{ accessToken: string; refreshToken: string } | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('exhibitor-portal-auth') ?? 'null'));
}

/** Calls the API with the token the signed-in page keeps in localStorage; a refusal fails the test. */
export async function callApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const auth = await storedAuth(page);
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${auth?.accessToken}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
