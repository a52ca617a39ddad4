import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchChromium, openPage, signIn, storedAuth } from './browser';
import { waitForMessage } from './mailbox';

const EVENT_ID = 1;
const CATEGORY = 'Exhibitor staff';
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300, 32), Buffer.from('\n%%EOF')]);

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('badge registration links', () => {
  it('lets a person without an account register a badge with a file through an exhibitor’s link', async () => {
    // The organiser asks for a photo on the staff badges, as a file field.
    const { page: organiser } = await openPage(browser);
    await signIn(organiser, 'eventAdmin');
    const auth = await storedAuth(organiser);
    const categories = await fetch(`${baseUrl}/api/admin/badge-categories/event/${EVENT_ID}?type=badge`, {
      headers: { Authorization: `Bearer ${auth?.accessToken}` },
    }).then((response) => response.json() as Promise<{ data: { id: number; name: string }[] }>);
    const categoryId = categories.data.find((category) => category.name === CATEGORY)!.id;
    const field = await fetch(`${baseUrl}/api/custom-fields`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${auth?.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        eventId: EVENT_ID,
        badgeCategoryId: categoryId,
        label: 'Portrait photo',
        key: 'portrait_photo',
        type: 'file',
        validation: { allowedMimeTypes: ['application/pdf'] },
      }),
    });
    expect(field.status).toBe(201);

    // The exhibitor creates a shareable link on its own places.
    const { page: exhibitor } = await openPage(browser);
    await signIn(exhibitor, 'exhibitor');
    await exhibitor.goto(`/registration-links?badgeCategoryId=${categoryId}`);
    await exhibitor.getByRole('button', { name: 'New link' }).click();
    const dialog = exhibitor.getByRole('dialog');
    await dialog.getByLabel('Maximum registrations').fill('3');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const url = await dialog.getByLabel('Registration link').inputValue();
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(url).toMatch(/\/register\/[\w-]{24}$/);

    // Someone opens it signed out, at phone width, and registers.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const visitor = await context.newPage();
    await visitor.goto(url);
    await visitor.getByRole('heading', { name: 'Register your badge' }).waitFor();
    await visitor.getByRole('textbox', { name: 'First name', exact: true }).fill('Marit');
    await visitor.getByRole('textbox', { name: 'Last name', exact: true }).fill('Linkvik');
    await visitor.getByRole('textbox', { name: 'Email', exact: true }).fill('marit.linkvik@guest.example');
    await visitor.getByRole('button', { name: 'Register badge' }).click();
    await expect.poll(() => visitor.getByText('Required').count()).toBeGreaterThan(0);
    await visitor.getByRole('textbox', { name: 'Job title', exact: true }).fill('Sales engineer');
    await visitor
      .getByLabel('Portrait photo')
      .setInputFiles({ name: 'portrait.pdf', mimeType: 'application/pdf', buffer: PDF });
    await visitor.getByRole('button', { name: 'Register badge' }).click();
    await visitor.getByText('Your badge is registered').waitFor();
    const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();

    // The badge is in the exhibitor's list, the link counts one use, the confirmation carries the code.
    await exhibitor.goto(`/users/${categoryId}`);
    await exhibitor.getByText('Marit Linkvik').first().waitFor();
    await exhibitor.goto(`/registration-links?badgeCategoryId=${categoryId}`);
    await exhibitor
      .getByRole('cell')
      .filter({ hasText: /^1 \/ 3Last/ })
      .first()
      .waitFor();
    const mail = await waitForMessage('marit.linkvik@guest.example', 'Your badge for');
    expect(mail).toMatch(/Badge code: [A-Z0-9-]+/);

    // The confirmation is about the exhibitor's badge: its outbox lists it, as the organiser's does.
    for (const reader of [exhibitor, organiser]) {
      await reader.goto('/email-outbox?search=marit.linkvik%40guest.example');
      const row = reader.getByRole('row').filter({ hasText: 'To marit.linkvik@guest.example' });
      await row.filter({ hasText: 'Badge confirmation' }).first().waitFor();
    }
  });
});
