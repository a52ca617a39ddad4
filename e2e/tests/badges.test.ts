import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchChromium, openPage, signIn, storedAuth, type DemoUser } from './browser';

const EVENT_ID = 1;
const CATEGORY = 'Booth staff';
const FIELD = 'Shirt size';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** Each person in their own browser context, as on their own computer. */
async function signedIn(user: DemoUser): Promise<Page> {
  const { page } = await openPage(browser);
  await signIn(page, user);
  // Signed in once the app shows its menu; going elsewhere before that could race the sign-in.
  await page.locator('aside nav[aria-label="Main"]').getByRole('link').first().waitFor();
  return page;
}

/** Calls the API with the token the signed-in page keeps in localStorage. */
async function callApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const auth = await storedAuth(page);
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${auth?.accessToken}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

/** Picks the option of a select whose text contains `text`. */
async function chooseOption(page: Page, label: string, text: string) {
  const select = page.getByRole('dialog').getByRole('combobox', { name: label, exact: true });
  const option = select.locator('option', { hasText: text });
  await option.waitFor({ state: 'attached' });
  await select.selectOption((await option.getAttribute('value'))!);
}

async function setAllocation(page: Page, holderLabel: string, holder: string, quantity: number) {
  await page.goto('/badge-allocations');
  await page
    .getByRole('button', { name: holderLabel === 'Exhibitor' ? 'New allocation' : 'Hand to a sub-account' })
    .click();
  await chooseOption(page, holderLabel, holder);
  await chooseOption(page, 'Category', CATEGORY);
  await page.getByRole('dialog').getByLabel('Quantity').fill(String(quantity));
  await page.getByRole('dialog').getByRole('button', { name: 'Save allocation' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

async function registerBadge(page: Page, categoryId: number, firstName: string) {
  await page.goto(`/users/${categoryId}/create`);
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill(firstName);
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Aurora');
  await page
    .getByRole('textbox', { name: 'Email', exact: true })
    .fill(`${firstName.toLowerCase()}@aurora-robotics.example`);
  await page.getByRole('textbox', { name: FIELD, exact: true }).fill('L');
  await page.getByRole('button', { name: 'Register badge' }).click();
}

describe('badges within allocations', () => {
  it('registers badges until the allocation is used up, and within a child allocation', async () => {
    const organiser = await signedIn('eventAdmin');
    await organiser.goto('/badge-categories');
    await organiser.getByRole('button', { name: 'New category' }).click();
    const form = organiser.getByRole('dialog');
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(CATEGORY);
    await form.getByLabel('Kind').selectOption('badge');
    await form.getByLabel('Badge type').selectOption('exhibitor');
    await form.getByRole('button', { name: 'Create category' }).click();
    await form.waitFor({ state: 'detached' });
    await organiser.getByText(CATEGORY, { exact: true }).first().waitFor();

    const categories = await callApi<{ data: { id: number; name: string }[] }>(
      organiser,
      'GET',
      `/admin/badge-categories/event/${EVENT_ID}?type=badge`,
    );
    const categoryId = categories.data.find((category) => category.name === CATEGORY)!.id;
    await callApi(organiser, 'POST', '/custom-fields', {
      eventId: EVENT_ID,
      badgeCategoryId: categoryId,
      label: FIELD,
      type: 'text',
      required: true,
    });
    await setAllocation(organiser, 'Exhibitor', 'Aurora Robotics AS · Lars Eriksen', 3);
    await organiser.getByRole('row').filter({ hasText: 'Lars Eriksen' }).filter({ hasText: CATEGORY }).waitFor();
    await organiser.context().close();

    const exhibitor = await signedIn('exhibitor');
    await setAllocation(exhibitor, 'Sub-account', 'Emil Dahl', 1);
    await exhibitor.getByRole('row').filter({ hasText: 'Sub-account · Emil Dahl' }).filter({ hasText: CATEGORY }).waitFor();
    for (const name of ['Anna', 'Bjorn']) {
      await registerBadge(exhibitor, categoryId, name);
      await exhibitor.waitForURL(/\/view-user\/\d+$/);
      await exhibitor.getByRole('heading', { name: `${name} Aurora` }).waitFor();
    }
    // No place left: no form to fill in vain, but the way to more places.
    await exhibitor.goto(`/users/${categoryId}/create`);
    await exhibitor.getByRole('heading', { name: `No places left in ${CATEGORY}` }).waitFor();
    expect(await exhibitor.getByRole('textbox', { name: 'First name', exact: true }).count()).toBe(0);
    expect(await exhibitor.getByRole('link', { name: 'Request more' }).getAttribute('href')).toBe(
      `/allocation-purchases?create=${categoryId}`,
    );
    await exhibitor.goto(`/users/${categoryId}`);
    await exhibitor.getByText('No places left').first().waitFor();
    expect(await exhibitor.getByRole('button', { name: 'New badge' }).isDisabled()).toBe(true);
    await exhibitor.context().close();

    const subAccount = await signedIn('subAccount');
    await registerBadge(subAccount, categoryId, 'Dina');
    await subAccount.waitForURL(/\/view-user\/\d+$/);
    await subAccount.getByRole('heading', { name: 'Dina Aurora' }).waitFor();

    const badges = await callApi<{ data: { name: string; customFieldValues: { label: string; value: unknown }[] }[] }>(
      subAccount,
      'GET',
      `/admin/exhibitor-users?badgeCategoryId=${categoryId}`,
    );
    expect(badges.data.map((badge) => badge.name)).toEqual(['Dina Aurora']);
    expect(badges.data[0]!.customFieldValues).toEqual([expect.objectContaining({ label: FIELD, value: 'L' })]);
    await subAccount.context().close();
  });
});
