import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchChromium, openPage, signIn, storedAuth } from './browser';

const SOURCE_EVENT_ID = 1;
// The suite shares one server: names of this file's own, so that other files' records do not meet them.
const CATEGORY = 'Conference speakers';
const FIELD = 'Session track';
const KEY = 'session_track';

let browser: Browser;
let accessToken: string | undefined;
/**
 * What the test made, deleted afterwards (last first) so that the files after it meet the demo data
 * as seeded: the dashboard, for one, lists the two latest events.
 */
const made: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  for (const path of made.reverse()) {
    await fetch(`${baseUrl}/api${path}`, { method: 'DELETE', headers: { Authorization: `Bearer ${accessToken}` } });
  }
  await browser?.close();
});

/** Calls the API with the token the signed-in page keeps in localStorage. */
async function callApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  accessToken = (await storedAuth(page))?.accessToken;
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

async function createCategory(page: Page, eventId: number, name: string): Promise<number> {
  const created = await callApi<{ data: { id: number } }>(page, 'POST', '/admin/badge-categories', {
    eventId,
    name,
    badgeType: 'visitor',
  });
  made.push(`/admin/badge-categories/${created.data.id}`);
  return created.data.id;
}

/** This file's field in an event, if there; the demo data and other files may add fields of their own. */
async function ourField(page: Page, eventId: number) {
  const list = await callApi<{
    data: { id: number; key: string; badgeCategoryId: number | null; options: unknown[] }[];
  }>(page, 'GET', `/custom-fields?eventId=${eventId}&per_page=100`);
  return list.data.find((field) => field.key === KEY);
}

/** Picks the option of a select whose text is `text`. */
async function chooseOption(page: Page, label: string, text: string) {
  const select = page.getByRole('combobox', { name: label, exact: true });
  const option = select.locator('option', { hasText: text });
  await option.waitFor({ state: 'attached' });
  await select.selectOption((await option.getAttribute('value'))!);
}

describe('custom fields: create, export, import into another event, delete', () => {
  it('an admin carries a drop-down field to another event through an export file, then deletes it', async () => {
    const { page, errors } = await openPage(browser);
    await signIn(page, 'systemAdmin');
    await createCategory(page, SOURCE_EVENT_ID, CATEGORY);

    // A drop-down with options, on the category.
    await page.goto(`/custom-fields/create?eventId=${SOURCE_EVENT_ID}`);
    await page.getByRole('textbox', { name: 'Label' }).fill(FIELD);
    await chooseOption(page, 'Badge category', CATEGORY);
    await page.getByRole('combobox', { name: 'Type' }).selectOption('select');
    for (const [index, [value, label]] of [
      ['ai', 'Applied AI'],
      ['energy', 'Energy systems'],
    ].entries()) {
      await page.getByRole('button', { name: 'Add option' }).click();
      await page.getByRole('textbox', { name: `Value of option ${index + 1}` }).fill(value!);
      await page.getByRole('textbox', { name: `Label of option ${index + 1}` }).fill(label!);
    }
    await page.getByRole('button', { name: 'Create field' }).click();
    await page.waitForURL(`**/custom-fields?eventId=${SOURCE_EVENT_ID}`);
    await page.getByRole('heading', { name: CATEGORY, exact: true }).waitFor();
    await page.getByRole('row').filter({ hasText: FIELD }).getByText(KEY).waitFor();
    made.push(`/custom-fields/${(await ourField(page, SOURCE_EVENT_ID))!.id}`);

    // The export file holds it, in the portal's format.
    await page.getByRole('link', { name: 'Export' }).click();
    await page.waitForURL(`**/custom-fields/export?eventId=${SOURCE_EVENT_ID}`);
    await page.getByRole('row').filter({ hasText: CATEGORY }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download JSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^custom-fields-\d{4}-\d{2}-\d{2}\.json$/);
    const exportPath = await download.path();
    const exported = JSON.parse(await readFile(exportPath, 'utf8'));
    expect(exported).toMatchObject({ format: 'exhibitor-portal.custom-fields', version: 1 });
    const exportedField = exported.fields.find((field: { key: string }) => field.key === KEY);
    expect(exportedField).toMatchObject({
      label: FIELD,
      type: 'select',
      options: [
        { value: 'ai', label: 'Applied AI' },
        { value: 'energy', label: 'Energy systems' },
      ],
    });
    const exportedCategory = exported.categories.find(
      (category: { ref: string }) => category.ref === exportedField.categoryRef,
    );
    expect(exportedCategory.name).toBe(CATEGORY);

    // Another event with a category of the same name.
    const target = await callApi<{ data: { id: number } }>(page, 'POST', '/events', {
      name: 'Custom Fields Target Fair 2028',
      startDate: '2028-04-04',
      endDate: '2028-04-06',
    });
    const targetEventId = target.data.id;
    made.push(`/events/${targetEventId}`);
    const targetCategoryId = await createCategory(page, targetEventId, CATEGORY.toUpperCase());

    // The import maps the category by name, previews a creation, then imports it.
    await page.goto(`/custom-fields/import?eventId=${targetEventId}`);
    await page.getByLabel('Export file').setInputFiles(exportPath);
    const mapping = page.getByRole('combobox', { name: CATEGORY, exact: true });
    await expect.poll(() => mapping.inputValue()).toBe(String(targetCategoryId));
    await page.getByRole('button', { name: 'Preview' }).click();
    const previewRow = page.getByRole('row').filter({ hasText: KEY });
    await previewRow.getByText('Create', { exact: true }).waitFor();
    expect(await ourField(page, targetEventId)).toBeUndefined();

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('heading', { name: 'Import finished' }).waitFor();
    await page.getByRole('row').filter({ hasText: KEY }).getByText('Created', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Back to Custom Fields' }).click();
    await page.waitForURL(`**/custom-fields?eventId=${targetEventId}`);
    await page.getByRole('heading', { name: CATEGORY.toUpperCase(), exact: true }).waitFor();
    await page.getByRole('row').filter({ hasText: FIELD }).waitFor();
    expect(await ourField(page, targetEventId)).toMatchObject({
      badgeCategoryId: targetCategoryId,
      options: exportedField.options,
    });

    // Deleting asks first; cancelling keeps the field, confirming removes it.
    await page.getByRole('button', { name: `Delete ${FIELD}` }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Delete this custom field?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await ourField(page, targetEventId)).toBeDefined();

    await page.getByRole('button', { name: `Delete ${FIELD}` }).click();
    await dialog.getByRole('button', { name: 'Delete field' }).click();
    await page.getByText(`${FIELD} deleted`).waitFor();
    await page.getByRole('row').filter({ hasText: FIELD }).waitFor({ state: 'detached' });
    expect(await ourField(page, targetEventId)).toBeUndefined();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
