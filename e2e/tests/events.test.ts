import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage, signIn } from './browser';
import { waitForLink } from './mailbox';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

async function signInAs(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  // Signed in once the app shows its menu; going elsewhere before that could race the sign-in.
  await page.locator('aside nav[aria-label="Main"]').getByRole('link').first().waitFor();
}

/**
 * Signs out and hands the browser to the next person. Sign-out keeps the page it left as the return
 * URL (spec §4); the next person starts from a fresh browser so that it is not theirs.
 */
async function signOut(page: Page): Promise<Page> {
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(/\/login$/);
  await page.context().close();
  return (await openPage(browser)).page;
}

async function createEvent(page: Page, name: string) {
  await page.goto('/events/create');
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel('Start date').fill('2027-09-14');
  await page.getByLabel('End date').fill('2027-09-16');
  await page.getByLabel('Venue').fill('Messe Nord');
  await page.getByLabel('City').fill('Hamburg');
  await page.getByRole('button', { name: 'Create event' }).click();
  await page.waitForURL(/\/events\/\d+$/);
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

describe('events, exhibitors and sub-accounts', () => {
  it('system admin creates an event and an exhibitor; the exhibitor creates a sub-account; the sub-account signs in', async () => {
    let { page } = await openPage(browser);
    await signIn(page, 'systemAdmin');
    const eventId = await createEvent(page, 'Hanse Logistics Days 2027');

    await page.getByRole('link', { name: 'Add exhibitor' }).click();
    await page.waitForURL(/\/exhibitors\/create\?eventId=/);
    // Coming from the event's page, the event is chosen already.
    await page
      .getByLabel(/^Event/)
      .locator(`option[value="${eventId}"]`)
      .waitFor({ state: 'attached' });
    expect(await page.getByLabel(/^Event/).inputValue()).toBe(String(eventId));
    await page.getByLabel(/^Company name/).fill('Elbe Cargo GmbH');
    await page.getByLabel(/^First name/).fill('Jonas');
    await page.getByLabel(/^Last name/).fill('Becker');
    await page.getByLabel(/^Email/).fill('jonas@elbe-cargo.example');
    await page.getByLabel('Set a password now').check();
    await page.getByLabel(/^Password/).fill('Elbe-Cargo-2027');
    await page.getByLabel('Booth').fill('A-12');
    await page.getByRole('button', { name: 'Create exhibitor' }).click();
    await page.waitForURL(new RegExp(`/events/${eventId}/exhibitor/\\d+$`));
    await page.getByRole('heading', { name: 'Elbe Cargo GmbH' }).waitFor();

    await page.goto(`/events/${eventId}`);
    await page.getByRole('row').filter({ hasText: 'Elbe Cargo GmbH' }).waitFor();
    page = await signOut(page);

    await signInAs(page, 'jonas@elbe-cargo.example', 'Elbe-Cargo-2027');
    await page.waitForURL(/\/welcome$/);
    await page.getByRole('heading', { name: 'Hanse Logistics Days 2027' }).waitFor();

    await page.goto('/sub-accounts/create');
    await page.getByLabel(/^First name/).fill('Mia');
    await page.getByLabel(/^Last name/).fill('Schulz');
    await page.getByLabel(/^Email/).fill('mia@elbe-cargo.example');
    await page.getByLabel(/^Password/).fill('Mia-Schulz-2027');
    await page.getByRole('button', { name: 'Create sub-account' }).click();
    await page.waitForURL(/\/subaccount\/\d+$/);
    await page.getByRole('heading', { name: 'Mia Schulz' }).waitFor();
    await page.goto('/sub-accounts');
    await page.getByRole('link', { name: 'Mia Schulz' }).waitFor();
    page = await signOut(page);

    await signInAs(page, 'mia@elbe-cargo.example', 'Mia-Schulz-2027');
    await page.waitForURL(/\/welcome$/);
    await page.getByRole('heading', { name: 'Hanse Logistics Days 2027' }).waitFor();
    await page.context().close();
  });

  it('a company registers itself through an exhibitor registration link, chooses its password from the email and lands on /welcome', async () => {
    const admin = await openPage(browser);
    await signIn(admin.page, 'systemAdmin');
    await admin.page.goto('/events/1');
    await admin.page.getByRole('button', { name: 'Create exhibitor registration link' }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Create link' }).click();
    const link = await admin.page.getByLabel('Registration link', { exact: true }).inputValue();
    expect(link).toMatch(/\/register\/[A-Za-z0-9_-]{16,}$/);
    await admin.page.context().close();

    const { page, errors } = await openPage(browser);
    await page.goto(new URL(link).pathname);
    await page.getByRole('heading', { name: 'Nordic Tech Expo 2027' }).waitFor();
    await page.getByText('Powered by Exhibitor Portal').waitFor();
    await page.getByLabel(/^Company name/).fill('Skagen Wind ApS');
    await page.getByLabel(/^First name/).fill('Freja');
    await page.getByLabel(/^Last name/).fill('Holm');
    await page.getByLabel(/^Email/).fill('freja@skagen-wind.example');
    await page.getByRole('button', { name: 'Register company' }).click();
    await page.getByRole('status').getByText('Check your email').waitFor();

    await page.goto(await waitForLink('freja@skagen-wind.example', '/accept-invitation/'));
    await page.getByLabel('Password', { exact: true }).fill('Skagen-Wind-2027');
    await page.getByLabel('Repeat the password').fill('Skagen-Wind-2027');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.waitForURL(/\/welcome$/);
    await page.getByText('Skagen Wind ApS').first().waitFor();
    expect(errors).toEqual([]);

    await page.goto('/register/unknownlink0000000000');
    await page.getByText('This registration link does not exist').waitFor();
    await page.context().close();
  });

  it('an event admin sees only its own event', async () => {
    const admin = await openPage(browser);
    await signIn(admin.page, 'systemAdmin');
    await createEvent(admin.page, 'Alpine Outdoor Fair 2027');
    await admin.page.goto('/events');
    await admin.page.getByRole('link', { name: 'Alpine Outdoor Fair 2027' }).waitFor();
    await admin.page.context().close();

    const { page } = await openPage(browser);
    await signIn(page, 'eventAdmin');
    await page.goto('/events');
    await page.getByRole('link', { name: 'Nordic Tech Expo 2027' }).waitFor();
    expect(await page.getByRole('link', { name: 'Alpine Outdoor Fair 2027' }).count()).toBe(0);
    expect(await page.getByRole('row').count()).toBe(2);
    await page.context().close();
  });

  it('an event admin reaches custom fields, email templates, admins and allocations by clicking, from the sidebar on', async () => {
    const { page, errors } = await openPage(browser);
    await signIn(page, 'eventAdmin');
    const openEvent = async () => {
      await page.locator('aside nav[aria-label="Main"]').getByRole('link', { name: 'Events' }).click();
      await page.getByRole('link', { name: 'Nordic Tech Expo 2027' }).click();
      await page.getByRole('heading', { level: 1, name: 'Nordic Tech Expo 2027' }).waitFor();
    };
    const manage = page.getByRole('navigation', { name: 'Manage this event' });
    for (const [link, heading] of [
      ['Custom fields', 'Custom Fields'],
      ['Email templates', 'Email Templates'],
      ['Admins', 'Admins'],
      ['Badge allocations', 'Badge Allocations'],
    ] as const) {
      await openEvent();
      await manage.getByRole('link', { name: new RegExp(`^${link}`) }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(page.url()).not.toContain('/unauthorized');
    }

    await openEvent();
    await page.getByRole('tab', { name: 'Allocations' }).click();
    await page.getByRole('meter').first().waitFor();
    expect(await page.getByText('coming soon').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
