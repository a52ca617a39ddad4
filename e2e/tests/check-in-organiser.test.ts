import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, callApi, launchChromium, signedInPage } from './browser';

const EVENT_ID = 1;
// The demo event's zone: the list's window is typed on its clock.
const EVENT_ZONE = 'Europe/Oslo';
// The suite shares one server: names of this file's own.
const LIST = 'East gate';
const DEVICE = 'East gate, phone 1';

type ListRow = { id: number; name: string; rules: { badgeType: string; windows: { from: string; to: string }[] }[] };
type BadgeRow = { id: number; code: string; name: string; status: string; badgeCategory: { type: string } };

let browser: Browser;
let page: Page | undefined;
let deviceId: number | undefined;

beforeAll(async () => {
  browser = await launchChromium();
});

// A device of this file must not go on scanning for the files after it.
afterAll(async () => {
  if (page && deviceId)
    await callApi(page, 'POST', `/admin/check-in-devices/${deviceId}/revoke`).catch(() => undefined);
  await browser?.close();
});

/** A moment as a `datetime-local` value on the event's clock, to the minute. */
function eventClock(instant: number): string {
  // Swedish writes dates as ISO does: `2027-03-16 09:00`.
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: EVENT_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(instant)
    .replace(' ', 'T');
}

async function deviceApi<T>(token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

describe('check-in, the organiser’s screens', () => {
  it('an organiser sets a list on the event’s clock, pairs a device with its code, and follows its scan in the log and the figures', async () => {
    page = await signedInPage(browser, 'eventAdmin');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // A list admitting every badge type, visitors within a window around now typed on the event's clock.
    await page.goto(`/events/${EVENT_ID}`);
    await page.getByRole('link', { name: /Check-in/ }).click();
    await page.getByRole('tab', { name: 'Lists' }).click();
    await page.getByRole('button', { name: 'New list' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill(LIST);
    for (const type of ['Exhibitor', 'Contractor', 'VIP']) {
      await page.getByRole('checkbox', { name: `${type} badges admitted` }).click();
    }
    await page.getByRole('button', { name: 'Add time window for visitor badges' }).click();
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    await page.getByLabel('Visitor badges, window 1, from').fill(eventClock(minute - 3_600_000));
    await page.getByLabel('Visitor badges, window 1, to').fill(eventClock(minute + 3_600_000));
    await page.getByRole('button', { name: 'Create list' }).click();
    await page.getByRole('cell', { name: LIST, exact: true }).waitFor();
    const lists = await callApi<{ data: ListRow[] }>(page, 'GET', `/admin/events/${EVENT_ID}/check-in-lists`);
    const list = lists.data.find((candidate) => candidate.name === LIST)!;
    const window = list.rules.find((rule) => rule.badgeType === 'visitor')!.windows[0]!;
    expect(Date.parse(window.from)).toBe(minute - 3_600_000);
    expect(Date.parse(window.to)).toBe(minute + 3_600_000);

    // A device, paired with the code the dialog shows.
    await page.getByRole('tab', { name: 'Devices' }).click();
    await page.getByRole('button', { name: 'New device' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill(DEVICE);
    // An event's only list comes chosen; the suite's other files may have added lists of their own.
    const listBox = page.getByRole('checkbox', { name: LIST, exact: true });
    if (!(await listBox.isChecked())) await listBox.click();
    expect(await listBox.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Create and pair' }).click();
    await page.getByRole('img', { name: `Pairing QR code for ${DEVICE}` }).waitFor();
    const shownCode = (await page.getByTestId('pairing-code').textContent())!;
    expect(shownCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(await page.getByLabel('Pairing link').inputValue()).toContain(`#code=${shownCode.replace('-', '')}`);
    const paired = await deviceApi<{ data: { token: string; device: { id: number } } }>('', '/check-in/pair', {
      code: shownCode,
    });
    deviceId = paired.data.device.id;
    await page.getByRole('button', { name: 'Done' }).click();
    // The table refreshes itself each minute; a reload shows the pairing at once.
    await page.reload();
    await expect.poll(() => page!.getByRole('row').filter({ hasText: DEVICE }).textContent()).toContain('Paired');

    // The device admits a badge; the log and the figures show it.
    const badges = await callApi<{ data: BadgeRow[] }>(page, 'GET', `/users?eventId=${EVENT_ID}`);
    const badge = badges.data.find(
      (candidate) => candidate.status === 'active' && candidate.badgeCategory.type === 'badge',
    )!;
    const scan = await deviceApi<{ data: { result: string } }>(paired.data.token, '/check-in/redeem', {
      code: badge.code,
      listId: list.id,
      nonce: `e2e-${Date.now()}`,
      scannedAt: new Date().toISOString(),
      method: 'typed',
    });
    expect(scan.data.result).toBe('admitted');

    await page.getByRole('tab', { name: 'Figures' }).click();
    const card = page.getByRole('listitem').filter({ hasText: LIST });
    await expect.poll(() => card.textContent()).toMatch(/Inside now1Admitted in total1/);

    await page.getByRole('tab', { name: 'Log' }).click();
    await page.getByRole('combobox', { name: 'Filter by list' }).selectOption(String(list.id));
    await expect.poll(() => new URL(page!.url()).searchParams.get('listId')).toBe(String(list.id));
    const row = page.getByRole('row').filter({ hasText: badge.name });
    await expect.poll(() => row.textContent()).toContain('Admitted');

    // The export carries the log's filters: this list's scan, as CSV.
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Export .csv' }).click(),
    ]);
    const exported = await readFile((await download.path())!, 'utf8');
    expect(exported).toContain(badge.code);
    expect(exported.trim().split('\n')).toHaveLength(2);

    // Undone with a reason; then the list, which has a scan, cannot be deleted.
    await row.getByRole('button', { name: /^Undo the check-in/ }).click();
    await page.getByRole('textbox', { name: 'Reason' }).fill('Scanned at the wrong gate');
    await page.getByRole('button', { name: 'Undo check-in' }).click();
    await expect.poll(() => row.textContent()).toContain('Undone: Scanned at the wrong gate');

    await page.getByRole('tab', { name: 'Lists' }).click();
    await page.getByRole('button', { name: `Delete ${LIST}` }).click();
    await page.getByRole('button', { name: 'Delete list' }).click();
    await page.getByRole('alert').waitFor();
    expect(
      (await callApi<{ data: ListRow[] }>(page, 'GET', `/admin/events/${EVENT_ID}/check-in-lists`)).data.map(
        (l) => l.name,
      ),
    ).toContain(LIST);
    expect(errors).toEqual([]);
  });
});
