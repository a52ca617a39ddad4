import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityFindings } from './axe';
import { launchChromium, pageOf } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** The text of each row's first cell (the company): the list's order as the user sees it. */
async function companies(page: Page): Promise<string[]> {
  const cells = await page
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => row.querySelector('td')?.querySelector('a, span, div')?.textContent?.trim() ?? ''),
    );
  return cells.filter(Boolean);
}

/** A CSV line's fields; the export quotes only fields with a comma, a quote or a line break. */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  const pattern = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
  for (const match of line.matchAll(pattern)) {
    const raw = match[1]!;
    fields.push(raw.startsWith('"') ? raw.slice(1, -1).replaceAll('""', '"') : raw);
    if (match[2] === '') break;
  }
  return fields;
}

describe('the list component', () => {
  it('sorts by its column headers, remembers the columns chosen, and exports what is on screen', async () => {
    const { page, errors } = await pageOf(browser, 'eventAdmin');
    await page.goto('/exhibitors');
    const company = page.getByRole('columnheader', { name: /Company/ });
    await page.locator('tbody tr').first().waitFor();

    // The list opens A–Z by company; a click on the header turns it Z–A, and the order lives in the address.
    const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });
    expect(await company.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(async () => (await companies(page)).length).toBeGreaterThan(1);
    const ascending = await companies(page);
    expect(ascending).toEqual([...ascending].sort(byName));
    await company.getByRole('button').click();
    await expect.poll(() => company.getAttribute('aria-sort')).toBe('descending');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('-companyName');
    await expect.poll(async () => (await companies(page))[0]).not.toBe(ascending[0]);
    const descending = await companies(page);
    expect(descending).toEqual([...descending].sort(byName).reverse());

    // A column hidden stays hidden for this user after the page is opened again.
    expect(await page.getByRole('columnheader', { name: /Booth/ }).count()).toBe(1);
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Booth' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('columnheader', { name: /Booth/ }).count()).toBe(0);
    await page.reload();
    await page.locator('tbody tr').first().waitFor();
    expect(await page.getByRole('columnheader', { name: /Booth/ }).count()).toBe(0);
    expect(await company.getAttribute('aria-sort')).toBe('descending');

    // The export carries the order on screen: its companies in the same order as the rows.
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Export .csv' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const [header, ...rows] = (await readFile((await download.path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    const companyAt = csvFields(header!).indexOf('Company');
    expect(companyAt).toBeGreaterThanOrEqual(0);
    // The file holds every page; the rows on screen are its first ones, in the same order.
    expect(rows.map((row) => csvFields(row)[companyAt]).slice(0, descending.length)).toEqual(descending);

    // Put back for the other files that share this server and account.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Booth' }).click();
    await page.keyboard.press('Escape');
    expect(await accessibilityFindings(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
