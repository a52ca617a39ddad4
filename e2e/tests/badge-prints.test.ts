import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, launchChromium, signedInPage } from './browser';

const EVENT_ID = 1;

type Category = { id: number; name: string; badgeType: string };
type BadgeRow = { id: number; firstName: string; lastName: string; status: string; printCount: number };
type BadgeList = { data: BadgeRow[] };

let browser: Browser;
let downloads: string;

beforeAll(async () => {
  browser = await launchChromium();
  downloads = mkdtempSync(join(tmpdir(), 'portal-e2e-prints-'));
});

afterAll(async () => {
  await browser?.close();
  rmSync(downloads, { recursive: true, force: true });
});

/** Clicks what starts a download and answers the downloaded PDF's words and page count. */
async function downloadedPdf(page: Page, click: () => Promise<void>): Promise<{ text: string; pages: number }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = join(downloads, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  const text = execFileSync('/usr/bin/pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('/usr/bin/pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
  return { text, pages };
}

const activeBadges = async (page: Page, query: string) =>
  (await callApi<BadgeList>(page, 'GET', `/admin/exhibitor-users?eventId=${EVENT_ID}&${query}&per_page=100`)).data.filter(
    (badge) => badge.status === 'active',
  );

describe('printing badges', () => {
  it('an organiser prints a category four to a sheet, then again only with a reason', async () => {
    const organiser = await signedInPage(browser, 'eventAdmin');
    const errors: string[] = [];
    organiser.on('pageerror', (error) => errors.push(error.message));
    const categories = await callApi<{ data: Category[] }>(organiser, 'GET', `/admin/badge-categories/event/${EVENT_ID}?type=badge`);
    // The category with the most active badges, so that the sheet holds several.
    const counted = await Promise.all(
      categories.data.map(async (category) => ({ category, badges: await activeBadges(organiser, `badgeCategoryId=${category.id}`) })),
    );
    const { category, badges } = counted.sort((a, b) => b.badges.length - a.badges.length)[0]!;
    expect(badges.length).toBeGreaterThan(1);

    await organiser.goto(`/users/${category.id}`);
    await organiser.getByRole('button', { name: 'Print badges' }).click();
    const dialog = organiser.getByRole('dialog', { name: 'Print badges' });
    await dialog.getByRole('combobox', { name: 'Sheet' }).selectOption({ label: '4 per A4 sheet' });
    await dialog.getByRole('checkbox', { name: 'Only badges not printed yet' }).setChecked(false);
    const first = await downloadedPdf(organiser, () => dialog.getByRole('button', { name: 'Print', exact: true }).click());
    for (const badge of badges) expect(first.text).toContain(badge.lastName);
    expect(first.pages).toBe(Math.ceil(badges.length / 4));
    await expect.poll(async () => (await activeBadges(organiser, `badgeCategoryId=${category.id}`)).every((b) => b.printCount > 0)).toBe(true);

    // The same category again: the portal asks, and prints only with a reason.
    await organiser.getByRole('button', { name: 'Print badges' }).click();
    await dialog.getByRole('checkbox', { name: 'Only badges not printed yet' }).setChecked(false);
    await dialog.getByRole('button', { name: 'Print', exact: true }).click();
    const confirm = organiser.getByRole('dialog', { name: /already printed — print again\?/ });
    await confirm.waitFor();
    await confirm.getByRole('textbox', { name: /Reason for printing again/ }).fill('Sheet jammed in the printer');
    const again = await downloadedPdf(organiser, () => confirm.getByRole('button', { name: /Print again/ }).click());
    expect(again.pages).toBe(first.pages);
    expect(errors).toEqual([]);
  });

  it('an exhibitor prints its own staff member’s badge from the badge page', async () => {
    const exhibitor = await signedInPage(browser, 'exhibitor');
    const [badge] = await activeBadges(exhibitor, 'sort=name');
    expect(badge).toBeDefined();
    await exhibitor.goto(`/view-user/${badge!.id}`);
    const button = exhibitor.getByRole('button', { name: 'Print badge' });
    if (badge!.printCount === 0) {
      const printed = await downloadedPdf(exhibitor, () => button.click());
      expect(printed.text).toContain(badge!.lastName);
      expect(printed.pages).toBe(1);
      await exhibitor.reload();
    }
    // Printed before (by the organiser's run or just now): it asks first, naming the day.
    await button.click();
    const confirm = exhibitor.getByRole('dialog', { name: /^Already printed on .+ — print again\?$/ });
    await confirm.waitFor();
    await confirm.getByRole('textbox', { name: /Reason for printing again/ }).fill('Badge lost');
    const reprinted = await downloadedPdf(exhibitor, () => confirm.getByRole('button', { name: /Print again/ }).click());
    expect(reprinted.text).toContain(badge!.lastName);
    expect(reprinted.pages).toBe(1);
  });
});
