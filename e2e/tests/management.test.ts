import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, callApi, launchChromium, openPage, signIn } from './browser';
import { waitForLink } from './mailbox';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  ({ page } = await openPage(browser));
  await signIn(page, 'systemAdmin');
});

afterAll(async () => {
  await browser?.close();
});

function dialog(): Locator {
  return page.getByRole('dialog');
}

async function confirmDelete(name: string, confirmLabel: string) {
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByRole('button', { name: confirmLabel }).click();
  await confirm.waitFor({ state: 'detached' });
  await page.getByText(name, { exact: true }).waitFor({ state: 'detached' });
}

describe('companies', () => {
  it('creates, edits, searches and deletes a company', async () => {
    await page.goto('/companies');
    await page.getByRole('button', { name: 'New company' }).click();
    await dialog().getByLabel('Name').fill('Polar Drones AS');
    await dialog().getByLabel('Country').fill('Finland');
    await dialog().getByLabel('Website').fill('https://polar-drones.example');
    await dialog().getByRole('button', { name: 'Create company' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByText('Polar Drones AS', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Edit Polar Drones AS' }).click();
    expect(await dialog().getByLabel('Country').inputValue()).toBe('Finland');
    await dialog().getByLabel('Name').fill('Polar Drones Oy');
    await dialog().getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Polar Drones Oy', { exact: true }).waitFor();

    await page.getByRole('searchbox', { name: 'Search companies' }).fill('polar');
    await page.waitForURL(/search=polar/);
    await page.getByText('Aurora Robotics AS', { exact: true }).waitFor({ state: 'detached' });
    // The header row and the one company.
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await page.getByRole('row').filter({ hasText: 'Polar Drones Oy' }).waitFor();

    await confirmDelete('Polar Drones Oy', 'Delete company');
  });

  it('shows the client-side check of a website', async () => {
    await page.goto('/companies');
    await page.getByRole('button', { name: 'New company' }).click();
    await dialog().getByLabel('Name').fill('Broken Link Ltd');
    await dialog().getByLabel('Website').fill('not a web address');
    await dialog().getByRole('button', { name: 'Create company' }).click();
    await dialog().getByText('Enter a web address such as example.com').waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
  });
});

describe('roles', () => {
  it('creates a role with permissions picked by area, edits and deletes it', async () => {
    await page.goto('/roles');
    await page.getByRole('button', { name: 'New role' }).click();
    await dialog().getByLabel('Name').fill('Badge Desk');
    await dialog().getByRole('checkbox', { name: 'View badges' }).click();
    await dialog().getByRole('button', { name: 'Create role' }).click();
    await dialog().waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: 'Badge Desk' });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('1');

    await page.getByRole('button', { name: 'Edit Badge Desk' }).click();
    await dialog().getByRole('checkbox', { name: 'All Events permissions' }).click();
    await dialog().getByRole('button', { name: 'Save changes' }).click();
    await dialog().waitFor({ state: 'detached' });
    await row.getByRole('cell', { name: '5', exact: true }).waitFor();

    await confirmDelete('Badge Desk', 'Delete role');
  });

  it('shows the server’s field error for a duplicate role name', async () => {
    await page.goto('/roles');
    await page.getByRole('button', { name: 'New role' }).click();
    await dialog().getByLabel('Name').fill('Exhibitor');
    await dialog().getByRole('button', { name: 'Create role' }).click();
    await dialog().getByText('A role with this name already exists').waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
  });
});

describe('admins', () => {
  it('creates an admin, refuses a duplicate email on the field, edits and deletes', async () => {
    await page.goto('/admins');
    const fillNew = async (email: string) => {
      await page.getByRole('button', { name: 'New admin' }).click();
      await dialog().getByLabel('First name').fill('Kari');
      await dialog().getByLabel('Last name').fill('Nordvik');
      await dialog().getByLabel(/^Email/).fill(email);
      await dialog().getByRole('radio', { name: /Set a password now/ }).check();
      await dialog()
        .getByLabel(/^Password/)
        .fill('Kari-Welcome-2026');
      await dialog()
        .getByRole('checkbox', { name: /^VIP Admin/ })
        .click();
      await dialog().getByRole('button', { name: 'Create admin' }).click();
    };

    await fillNew('kari@example.com');
    await dialog().waitFor({ state: 'detached' });
    await page.getByText('kari@example.com', { exact: true }).waitFor();

    await fillNew('kari@example.com');
    await dialog().getByText('An account with this email already exists').waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Edit Kari Nordvik' }).click();
    await dialog().getByLabel('Last name').fill('Nordvik-Berg');
    await dialog().getByRole('button', { name: 'Save changes' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByText('Kari Nordvik-Berg', { exact: true }).waitFor();

    await confirmDelete('Kari Nordvik-Berg', 'Delete admin');
  });

  it('invites a new admin, who chooses their own password from the email and signs in', async () => {
    await page.goto('/admins');
    await page.getByRole('button', { name: 'New admin' }).click();
    await dialog().getByLabel('First name').fill('Siri');
    await dialog().getByLabel('Last name').fill('Dahl');
    await dialog().getByLabel(/^Email/).fill('siri@organiser.example');
    await dialog().getByRole('checkbox', { name: /^VIP Admin/ }).click();
    expect(await dialog().getByLabel(/^Password/).count()).toBe(0);
    await dialog().getByRole('button', { name: 'Create admin' }).click();
    await dialog().waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: 'siri@organiser.example' });
    await row.getByText('Invited').waitFor();
    await row.getByRole('button', { name: 'Resend invitation to Siri Dahl' }).click();
    await page.getByText('Invitation sent again to siri@organiser.example').waitFor();

    const invited = await openPage(browser);
    await invited.page.goto(await waitForLink('siri@organiser.example', '/accept-invitation/', 1));
    await invited.page.getByLabel('Password', { exact: true }).fill('Siri-Dahl-2027');
    await invited.page.getByLabel('Repeat the password').fill('Siri-Dahl-2027');
    await invited.page.getByRole('button', { name: 'Set password and sign in' }).click();
    await invited.page.waitForURL((url) => !url.pathname.startsWith('/accept-invitation'));
    await invited.page.locator('aside nav[aria-label="Main"]').getByRole('link').first().waitFor();
    expect(invited.errors).toEqual([]);
    await invited.page.context().close();
  });

  it('refuses to delete an account named on a purchase, and anonymises it instead from the same dialog', async () => {
    await page.goto('/admins');
    // An event of its own, so that no other test meets the account or its purchase.
    const roles = await callApi<{ data: { id: number; name: string }[] }>(page, 'GET', '/admin/roles');
    const event = await callApi<{ data: { id: number } }>(page, 'POST', '/events', { name: 'Kvist Tool Days 2027' });
    const eventId = event.data.id;
    const category = await callApi<{ data: { id: number } }>(page, 'POST', '/admin/badge-categories', {
      eventId,
      name: 'Stand crew',
      badgeType: 'exhibitor',
    });
    const account = { email: 'ragna@kvist-tools.example', password: 'Ragna-Kvist-2026' };
    await callApi(page, 'POST', '/admin/admins', {
      ...account,
      firstName: 'Ragna',
      lastName: 'Kvist',
      roleIds: [roles.data.find((role) => role.name === 'Exhibitor')!.id],
      eventId,
    });
    const login = await fetch(`${baseUrl}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(account),
    });
    const { token } = (await login.json()) as { token: string };
    const purchase = await fetch(`${baseUrl}/api/admin/allocation-purchases`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ badgeCategoryId: category.data.id, quantity: 1 }),
    });
    expect(purchase.status).toBe(201);

    await page.getByRole('searchbox', { name: 'Search admins' }).fill('kvist');
    await page.waitForURL(/search=kvist/);
    await page.getByRole('button', { name: 'Delete Ragna Kvist' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Delete admin' }).click();
    await confirm.getByRole('heading', { name: 'Anonymise this admin instead?' }).waitFor();
    await confirm.getByText(/This account is named on 1 purchase\. Financial records are kept/).waitFor();
    await confirm.getByRole('button', { name: 'Anonymise admin' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('Ragna Kvist', { exact: true }).waitFor({ state: 'detached' });

    const anonymised = await fetch(`${baseUrl}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(account),
    });
    expect(anonymised.status).toBe(401);
  });

  it('keeps the page and the role filter in the URL', async () => {
    await page.goto('/admins');
    const filter = page.getByLabel('Filter by role');
    // The roles arrive after the page: choose only once the option is there.
    const exhibitor = filter.locator('option', { hasText: /^Exhibitor$/ });
    await exhibitor.waitFor({ state: 'attached' });
    const roleId = (await exhibitor.getAttribute('value'))!;
    await filter.selectOption(roleId);
    await page.waitForURL(new RegExp(`roleId=${roleId}(&|$)`));
    await page.getByText('Lars Eriksen', { exact: true }).waitFor();
    await page.getByRole('row').filter({ hasText: 'admin@example.com' }).waitFor({ state: 'detached' });

    await page.reload();
    await page.getByText('Maja Lindqvist', { exact: true }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'admin@example.com' }).count()).toBe(0);
    // The select shows the role from the URL as soon as its options have loaded.
    await expect.poll(() => filter.inputValue()).toBe(roleId);
    expect(await filter.locator('option:checked').textContent()).toBe('Exhibitor');
  });
});

describe('email templates', () => {
  it('asks before unsaved edits are left by a link or by Back, and stays or leaves as answered', async () => {
    const template = await callApi<{ data: { id: number } }>(page, 'POST', '/admin/email-templates', {
      name: 'Stand reminder',
      purpose: 'registration_link',
      subject: 'Register for {{eventName}}',
      htmlBody: '<p><a href="{{registrationLink}}">Register</a></p>',
    });
    await page.goto('/email-templates');
    await page.goto(`/email-templates/${template.data.id}/edit`);
    const subject = page.getByLabel(/^Subject/);
    await subject.fill('Your stand at {{eventName}}');

    await page.locator('aside nav[aria-label="Main"]').getByRole('link', { name: 'Admins' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/email-templates/${template.data.id}/edit`);
    expect(await subject.inputValue()).toBe('Your stand at {{eventName}}');

    await page.goBack();
    await ask.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/email-templates/${template.data.id}/edit`);
    await ask.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((url) => url.pathname === '/email-templates');
  });
});
