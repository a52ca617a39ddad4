import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, launchChromium, signedInPage, type DemoUser } from './browser';

// The demo show (apps/api/src/db/seed/demo.ts): event 1 sells "Exhibitor staff" places at $45.00.
const CATEGORY = 'Exhibitor staff';
const LATVIAN_VAT_ID = 'LV40003521600';

let browser: Browser;
let downloads: string;

beforeAll(async () => {
  browser = await launchChromium();
  downloads = mkdtempSync(join(tmpdir(), 'portal-e2e-accounting-'));
});

afterAll(async () => {
  await browser?.close();
  rmSync(downloads, { recursive: true, force: true });
});

const signedIn = (user: DemoUser) => signedInPage(browser, user);

/** A CAMT.053 statement with one booked credit transfer, as a bank would send it. */
function camtStatement(amount: string, currency: string, remittance: string, bankReference: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>${bankReference}</MsgId><CreDtTm>2026-11-26T06:00:00+01:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${bankReference}-1</Id>
      <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>${currency}</Ccy></Acct>
      <Ntry>
        <Amt Ccy="${currency}">${amount}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-11-25</Dt></BookgDt>
        <ValDt><Dt>2026-11-25</Dt></ValDt>
        <AcctSvcrRef>${bankReference}</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <RltdPties><Dbtr><Pty><Nm>Aurora Robotics AS</Nm></Pty></Dbtr></RltdPties>
          <RmtInf><Ustrd>${remittance}</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>`;
}

type InvoiceSettings = { issuer: object; footer: string | null; paymentTermsDays: number; invoicePrefix: string; creditNotePrefix: string };

describe('invoices an accountant accepts', () => {
  // The demo event charges no VAT for the other tests: put its settings back as they were.
  let restore: (() => Promise<unknown>) | undefined;
  afterAll(() => restore?.());

  it('an organiser enters its legal entity and VAT, a Latvian business buys without VAT, the bank statement pays it, and the invoice PDF carries its EN 16931 XML', async () => {
    // The organiser's legal entity and the event's VAT, on the Invoicing page.
    const organiser = await signedIn('eventAdmin');
    const before = (await callApi<{ data: InvoiceSettings }>(organiser, 'GET', '/events/1/invoicing')).data;
    restore = () =>
      callApi(organiser, 'PUT', '/events/1/invoicing', {
        issuer: before.issuer,
        footer: before.footer,
        paymentTermsDays: before.paymentTermsDays,
        invoicePrefix: before.invoicePrefix,
        creditNotePrefix: before.creditNotePrefix,
      });
    await organiser.goto('/events/1/invoicing');
    await organiser.getByRole('textbox', { name: 'Legal name' }).fill('Messe Beispiel GmbH');
    await organiser.getByRole('textbox', { name: /^Street and number/ }).fill('Messeplatz 1');
    await organiser.getByRole('textbox', { name: /^Postcode/ }).fill('60327');
    await organiser.getByRole('textbox', { name: /^City/ }).fill('Frankfurt am Main');
    await organiser.getByRole('textbox', { name: /^Country code/ }).fill('DE');
    await organiser.getByRole('textbox', { name: /^VAT ID/ }).fill('DE136695976');
    await organiser.getByRole('textbox', { name: /^IBAN/ }).fill('DE89 3704 0044 0532 0130 00');
    await organiser.getByRole('textbox', { name: /^BIC/ }).fill('COBADEFFXXX');
    await organiser.getByRole('textbox', { name: /^Default VAT rate/ }).fill('19');
    await organiser.getByRole('radio', { name: /VAT is added to prices/ }).check();
    await organiser.getByRole('button', { name: 'Save invoicing' }).click();
    await organiser.waitForURL(/\/events\/1$/);

    // The exhibitor requests two places with its Latvian VAT ID: the quote says reverse charge.
    const exhibitor = await signedIn('exhibitor');
    await exhibitor.goto('/allocation-purchases');
    await exhibitor.getByRole('button', { name: 'Request more badges' }).click();
    const request = exhibitor.getByRole('dialog');
    const category = request.getByRole('combobox', { name: /Category/ });
    await category.locator('option', { hasText: CATEGORY }).waitFor({ state: 'attached' });
    await category.selectOption({ label: (await category.locator('option', { hasText: CATEGORY }).textContent())! });
    await request.getByRole('spinbutton', { name: /Places/ }).fill('2');
    await request.getByRole('textbox', { name: /^VAT ID/ }).fill('lv 4000 3521 600');
    await request.getByText(/Reverse charge/).first().waitFor();
    await expect.poll(() => request.getByTestId('live-price').textContent()).toBe('$90.00');
    const [created] = await Promise.all([
      exhibitor.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/admin/allocation-purchases',
      ),
      request.getByRole('button', { name: 'Send request' }).click(),
    ]);
    expect(created.status()).toBe(201);
    const purchaseId = ((await created.json()) as { data: { id: number } }).data.id;

    // The organiser approves both places: the invoice is issued, for $90.00 and no VAT.
    const approved = await callApi<{ data: { invoice_id: string; amount_to_pay: number; tax: { category: string } } }>(
      organiser,
      'PUT',
      `/admin/allocation-purchases/${purchaseId}`,
      { action: 'approve', accepted_amount: 2 },
    );
    expect(approved.data).toMatchObject({ amount_to_pay: 9000, tax: { category: 'AE' } });
    const number = approved.data.invoice_id;

    // The bank's statement pays it: read, matched by the invoice number in the remittance text, recorded.
    await organiser.goto('/events/1/bank-statement');
    await organiser.locator('input[type="file"]').setInputFiles({
      name: 'statement.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(camtStatement('90.00', 'USD', `Invoice ${number.toLowerCase()}`, `E2E${Date.now()}`)),
    });
    const tick = organiser.getByRole('checkbox', { name: new RegExp(`as the payment of invoice ${number}`) });
    await tick.waitFor();
    expect(await tick.isChecked()).toBe(true);
    await organiser.getByRole('button', { name: 'Record 1 payment' }).click();
    await organiser.getByRole('alertdialog').getByRole('button', { name: 'Record payments' }).click();
    await expect
      .poll(async () => (await callApi<{ data: { status: string } }>(organiser, 'GET', `/admin/allocation-purchases/${purchaseId}`)).data.status)
      .toBe('paid');

    // The exhibitor downloads the server's PDF/A: it reads PAID with the reverse-charge wording and holds factur-x.xml.
    await exhibitor.goto(`/allocation-purchases?purchase=${purchaseId}`);
    const details = exhibitor.getByRole('dialog');
    await details.getByRole('button', { name: 'View invoice' }).click();
    const invoice = exhibitor.getByRole('article', { name: `Invoice ${number}` });
    await invoice.getByText('PAID', { exact: true }).waitFor();
    const [download] = await Promise.all([
      exhibitor.waitForEvent('download'),
      exhibitor.getByRole('button', { name: 'Download PDF/A' }).click(),
    ]);
    const file = join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    const text = execFileSync('/usr/bin/pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    for (const expected of [number, 'Messe Beispiel GmbH', 'DE136695976', LATVIAN_VAT_ID, 'Reverse charge', '$90.00', 'PAID']) {
      expect(text).toContain(expected);
    }
    expect(execFileSync('/usr/bin/pdfdetach', ['-list', file], { encoding: 'utf8' })).toContain('factur-x.xml');
    const xmlFile = join(downloads, 'factur-x.xml');
    execFileSync('/usr/bin/pdfdetach', ['-savefile', 'factur-x.xml', '-o', xmlFile, file]);
    const xml = readFileSync(xmlFile, 'utf8');
    for (const expected of [
      `<ram:ID>${number}</ram:ID>`,
      'urn:cen.eu:en16931:2017',
      `<ram:ID schemeID="VA">${LATVIAN_VAT_ID}</ram:ID>`,
      '<ram:CategoryCode>AE</ram:CategoryCode>',
      '<ram:GrandTotalAmount>90.00</ram:GrandTotalAmount>',
      '<ram:DuePayableAmount>0.00</ram:DuePayableAmount>',
      'DE89370400440532013000',
    ]) {
      expect(xml).toContain(expected);
    }
  });
});
