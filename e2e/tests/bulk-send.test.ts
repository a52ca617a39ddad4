import ExcelJS from 'exceljs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage, signIn } from './browser';
import { waitForLink } from './mailbox';

let browser: Browser;
let files: string;

beforeAll(async () => {
  browser = await launchChromium();
  files = mkdtempSync(join(tmpdir(), 'portal-e2e-bulk-send-'));
});
afterAll(async () => {
  await browser?.close();
  rmSync(files, { recursive: true, force: true });
});

async function ownEventId(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const { accessToken } = JSON.parse(localStorage.getItem('exhibitor-portal-auth') ?? '{}');
    const response = await fetch('/api/auth/me', { headers: { Authorization: `Bearer ${accessToken}` } });
    return (await response.json()).data.eventId;
  });
}

describe('bulk registration links', () => {
  it('checks a filled-in template, sends one link per row by mail, and the outbox shows them sent', async () => {
    const { page, errors } = await openPage(browser);
    await signIn(page, 'exhibitor');
    await page.goto(`/events/${await ownEventId(page)}/bulk-send-registration-link`);
    await page.getByRole('heading', { level: 1, name: 'Send Registration Links' }).waitFor();
    const category = page.getByLabel('Badge category');
    await category.locator('option').nth(1).waitFor({ state: 'attached' });
    await category.selectOption({ index: 1 });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the template' }).click(),
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const sheet = book.getWorksheet('Recipients')!;
    const stamp = Date.now();
    const [ada, bo] = [`ada.${stamp}@guests.example`, `bo.${stamp}@guests.example`];
    sheet.addRow([ada, 'Ada', 'Lovelace']);
    sheet.addRow([bo, 'Bo', 'Berg', 'Berg AS']);
    sheet.addRow([ada.toUpperCase(), 'Ada', 'Again']);
    const withRepeat = join(files, 'with-repeat.xlsx');
    await book.xlsx.writeFile(withRepeat);

    await page.getByLabel('Recipients file').setInputFiles(withRepeat);
    await page.getByText('Also in row 2').waitFor();
    expect(await page.getByRole('button', { name: /^Send \d+ link/ }).count()).toBe(0);

    sheet.spliceRows(4, 1);
    const clean = join(files, 'clean.xlsx');
    await book.xlsx.writeFile(clean);
    await page.getByLabel('Recipients file').setInputFiles(clean);
    await page.getByText('Every row is fine: nothing has been sent yet.').waitFor();
    await page.getByRole('button', { name: 'Send 2 links' }).click();
    await page.getByRole('status').getByText('2 registration links sent').waitFor();

    // Each recipient gets its own link by SMTP, through the outbox.
    const adaLink = await waitForLink(ada, '/register/');
    const boLink = await waitForLink(bo, '/register/');
    expect(adaLink).not.toBe(boLink);

    await page.goto(`/email-outbox?search=${encodeURIComponent(`.${stamp}@guests.example`)}`);
    await expect
      .poll(async () => {
        await page.reload();
        await page.getByRole('table').waitFor();
        return page.getByRole('row').filter({ hasText: 'Sent' }).count();
      })
      .toBe(2);
    // A registration link's body is never shown in the outbox.
    expect(await page.getByText('Show text').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
