import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO, launchChromium, openPage, signIn } from './browser';
import { linksTo, waitForLink } from './mailbox';

const { email, password } = DEMO.subAccount;
const NEW_PASSWORD = 'Staff-Reset-2027';

let browser: Browser;
/** Set once the demo account's password has changed: it gets it back even when the test fails part way. */
let changed = false;

beforeAll(async () => {
  browser = await launchChromium();
});

/** The demo account gets its own password back, through the same flow by API, for the other files. */
afterAll(async () => {
  await browser?.close();
  if (!changed) return;
  const before = linksTo(email, '/reset-password/').length;
  const post = (url: string, body: object) =>
    fetch(`${baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await post('/api/auth/password-reset/request', { email })).status).toBe(202);
  const token = (await waitForLink(email, '/reset-password/', before)).split('/').at(-1);
  expect((await post('/api/auth/password-reset', { token, password })).status).toBe(204);
});

describe('forgotten password', () => {
  it('emails a link that sets a new password once and signs the account out everywhere', async () => {
    // A session already open elsewhere.
    const elsewhere = await openPage(browser);
    await signIn(elsewhere.page, 'subAccount');
    await elsewhere.page.getByRole('heading', { level: 1, name: 'Welcome, Emil' }).waitFor();

    const { page, errors } = await openPage(browser);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    const known = linksTo(email, '/reset-password/').length;
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').getByText('If an account exists for this email').waitFor();

    // The link arrives by SMTP from the outbox.
    const link = await waitForLink(email, '/reset-password/', known);
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    changed = true;
    await page.getByRole('status').getByText('Your password has been changed.').waitFor();

    // The link works once: opened again, it says so at once, before a password is typed.
    await page.goto(link);
    await page.getByRole('status').filter({ hasText: 'This password reset link is invalid, used or expired' }).waitFor();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();

    // The session opened before has ended: its next request sends it to sign in.
    await elsewhere.page.reload();
    await elsewhere.page.waitForURL('**/login');
    await elsewhere.page.context().close();

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome, Emil' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('fits a 390 px screen', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 }, baseURL: baseUrl });
    const page = await context.newPage();
    for (const path of ['/login', '/forgot-password', '/reset-password/some-token-from-an-email']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    await context.close();
  });
});
