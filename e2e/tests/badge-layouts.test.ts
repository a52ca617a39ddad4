import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, launchChromium, signedInPage } from './browser';

const EVENT_ID = 1;
// The suite shares one server: a name of this file's own.
const LAYOUT = 'Trade visitor pass';
const CATEGORY = 'Trade visitor';

type Assignment = { badgeType: string; badgeCategoryId: number | null; layoutId: number };
type LayoutList = { data: { id: number; name: string }[]; assignments: Assignment[] };

let browser: Browser;
let page: Page | undefined;
let assignedBefore: Assignment[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});

// Puts the assignments back as they were and deletes the layout, so that the files after this one
// print with the demo data's layouts.
afterAll(async () => {
  if (page) {
    await callApi(page, 'PUT', `/admin/events/${EVENT_ID}/badge-layout-assignments`, { assignments: assignedBefore });
    const list = await callApi<LayoutList>(page, 'GET', `/admin/events/${EVENT_ID}/badge-layouts`);
    for (const layout of list.data.filter((candidate) => candidate.name === LAYOUT)) {
      await callApi(page, 'DELETE', `/admin/badge-layouts/${layout.id}`).catch(() => undefined);
    }
  }
  await browser?.close();
});

/** Picks the option of a select whose text is `text`. */
async function chooseOption(page: Page, label: string, text: string) {
  const select = page.getByRole('combobox', { name: label, exact: true });
  const option = select.locator('option', { hasText: text });
  await option.first().waitFor({ state: 'attached' });
  await select.selectOption((await option.first().getAttribute('value'))!);
}

describe('badge layouts', () => {
  it('an organiser makes a layout with a custom field, previews the longest name and assigns it to a category', async () => {
    page = await signedInPage(browser, 'eventAdmin');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    assignedBefore = (await callApi<LayoutList>(page, 'GET', `/admin/events/${EVENT_ID}/badge-layouts`)).assignments;

    // From the event's page, a new layout from the built-in A6 one.
    await page.goto(`/events/${EVENT_ID}`);
    await page.getByRole('link', { name: /Badge layouts/ }).click();
    await page.getByRole('button', { name: 'New layout' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill(LAYOUT);
    await page.getByRole('button', { name: 'Create and edit' }).click();
    await page.waitForURL(/\/badge-layouts\/\d+$/);
    const layoutId = Number(page.url().split('/').at(-1));

    // A custom field's answer, placed by dragging its box on the preview.
    await chooseOption(page, 'Add an element', 'Custom field answer');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await chooseOption(page, 'Question', 'Job title');
    const box = page.getByRole('button', { name: /^Custom field answer: Job title:/ });
    const x = Number(await page.getByRole('spinbutton', { name: 'X (mm)' }).inputValue());
    const place = (await box.boundingBox())!;
    await page.mouse.move(place.x + place.width / 2, place.y + place.height / 2);
    await page.mouse.down();
    await page.mouse.move(place.x + place.width / 2 - 40, place.y + place.height / 2 + 40, { steps: 4 });
    await page.mouse.up();
    const movedX = Number(await page.getByRole('spinbutton', { name: 'X (mm)' }).inputValue());
    expect(movedX).toBeLessThan(x);
    expect(movedX * 2).toBe(Math.round(movedX * 2));

    // The preview with the event's longest name: the server draws the unsaved design.
    const longest = page.waitForResponse(
      (response) => response.url().endsWith('/badge-layouts/preview') && response.request().postDataJSON()?.sample === 'longest',
    );
    await page.getByRole('radio', { name: 'The longest name of the event' }).check();
    const preview = await longest;
    expect(preview.status()).toBe(200);
    const drawn = (await preview.json()) as { svg: string; warnings: string[] };
    expect(drawn.svg).toContain('<svg');
    const sent = preview.request().postDataJSON() as { layout: { elements: { kind: string; x: number }[] } };
    expect(sent.layout.elements.find((element) => element.kind === 'field')?.x).toBe(movedX);
    await expect.poll(() => page!.getByRole('img', { name: 'Preview of the badge' }).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);

    await page.getByRole('button', { name: 'Save layout' }).click();
    await page.getByText('All changes saved').waitFor();
    const saved = await callApi<{ data: { elements: { kind: string; customFieldId?: number; x: number }[] } }>(
      page,
      'GET',
      `/admin/badge-layouts/${layoutId}`,
    );
    expect(saved.data.elements.find((element) => element.kind === 'field')).toMatchObject({ x: movedX });

    // Assigned to one category: the most specific assignment.
    await page.getByRole('link', { name: 'Badge layouts' }).click();
    await chooseOption(page, `Layout for ${CATEGORY}`, LAYOUT);
    await page.getByRole('button', { name: 'Save assignments' }).click();
    await expect
      .poll(async () => (await callApi<LayoutList>(page!, 'GET', `/admin/events/${EVENT_ID}/badge-layouts`)).assignments)
      .toContainEqual(expect.objectContaining({ badgeType: 'visitor', layoutId }));
    const assignment = (await callApi<LayoutList>(page, 'GET', `/admin/events/${EVENT_ID}/badge-layouts`)).assignments.find(
      (candidate) => candidate.layoutId === layoutId,
    );
    expect(assignment?.badgeCategoryId).not.toBeNull();
    expect(errors).toEqual([]);
  });
});
