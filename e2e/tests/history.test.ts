import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityFindings } from './axe';
import { callApi, launchChromium, pageOf } from './browser';

const EVENT_ID = 1;
// The suite shares one server: each run's own names, so that an entry is this run's.
const STAMP = Date.now().toString(36);

type BadgeRow = { id: number; firstName: string; lastName: string; exhibitorId: number | null };
type ExhibitorRow = { id: number; email: string };

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** Changes a badge's last name through its edit page, as an organiser does. */
async function renameBadge(page: Page, id: number, lastName: string) {
  await page.goto(`/edit-user/${id}`);
  const field = page.getByLabel(/^Last name/);
  await expect.poll(() => field.inputValue()).not.toBe('');
  await field.fill(lastName);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.waitForURL((url) => url.pathname === `/view-user/${id}`);
}

/** The "Changed fields" table's row of `field`, in the entry opened within `scope`. */
const changedRow = (scope: ReturnType<Page['locator']>, field: string) =>
  scope
    .getByRole('region', { name: 'Changed fields' })
    .getByRole('row')
    .filter({ has: scope.page().getByRole('rowheader', { name: field, exact: true }) });

describe('history', () => {
  it('an admin changes a badge, finds the change in /audit, in the exhibitor’s History tab and in the CSV export; the exhibitor sees its own entries only', async () => {
    const { page: admin, errors } = await pageOf(browser, 'systemAdmin');
    const badges = (
      await callApi<{ data: BadgeRow[] }>(admin, 'GET', `/admin/exhibitor-users?eventId=${EVENT_ID}&per_page=100`)
    ).data;
    const exhibitors = (
      await callApi<{ data: ExhibitorRow[] }>(admin, 'GET', `/admin/exhibitors?eventId=${EVENT_ID}&per_page=100`)
    ).data;
    const aurora = exhibitors.find((row) => row.email === 'exhibitor@aurora-robotics.example')!;
    const fjord = exhibitors.find((row) => row.email === 'exhibitor@fjord-energy.example')!;
    // Aurora's and Fjord's own staff badges, from the demo show.
    const jonas = badges.find((row) => row.firstName === 'Jonas' && row.exhibitorId === aurora.id)!;
    const maja = badges.find((row) => row.firstName === 'Maja' && row.exhibitorId === fjord.id)!;
    expect(jonas && maja).toBeTruthy();

    const renamed = `${jonas.lastName}-${STAMP}`;
    await renameBadge(admin, jonas.id, renamed);
    // Another exhibitor's badge changes too: its entry must stay out of Aurora's history.
    await renameBadge(admin, maja.id, `${maja.lastName}-${STAMP}`);

    // The log, filtered to the badge: its newest entry opens on the field changed, before and after.
    await admin.goto('/audit');
    await admin.getByRole('combobox', { name: 'Record type' }).selectOption('badge');
    await admin.getByRole('textbox', { name: 'Record id' }).fill(String(jonas.id));
    await expect.poll(() => new URL(admin.url()).searchParams.get('entityId')).toBe(String(jonas.id));
    const log = admin.getByRole('table');
    const entries = log.locator('tbody > tr');
    await expect.poll(() => entries.first().textContent()).toContain(`badge #${jonas.id}`);
    expect(await entries.allTextContents()).not.toContainEqual(expect.stringContaining(`badge #${maja.id}`));
    const newest = entries.first();
    expect(await newest.textContent()).toContain('admin@example.com');
    await newest.getByRole('button', { name: 'update' }).click();
    // The difference opens in the row under the entry.
    const row = changedRow(newest.locator('xpath=following-sibling::tr[1]'), 'lastName');
    await expect.poll(() => row.textContent()).toContain(`Before: ${jonas.lastName}`);
    expect(await row.textContent()).toContain(`After: ${renamed}`);
    // The value before is struck through, the value after is not.
    expect(await row.locator('td').first().evaluate((cell) => getComputedStyle(cell).textDecorationLine)).toBe(
      'line-through',
    );
    expect(await accessibilityFindings(admin)).toEqual([]);

    // The export carries the filters: this badge's entries, the change among them.
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      (async () => {
        await admin.getByRole('button', { name: 'Export' }).click();
        await admin.getByRole('menuitem', { name: 'Export .csv' }).click();
      })(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Changed fields');
    const exported = lines.find((line) => line.includes(renamed));
    expect(exported).toBeDefined();
    expect(exported).toMatch(new RegExp(`,update,badge,${jonas.id},${EVENT_ID},${aurora.id},`));
    expect(exported).toContain('lastName');
    expect(lines.some((line) => line.includes(`,badge,${maja.id},`))).toBe(false);

    // The exhibitor's page, History tab: the same change, named by its record.
    await admin.goto(`/events/${EVENT_ID}/exhibitor/${aurora.id}`);
    await admin.getByRole('tab', { name: 'History' }).click();
    const panel = admin.getByRole('tabpanel', { name: 'History' });
    const tabEntry = panel.locator('tbody > tr').filter({ hasText: `badge #${jonas.id}` }).first();
    await tabEntry.waitFor();
    await tabEntry.getByRole('button', { name: 'update' }).click();
    const tabRow = changedRow(tabEntry.locator('xpath=following-sibling::tr[1]'), 'lastName');
    await expect.poll(() => tabRow.textContent()).toContain(`Before: ${jonas.lastName}`);
    expect(await tabRow.textContent()).toContain(`After: ${renamed}`);
    expect(await panel.textContent()).not.toContain(`badge #${maja.id}`);
    expect(errors).toEqual([]);

    // The exhibitor, on a phone: its allocations page tells where its places went, its own records only.
    const { page: exhibitor, errors: exhibitorErrors } = await pageOf(browser, 'exhibitor', 390);
    const history = exhibitor.waitForResponse((response) =>
      response.url().includes(`/api/audit/records/exhibitor/${aurora.id}`),
    );
    await exhibitor.goto('/badge-allocations');
    const answer = (await (await history).json()) as { data: { entityType: string; entityId: string | null }[] };
    expect(answer.data.length).toBeGreaterThan(0);
    expect(answer.data).toContainEqual(expect.objectContaining({ entityType: 'badge', entityId: String(jonas.id) }));
    expect(answer.data).not.toContainEqual(expect.objectContaining({ entityType: 'badge', entityId: String(maja.id) }));
    const section = exhibitor.getByRole('region', { name: 'History' });
    const own = section.locator('tbody > tr').filter({ hasText: `badge #${jonas.id}` }).first();
    await own.waitFor();
    expect(await section.textContent()).not.toContain(`badge #${maja.id}`);
    await own.getByRole('button', { name: 'update' }).click();
    await expect
      .poll(() => changedRow(own.locator('xpath=following-sibling::tr[1]'), 'lastName').textContent())
      .toContain(`After: ${renamed}`);
    expect(await exhibitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await accessibilityFindings(exhibitor)).toEqual([]);
    expect(exhibitorErrors).toEqual([]);
  });
});
