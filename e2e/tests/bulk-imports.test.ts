import ExcelJS from 'exceljs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, callApi, launchChromium, signedInPage, storedAuth, type DemoUser } from './browser';

const EVENT_ID = 1;
// The suite shares one server: names of this file's own, so that other files' records do not meet them.
const CATEGORY = 'Imported crew';
const FIELD = 'Crew role';
const RUN = Date.now().toString(36);

let browser: Browser;
let folder: string;
let organiserToken: string | undefined;
/** What the test made, deleted afterwards (last first) so that the files after it meet the demo data as seeded. */
const made: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  folder = await mkdtemp(join(tmpdir(), 'bulk-imports-'));
});

afterAll(async () => {
  for (const path of made.reverse()) {
    await fetch(`${baseUrl}/api${path}`, { method: 'DELETE', headers: { Authorization: `Bearer ${organiserToken}` } });
  }
  await browser?.close();
});

const signedIn = (user: DemoUser) => signedInPage(browser, user);

/** Clicks "Download template" and reads the saved file, checking it carries the server's name. */
async function downloadTemplate(page: Page): Promise<ExcelJS.Workbook> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download template' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  return workbook;
}

/** The template's sheet of rows: the one whose header row has an email column. */
function rowsSheet(workbook: ExcelJS.Workbook): { sheet: ExcelJS.Worksheet; headers: string[] } {
  for (const sheet of workbook.worksheets) {
    // A cell's text, whatever it holds: a styled header may be rich text rather than a string.
    const headers: string[] = [];
    sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, column) => {
      headers[column - 1] = cell.text;
    });
    if (headers.some((header) => /e-?mail/i.test(header)))
      return { sheet, headers: Array.from(headers, (h) => h ?? '') };
  }
  throw new Error('The template has no sheet with an email column');
}

/**
 * Writes the rows under the template's own header, in place of its example row, each cell chosen by
 * its column's header (the template's exact wording is the server's; these patterns find each column).
 */
async function fillTemplate(template: ExcelJS.Workbook, name: string, rows: Record<string, string>[]): Promise<string> {
  // A copy of its own: exceljs's spliceRows leaves the rows of an earlier fill in a sheet filled again.
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await template.xlsx.writeBuffer());
  const { sheet, headers } = rowsSheet(workbook);
  if (sheet.rowCount > 1) sheet.spliceRows(2, sheet.rowCount - 1);
  for (const row of rows) {
    sheet.addRow(
      headers.map(
        (header) => Object.entries(row).find(([pattern]) => new RegExp(pattern, 'i').test(header))?.[1] ?? '',
      ),
    );
  }
  const path = join(folder, name);
  await workbook.xlsx.writeFile(path);
  return path;
}

/** Chooses the file, waits for its check and answers the check's card. */
async function chooseFile(page: Page, path: string) {
  await page.getByLabel('Your file').setInputFiles(path);
  await page.getByRole('heading', { name: /^Check of / }).waitFor();
}

/** The report's row for a spreadsheet row that needs a fix, checked to show the bad cell and its message. */
async function expectBadCell(page: Page, value: string) {
  const row = page.getByRole('row').filter({ hasText: value });
  await row.waitFor();
  expect(await row.getAttribute('aria-invalid')).toBe('true');
  await row.getByText('Needs a fix').waitFor();
  const cell = row.getByRole('cell').filter({ hasText: value });
  // The message sits in the cell, after words a screen reader reads: not colour alone.
  expect(await cell.textContent()).toMatch(new RegExp(`${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}Problem: .+`));
}

describe('bulk imports from the template', () => {
  it('an organiser imports exhibitors: template, a bad row marked, the corrected file, the list', async () => {
    const page = await signedIn('eventAdmin');
    organiserToken = (await storedAuth(page))?.accessToken;
    await page.goto('/exhibitors');
    await page.getByRole('link', { name: 'Import exhibitors' }).click();
    await page.waitForURL(`**/events/${EVENT_ID}/exhibitors/bulk-import`);
    const template = await downloadTemplate(page);

    const companies = [`Boreal Rotors ${RUN}`, `Fjellbyrå Tech ${RUN}`];
    const exhibitor = (company: string, index: number, email: string) => ({
      company: company,
      first: ['Åse', 'Jörg'][index]!,
      last: ['Bråten', 'Müller'][index]!,
      'e-?mail': email,
      phone: '+47 22 00 00 0' + index,
      external: `E2E-${RUN}-${index}`,
      'booth|stand': `Z${index + 1}`,
    });
    const bad = await fillTemplate(template, 'exhibitors-bad.xlsx', [
      exhibitor(companies[0]!, 0, `boreal-${RUN}@rotors.example`),
      exhibitor(companies[1]!, 1, 'not-an-email'),
    ]);
    await chooseFile(page, bad);
    await expectBadCell(page, 'not-an-email');
    expect(await page.getByRole('button', { name: 'Import 2 rows' }).isDisabled()).toBe(true);

    const [report] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download report with errors' }).click(),
    ]);
    expect(report.suggestedFilename()).toMatch(/\.xlsx$/);

    const fixed = await fillTemplate(template, 'exhibitors.xlsx', [
      exhibitor(companies[0]!, 0, `boreal-${RUN}@rotors.example`),
      exhibitor(companies[1]!, 1, `fjell-${RUN}@fjellbyra.example`),
    ]);
    await page.getByRole('button', { name: 'Choose another file' }).click();
    await chooseFile(page, fixed);
    await page.getByText('Every row can be imported. Nothing is written yet.').waitFor();
    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    await page.getByRole('heading', { name: 'Imported 2 rows' }).waitFor({ timeout: 60_000 });

    await page.getByRole('link', { name: 'Back to Exhibitor Profiles' }).click();
    await page.waitForURL('**/exhibitors');
    await page.getByPlaceholder(/Search/).fill(RUN);
    for (const company of companies) await page.getByRole('row').filter({ hasText: company }).waitFor();

    const listed = await callApi<{ data: { id: number; companyName: string | null }[] }>(
      page,
      'GET',
      `/admin/exhibitors?eventId=${EVENT_ID}&search=${RUN}`,
    );
    expect(listed.data).toHaveLength(2);
    made.push(...listed.data.map((row) => `/admin/exhibitors/${row.id}`));
    await page.context().close();
  });

  it('an exhibitor imports badges of a category with a question of its own into its allocation', async () => {
    const organiser = await signedIn('eventAdmin');
    organiserToken = (await storedAuth(organiser))?.accessToken;
    const category = await callApi<{ data: { id: number } }>(organiser, 'POST', '/admin/badge-categories', {
      eventId: EVENT_ID,
      name: `${CATEGORY} ${RUN}`,
      badgeType: 'exhibitor',
    });
    const categoryId = category.data.id;
    made.push(`/admin/badge-categories/${categoryId}`);
    const field = await callApi<{ data: { id: number } }>(organiser, 'POST', '/custom-fields', {
      eventId: EVENT_ID,
      badgeCategoryId: categoryId,
      label: FIELD,
      type: 'text',
      required: true,
    });
    made.push(`/custom-fields/${field.data.id}`);
    const aurora = await callApi<{ data: { id: number }[] }>(
      organiser,
      'GET',
      `/admin/exhibitors?eventId=${EVENT_ID}&search=Aurora`,
    );
    await callApi(organiser, 'POST', '/admin/allocations', {
      adminId: aurora.data[0]!.id,
      badgeCategoryId: categoryId,
      quantity: 5,
    });
    await organiser.context().close();

    const page = await signedIn('exhibitor');
    await page.goto(`/users/${categoryId}`);
    await page.getByRole('link', { name: 'Import badges' }).click();
    await page.waitForURL(/\/exhibitor-users\/bulk-import\?badgeCategoryId=\d+$/);
    expect(await page.getByRole('combobox', { name: 'Badge category' }).inputValue()).toBe(String(categoryId));
    const template = await downloadTemplate(page);
    expect(rowsSheet(template).headers.some((header) => header.includes(FIELD))).toBe(true);

    const badge = (first: string, email: string) => ({
      first,
      last: 'Nordvik',
      'e-?mail': email,
      phone: '+47 90 00 00 00',
      [FIELD]: 'Rigger',
    });
    const bad = await fillTemplate(template, 'badges-bad.xlsx', [
      badge('Sølvi', `solvi-${RUN}@aurora-robotics.example`),
      badge('Ærling', 'aerling(at)aurora'),
      badge('Øystein', `oystein-${RUN}@aurora-robotics.example`),
    ]);
    await chooseFile(page, bad);
    await expectBadCell(page, 'aerling(at)aurora');
    await page.getByText(/Places needed: 3 of 5 left/).waitFor();

    const fixed = await fillTemplate(template, 'badges.xlsx', [
      badge('Sølvi', `solvi-${RUN}@aurora-robotics.example`),
      badge('Ærling', `aerling-${RUN}@aurora-robotics.example`),
      badge('Øystein', `oystein-${RUN}@aurora-robotics.example`),
    ]);
    await page.getByRole('button', { name: 'Choose another file' }).click();
    await chooseFile(page, fixed);
    await page.getByRole('button', { name: 'Import 3 rows' }).click();
    await page.getByRole('heading', { name: 'Imported 3 rows' }).waitFor({ timeout: 60_000 });

    await page.getByRole('link', { name: 'Back to Badges' }).click();
    await page.waitForURL(`**/users/${categoryId}`);
    for (const name of ['Sølvi Nordvik', 'Ærling Nordvik', 'Øystein Nordvik']) {
      await page.getByRole('row').filter({ hasText: name }).waitFor();
    }
    const badges = await callApi<{ data: { id: number; customFieldValues: { label: string; value: unknown }[] }[] }>(
      page,
      'GET',
      `/admin/exhibitor-users?badgeCategoryId=${categoryId}`,
    );
    expect(badges.data).toHaveLength(3);
    expect(badges.data[0]!.customFieldValues).toEqual([expect.objectContaining({ label: FIELD, value: 'Rigger' })]);
    // Badges first, so that their category can go.
    made.push(...badges.data.map((row) => `/admin/exhibitor-users/${row.id}`));
    await page.context().close();
  });
});
