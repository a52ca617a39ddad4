import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityFindings } from './axe';
import { baseUrl, callApi, DEMO, launchChromium, signIn, signedInPage, type DemoUser } from './browser';
import { launchWithCamera, writeQrVideo } from './fake-camera';

const EVENT_ID = 1;
const NOTE = 'Wants two demo robots for the Bergen plant — call after the show';
const OFFLINE_NOTE = 'Typed in while the hall’s network was down';

type BadgeRow = {
  id: number;
  code: string;
  firstName: string;
  lastName: string;
  status: string;
  badgeCategory: { badgeType: string };
};
type LeadRow = {
  id: number;
  visitor: { firstName: string; lastName: string };
  rating: string | null;
  notes: { text: string; authorName: string }[];
  scannedBy: { name: string };
  scans: number;
};

let browser: Browser;
let phone: Browser;
let organiser: Page;
let folder: string;

beforeAll(async () => {
  browser = await launchChromium();
  organiser = await signedInPage(browser, 'eventAdmin');
  folder = mkdtempSync(join(tmpdir(), 'portal-e2e-leads-'));
});

afterAll(async () => {
  await phone?.close();
  await browser?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Signs in from a signed-in page's address: the login page sends the user back to it. */
async function signInAt(page: Page, user: DemoUser, path: string) {
  await page.goto(path);
  await page.waitForURL((url) => url.pathname.endsWith('/login'));
  await page.getByLabel('Email').fill(DEMO[user].email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO[user].password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === path);
}

const leadsOf = async (page: Page) => (await callApi<{ data: LeadRow[] }>(page, 'GET', '/leads?per_page=100')).data;
const named = (leads: LeadRow[], badge: BadgeRow) =>
  leads.find((lead) => lead.visitor.firstName === badge.firstName && lead.visitor.lastName === badge.lastName);

/** Every cell of every sheet as text, rich text and formulas' results included. */
function workbookText(workbook: ExcelJS.Workbook): string {
  const cells: string[] = [];
  workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell.text))));
  return cells.join('\n');
}

describe('leads at the booth', () => {
  it('a sub-account scans a visitor at 390 px and rates it hot with a note; offline too; the exhibitor sees and exports it', async () => {
    const badges = (
      await callApi<{ data: BadgeRow[] }>(
        organiser,
        'GET',
        `/admin/exhibitor-users?eventId=${EVENT_ID}&status=active&per_page=100`,
      )
    ).data.filter((badge) => badge.status === 'active');
    const visitor = badges.find((badge) => badge.badgeCategory.badgeType === 'visitor');
    const second = badges.find((badge) => badge.badgeCategory.badgeType !== 'exhibitor' && badge.id !== visitor?.id);
    expect(visitor && second).toBeTruthy();

    // The phone: its camera films the visitor's badge.
    const video = join(folder, 'visitor-badge.y4m');
    writeQrVideo(video, visitor!.code);
    phone = await launchWithCamera(video);
    // The CSP is bypassed for axe, the test's script, not the page's.
    const context = await phone.newContext({
      viewport: { width: 390, height: 844 },
      baseURL: baseUrl,
      permissions: ['camera'],
      bypassCSP: true,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await signInAt(page, 'subAccount', '/leads/scan');
    const result = page.getByRole('region', { name: 'Scan result' });
    await expect
      .poll(() => result.textContent(), { timeout: 30_000 })
      .toContain(`${visitor!.firstName} ${visitor!.lastName}`);
    expect(await result.textContent()).toContain('New lead');
    expect(await accessibilityFindings(page)).toEqual([]);

    await result.getByText('Hot', { exact: true }).click();
    await page.getByLabel('Note').fill(NOTE);
    await page.getByRole('button', { name: 'Save and scan next' }).click();
    await expect.poll(() => result.count()).toBe(0);
    // The badge still in front of the camera is not scanned again once the answer goes.
    await page.getByRole('button', { name: 'Turn camera off' }).click();
    const scanned = named(await leadsOf(page), visitor!);
    expect(scanned).toMatchObject({ rating: 'hot', scans: 1, notes: [{ text: NOTE, authorName: 'Emil Dahl' }] });
    expect(scanned!.scannedBy.name).toBe('Emil Dahl');

    // Once visited, the page opens without network: its service worker has cached it.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const loaded = performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name).pathname)
            .filter((path) => path.startsWith('/assets/'));
          const cached = await Promise.all(loaded.map((path) => caches.match(path)));
          return navigator.serviceWorker.controller !== null && cached.every(Boolean);
        }),
      )
      .toBe(true);
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByTestId('booth-status').textContent()).toContain('Offline');
    await page.getByLabel('Badge code').fill(second!.code.toLowerCase());
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByText('Saved — will be sent when back online').waitFor();
    await page.getByLabel('Note').fill(OFFLINE_NOTE);
    await page.getByRole('button', { name: 'Save and scan next' }).click();
    await expect.poll(() => page.getByTestId('booth-status').textContent()).toContain('1 waiting to send');
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('booth-status').textContent()).toContain('Everything sent');
    expect(named(await leadsOf(page), second!)).toMatchObject({ notes: [{ text: OFFLINE_NOTE }] });
    expect(errors).toEqual([]);

    // The exhibitor, at the office: the team's lead, and its export.
    const desk = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      baseURL: baseUrl,
      bypassCSP: true,
    });
    const exhibitor = await desk.newPage();
    const deskErrors: string[] = [];
    exhibitor.on('pageerror', (error) => deskErrors.push(error.message));
    await signIn(exhibitor, 'exhibitor');
    await exhibitor.goto('/leads');
    const row = exhibitor.getByRole('row').filter({ hasText: `${visitor!.firstName} ${visitor!.lastName}` });
    await row.waitFor();
    expect(await row.textContent()).toContain('Hot');
    expect(await row.textContent()).toContain('Emil Dahl');
    expect(await accessibilityFindings(exhibitor)).toEqual([]);

    await exhibitor.getByRole('button', { name: 'Export', exact: true }).click();
    const [download] = await Promise.all([
      exhibitor.waitForEvent('download'),
      exhibitor.getByRole('menuitem', { name: 'Export .xlsx' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const text = workbookText(workbook);
    expect(text).toContain(visitor!.firstName);
    expect(text).toContain(visitor!.lastName);
    expect(text).toContain(NOTE);
    // The export is on the log, with who made it.
    const log = exhibitor.getByRole('row').filter({ hasText: '.xlsx' });
    await expect.poll(() => log.first().textContent()).toContain('Lars Eriksen');

    // The lead's own page, from the list.
    await row.getByRole('link', { name: `${visitor!.firstName} ${visitor!.lastName}` }).click();
    await exhibitor.getByText(NOTE).waitFor();
    expect(await exhibitor.getByRole('radio', { name: 'Hot' }).isChecked()).toBe(true);
    expect(await accessibilityFindings(exhibitor)).toEqual([]);
    expect(deskErrors).toEqual([]);
    await desk.close();
  });
});
