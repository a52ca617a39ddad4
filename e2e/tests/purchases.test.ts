import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchChromium, openPage, callApi as sendApi, signedInPage, storedAuth, type DemoUser } from './browser';
import { waitForAttachment } from './mailbox';

// The demo show (apps/api/src/db/seed/demo.ts): Aurora Robotics holds 10 places of "Exhibitor
// staff" at $45.00 each.
const CATEGORY = 'Exhibitor staff';
const COMPANY = 'Aurora Robotics AS';
const EVENT = 'Nordic Tech Expo 2027';
const ISSUER = { name: 'Rīgas Izstādes SIA', address: 'Łódź · Příliš žluťoučký kůň · Αθήνα · Москва' };

let browser: Browser;
let downloads: string;

beforeAll(async () => {
  browser = await launchChromium();
  downloads = mkdtempSync(join(tmpdir(), 'portal-e2e-invoices-'));
});

afterAll(async () => {
  await browser?.close();
  rmSync(downloads, { recursive: true, force: true });
});

/** The entries of a ZIP (deflated, as the server writes them), read from its central directory: name → content. */
function zipEntries(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = new Map<string, Buffer>();
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    expect(zip.readUInt16LE(at + 10)).toBe(8); // deflated
    const [size, nameLength, extraLength, commentLength, local] = [
      zip.readUInt32LE(at + 20),
      zip.readUInt16LE(at + 28),
      zip.readUInt16LE(at + 30),
      zip.readUInt16LE(at + 32),
      zip.readUInt32LE(at + 42),
    ];
    const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.set(zip.toString('utf8', at + 46, at + 46 + nameLength), inflateRawSync(zip.subarray(data, data + size)));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const signedIn = (user: DemoUser) => signedInPage(browser, user);

async function callApi<T>(page: Page, path: string): Promise<T> {
  const auth = await storedAuth(page);
  const response = await fetch(`${baseUrl}/api${path}`, { headers: { Authorization: `Bearer ${auth?.accessToken}` } });
  expect(response.ok, `GET ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

type AllocationRow = { adminId: number; badgeCategory: { name: string }; quantity: number };

async function staffPlaces(page: Page): Promise<number> {
  const me = (await storedAuth(page)) as unknown as { user: { id: number } } | null;
  const allocations = await callApi<{ data: AllocationRow[] }>(
    page,
    `/admin/allocations?adminId=${me!.user.id}&per_page=100`,
  );
  return allocations.data.find((row) => row.badgeCategory.name === CATEGORY)!.quantity;
}

/** The row of one purchase, by its id: the demo data holds purchases of the same category. */
function purchaseRow(page: Page, id: number) {
  return page.getByRole('row').filter({ has: page.getByRole('button', { name: `Details of purchase #${id}:` }) });
}

describe('allocation purchases', () => {
  it('exhibitor requests 10, organiser approves 8, exhibitor pays in the sandbox, the allocation grows by 8, the invoice PDF reads back, a refund of 2 places issues a credit note', async () => {
    const exhibitor = await signedIn('exhibitor');
    const before = await staffPlaces(exhibitor);

    // Request 10 more places; the price is shown live before sending.
    await exhibitor.goto('/allocation-purchases');
    await exhibitor.getByRole('button', { name: 'Request more badges' }).click();
    const request = exhibitor.getByRole('dialog');
    const category = request.getByRole('combobox', { name: /Category/ });
    await category.locator('option', { hasText: CATEGORY }).waitFor({ state: 'attached' });
    await category.selectOption({ label: (await category.locator('option', { hasText: CATEGORY }).textContent())! });
    await request.getByRole('spinbutton', { name: /Places/ }).fill('10');
    await expect.poll(() => request.getByTestId('live-price').textContent()).toBe('$450.00');
    await request.getByRole('textbox', { name: /Comment/ }).fill('Two more stand shifts');
    const [created] = await Promise.all([
      exhibitor.waitForResponse(
        (response) =>
          response.request().method() === 'POST' &&
          new URL(response.url()).pathname === '/api/admin/allocation-purchases',
      ),
      request.getByRole('button', { name: 'Send request' }).click(),
    ]);
    expect(created.status()).toBe(201);
    const purchaseId = ((await created.json()) as { data: { id: number } }).data.id;
    await request.waitFor({ state: 'detached' });
    await purchaseRow(exhibitor, purchaseId).getByText('Requested').waitFor();

    // The organiser names the event's issuer on its Invoicing page, in the scripts of its buyers:
    // the invoice issued at approval keeps it, and both PDFs must read it back as written.
    const organiser = await signedIn('eventAdmin');
    await organiser.goto('/events/1/invoicing');
    await organiser.getByRole('textbox', { name: 'Legal name' }).fill(ISSUER.name);
    await organiser.getByRole('textbox', { name: /^Street and number/ }).fill(ISSUER.address);
    await organiser.getByRole('textbox', { name: /^VAT ID/ }).fill('LV 4000 3521 600');
    await organiser.getByRole('button', { name: 'Save invoicing' }).click();
    await organiser.waitForURL(`${baseUrl}/events/1`);

    // The organiser approves 8 of the 10.
    await organiser.goto('/allocation-purchases?status=requested');
    const row = purchaseRow(organiser, purchaseId).filter({ hasText: COMPANY });
    await row.getByRole('button', { name: /^Review/ }).click();
    const review = organiser.getByRole('dialog');
    await review.getByText('Two more stand shifts').waitFor();
    await review.getByRole('spinbutton', { name: /Places to approve/ }).fill('8');
    await review.getByText(/To pay: \$360\.00/).waitFor();
    await review.getByRole('button', { name: 'Approve' }).click();
    await review.waitFor({ state: 'detached' });
    await organiser.goto('/allocation-purchases?status=approved');
    await purchaseRow(organiser, purchaseId).filter({ hasText: COMPANY }).getByText('Approved').waitFor();

    // The exhibitor pays in the sandbox checkout and lands on the payment status.
    // With the sandbox provider, every screen that shows a payment says these are test payments.
    await exhibitor.goto('/allocation-purchases');
    await exhibitor.getByRole('note').getByText('Test payments.').waitFor();
    await purchaseRow(exhibitor, purchaseId).getByRole('button', { name: /^Pay:/ }).click();
    await exhibitor.waitForURL(/\/payments\/sandbox\/[\w-]+$/);
    await exhibitor.getByRole('note').getByText('Test payments.').waitFor();
    await exhibitor.getByText('$360.00').waitFor();
    await exhibitor.getByText(EVENT).waitFor();
    await exhibitor.getByRole('button', { name: 'Pay successfully' }).click();
    // The status page opens with the signed link the checkout sent the payer back with.
    await exhibitor.waitForURL(new RegExp(`/payment-status/${purchaseId}\\?t=[\\w.-]+$`));
    await exhibitor.getByRole('heading', { name: 'Payment received' }).waitFor();
    await exhibitor.getByRole('note').getByText('Test payments.').waitFor();
    await exhibitor.getByText('$360.00').waitFor();

    // The allocation grew by the 8 approved, not the 10 asked for.
    expect(await staffPlaces(exhibitor)).toBe(before + 8);

    // The invoice, now PAID, downloads as a PDF whose text holds the figures.
    await exhibitor.getByRole('link', { name: 'Back to Allocation Purchases' }).click();
    const details = exhibitor.getByRole('dialog');
    await details.getByText('Paid', { exact: true }).first().waitFor();
    await details.getByRole('button', { name: 'View invoice' }).click();
    const invoice = exhibitor.getByRole('article', { name: /^Invoice INV-/ });
    await invoice.getByText('PAID', { exact: true }).waitFor();
    const number = (await invoice.getAttribute('aria-label'))!.replace('Invoice ', '');
    const [download] = await Promise.all([
      exhibitor.waitForEvent('download'),
      exhibitor.getByRole('button', { name: 'Download PDF', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const file = join(downloads, download.suggestedFilename());
    await download.saveAs(file);

    const text = execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const expected of [
      'INVOICE',
      number,
      EVENT,
      COMPANY,
      'exhibitor@aurora-robotics.example',
      ISSUER.name,
      ISSUER.address,
      'LV40003521600',
      'Badge Allocation',
      '$45.00',
      '$360.00',
      'PAID',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Badge Allocation: Exhibitor staff\s+8\s+\$45\.00\s+\$360\.00/);
    const info = execFileSync('/usr/bin/pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/Pages:\s+1/);
    // A4 portrait: 595 × 842 points.
    expect(info).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);

    // Beside it, the server's PDF/A of the same invoice: vector text from the same frozen copy.
    const [serverPdf] = await Promise.all([
      exhibitor.waitForEvent('download'),
      exhibitor.getByRole('button', { name: 'Download PDF/A' }).click(),
    ]);
    expect(serverPdf.suggestedFilename()).toBe(`${number}.pdf`);
    const serverFile = join(downloads, `server-${number}.pdf`);
    await serverPdf.saveAs(serverFile);
    const serverText = execFileSync('/usr/bin/pdftotext', [serverFile, '-'], { encoding: 'utf8' });
    for (const expected of [number, EVENT, COMPANY, ISSUER.name, ISSUER.address, '$45.00', '$360.00', 'PAID'])
      expect(serverText).toContain(expected);

    // The approval mail to the exhibitor carried the invoice as a PDF, drawn by the server.
    const mailed = await waitForAttachment('exhibitor@aurora-robotics.example', `${number}.pdf`);
    expect(mailed.contentType).toBe('application/pdf');
    expect(mailed.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const mailedFile = join(downloads, `mailed-${number}.pdf`);
    writeFileSync(mailedFile, mailed.content);
    const mailedText = execFileSync('/usr/bin/pdftotext', [mailedFile, '-'], { encoding: 'utf8' });
    for (const expected of [number, COMPANY, '$360.00']) expect(mailedText).toContain(expected);

    // The organiser downloads every invoice and credit note of the event as one ZIP of PDFs.
    await organiser.goto('/events/1?tab=purchases');
    const [all] = await Promise.all([
      organiser.waitForEvent('download'),
      organiser.getByRole('button', { name: 'Download all invoices' }).click(),
    ]);
    expect(all.suggestedFilename()).toBe('invoices-event-1.zip');
    const allFile = join(downloads, all.suggestedFilename());
    await all.saveAs(allFile);
    const invoices = await callApi<{ data: { number: string }[] }>(organiser, '/admin/events/1/invoices');
    expect(invoices.data.map((item) => item.number)).toContain(number);
    const entries = zipEntries(readFileSync(allFile));
    expect([...entries.keys()].sort()).toEqual(invoices.data.map((item) => `${item.number}.pdf`).sort());
    const entryFile = join(downloads, `zipped-${number}.pdf`);
    writeFileSync(entryFile, entries.get(`${number}.pdf`)!);
    expect(execFileSync('/usr/bin/pdftotext', [entryFile, '-'], { encoding: 'utf8' })).toContain('$360.00');

    // The organiser refunds 2 of the 8 places: a credit note, drawn by the same document view,
    // and 2 places fewer.
    await organiser.goto(`/allocation-purchases?purchase=${purchaseId}`);
    await organiser.getByRole('dialog').getByRole('button', { name: 'Refund' }).click();
    const refund = organiser.getByRole('dialog', { name: 'Refund payment' });
    await refund.getByRole('textbox', { name: /Amount/ }).fill('90.00');
    await refund.getByRole('textbox', { name: /Reason/ }).fill('Two stand shifts cancelled');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await organiser
      .getByRole('alertdialog', { name: 'Refund this payment?' })
      .getByRole('button', { name: 'Refund' })
      .click();
    await refund.waitFor({ state: 'detached' });
    const reviewed = organiser.getByRole('dialog', { name: `Purchase #${purchaseId}` });
    await reviewed.getByText('Partially refunded').waitFor();
    await reviewed.getByRole('button', { name: /^Credit note CN-/ }).click();
    const creditNote = organiser.getByRole('article', { name: /^Credit note CN-/ });
    await creditNote.getByText(number).first().waitFor();
    expect(await creditNote.innerText()).toMatch(/Total credited\s*\$90\.00/);
    expect(await staffPlaces(exhibitor)).toBe(before + 6);

    await exhibitor.context().close();
    await organiser.context().close();
    // The whole purchase life in one browser flow, a PDF drawn on the way: over a minute on a busy machine.
  }, 150_000);

  it('the payment-status page opens signed out only with the link the checkout gave, and shows no more than status, amount and event', async () => {
    const exhibitor = await signedIn('exhibitor');
    const organiser = await signedIn('eventAdmin');
    const me = (await storedAuth(exhibitor)) as unknown as { user: { id: number } };
    const allocations = await callApi<{ data: (AllocationRow & { badgeCategory: { id: number } })[] }>(
      exhibitor,
      `/admin/allocations?adminId=${me.user.id}&per_page=100`,
    );
    const badgeCategoryId = allocations.data.find((row) => row.badgeCategory.name === CATEGORY)!.badgeCategory.id;
    const { data: created } = await sendApi<{ data: { id: number } }>(exhibitor, 'POST', '/admin/allocation-purchases', {
      badgeCategoryId,
      quantity: 1,
    });
    await sendApi(organiser, 'PUT', `/admin/allocation-purchases/${created.id}`, { action: 'approve', accepted_amount: 1 });
    const { data: token } = await sendApi<{ data: { url: string } }>(
      exhibitor,
      'POST',
      `/admin/allocation-purchases/${created.id}/payment-token`,
      {},
    );
    const { data: left } = await sendApi<{ data: { redirectUrl: string } }>(
      exhibitor,
      'POST',
      `/payments/sandbox/${token.url.split('/').pop()}`,
      { outcome: 'abandon' },
    );
    await exhibitor.context().close();
    await organiser.context().close();

    const { page } = await openPage(browser);
    // The id alone opens nothing: purchase ids are sequential.
    await page.goto(`/payment-status/${created.id}`);
    await page.getByRole('heading', { name: 'Payment not found' }).waitFor();
    expect(await page.locator('main').innerText()).not.toContain(EVENT);

    await page.goto(left.redirectUrl);
    // The checkout was abandoned: not completed, and offered again (after signing in).
    await page.getByRole('heading', { name: 'Payment cancelled' }).waitFor();
    await page.getByRole('link', { name: 'Sign in to retry payment' }).waitFor();
    const body = await page.locator('main').innerText();
    expect(body).toContain(EVENT);
    expect(body).toContain('$45.00');
    expect(body).not.toContain(COMPANY);
    expect(body).not.toContain('exhibitor@aurora-robotics.example');
    expect(await page.getByRole('link', { name: 'Back to Allocation Purchases' }).count()).toBe(0);
    await page.context().close();
  });

  it('a price typed for a JPY event is stored in whole yen and listed as such', async () => {
    const admin = await signedIn('systemAdmin');
    const event = (
      await sendApi<{ data: { id: number } }>(admin, 'POST', '/events', { name: `Tokyo Expo ${Date.now()}`, currency: 'JPY' })
    ).data;
    await admin.goto(`/badge-categories?eventId=${event.id}`);
    await admin.getByRole('button', { name: 'New category' }).click();
    const dialog = admin.getByRole('dialog', { name: 'New badge category' });
    await dialog.getByLabel(/^Name/).fill('Extra staff');
    await dialog.getByLabel('Price of an extra badge (JPY)').fill('4500');
    await dialog.getByRole('button', { name: 'Create category' }).click();
    await admin.getByRole('row').filter({ hasText: 'Extra staff' }).getByText(/^[¥￥]4,500$/).waitFor();
    const categories = await callApi<{ data: { name: string; unitPrice: number }[] }>(
      admin,
      `/admin/badge-categories/event/${event.id}`,
    );
    expect(categories.data.find((category) => category.name === 'Extra staff')?.unitPrice).toBe(4500);
    await admin.context().close();
  });
});
