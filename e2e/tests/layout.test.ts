import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO, launchChromium, openPage, signIn, type DemoUser } from './browser';

const WIDTHS = [768, 1024, 1280, 1440] as const;

/**
 * List pages a user reaches other than through the sidebar (an event admin's come from the event
 * view's "Manage this event").
 */
const EXTRA_PAGES: Partial<Record<DemoUser, string[]>> = {
  eventAdmin: ['/badges', '/registrations', '/registration-links', '/custom-fields', '/email-templates', '/admins'],
  exhibitor: ['/registrations'],
};

/** What is wrong with the page's layout at the current width: sideways scrolling, a title squeezed. */
function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      faults.push(`scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`);
    for (const heading of document.querySelectorAll('h1')) {
      const style = getComputedStyle(heading);
      const probe = document.createElement('span');
      probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap';
      probe.style.font = style.font;
      probe.style.letterSpacing = style.letterSpacing;
      document.body.append(probe);
      const widest = Math.max(
        ...(heading.textContent ?? '').split(/\s+/).map((word) => {
          probe.textContent = word;
          return probe.getBoundingClientRect().width;
        }),
      );
      probe.remove();
      const width = heading.getBoundingClientRect().width;
      if (width + 0.5 < widest)
        faults.push(`"${heading.textContent}" is ${Math.round(width)} px, its longest word ${Math.round(widest)} px`);
    }
    return faults;
  });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('list pages at 768, 1024, 1280 and 1440 px', () => {
  it.each(Object.keys(DEMO) as DemoUser[])(
    'neither scroll sideways nor squeeze their title, for %s',
    async (user) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: baseUrl });
      const page = await context.newPage();
      await signIn(page, user);
      const sidebar = page.locator('aside nav[aria-label="Main"]').getByRole('link');
      const linked = await sidebar.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      const pages = [...new Set([...linked, ...(EXTRA_PAGES[user] ?? [])])].filter((href) => href.startsWith('/'));
      expect(pages.length).toBeGreaterThan(1);
      const faults: string[] = [];
      for (const path of pages) {
        await page.setViewportSize({ width: WIDTHS[0], height: 800 });
        await page.goto(path, { waitUntil: 'networkidle' });
        // The page's own header, once its data is in (a record's title comes with it).
        await page.locator('main h1').first().waitFor({ state: 'attached' });
        // One load per page; the layout is measured again at each width.
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await page.evaluate(
            () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
          );
          faults.push(...(await layoutFaults(page)).map((fault) => `${path} at ${width} px: ${fault}`));
        }
      }
      await context.close();
      expect(faults).toEqual([]);
    },
    180_000,
  );
});

describe('the import report', () => {
  it('keeps a wide file within its card: the table scrolls, the page does not', async () => {
    const { page } = await openPage(browser);
    await signIn(page, 'eventAdmin');
    const folder = await mkdtemp(join(tmpdir(), 'layout-'));
    const file = join(folder, 'exhibitors.csv');
    // A long company name and a bad email: the check reports the row, nothing is imported.
    await writeFile(
      file,
      'External ID,Company,First name,Last name,Email,Phone,Booth,Hall,Website,Profile\r\n' +
        'L1,Aktieselskabet Nordisk Robotteknologi og Automatiseringsløsninger for Industri og Havbruk Internasjonal,' +
        'Åse,Bråten,not-an-email,+47 22 00 00 01,B1,Hall 1,,\r\n',
    );
    await page.goto('/events/1/exhibitors/bulk-import');
    await page.getByLabel('Your file').setInputFiles(file);
    await page.getByRole('heading', { name: /^Check of / }).waitFor();
    const region = page.locator('div[role="region"]', { hasText: 'not-an-email' });
    await region.getByText('not-an-email').waitFor();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await layoutFaults(page), `at ${width} px`).toEqual([]);
    }
    // At the narrowest width the report's own region is what scrolls.
    await page.setViewportSize({ width: WIDTHS[0], height: 800 });
    expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await page.context().close();
  });
});
