import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityFindings } from './axe';
import { baseUrl, launchChromium, pageOf } from './browser';

const EVENT_ID = 1;
// The suite shares one server: each run's own names.
const STAMP = Date.now().toString(36);

type Received = { headers: IncomingHttpHeaders; body: string };

let browser: Browser;
let receiver: Server | undefined;
const received: Received[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  if (receiver) {
    receiver.close();
    await once(receiver, 'close');
  }
});

/** The API called from outside the browser, as a program holding the token does. */
const withToken = (token: string, path: string) =>
  fetch(`${baseUrl}/api${path}`, { headers: { Authorization: `Bearer ${token}` } });

/** A receiver on this machine answering 200 to every POST, keeping each request's headers and exact body. */
async function startReceiver(): Promise<number> {
  receiver = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  return (receiver.address() as AddressInfo).port;
}

describe('integrations', () => {
  it('at 390 px, an organiser makes an API token with one permission, sees it once, a program uses it within that permission, and revoking it ends it', async () => {
    const { page, errors } = await pageOf(browser, 'eventAdmin', 390);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const name = `CRM sync ${STAMP}`;

    await page.goto('/account/api-tokens');
    await page.getByRole('button', { name: 'New token' }).click();
    const form = page.getByRole('dialog', { name: 'New API token' });
    await form.getByRole('textbox', { name: /^Name/ }).fill(name);
    await form.getByRole('checkbox', { name: 'View exhibitors', exact: true }).click();
    expect(await form.getByRole('checkbox', { checked: true }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await form.getByRole('button', { name: 'Create token' }).click();

    // Shown once: read from the page, and the copy button puts the same on the clipboard.
    const shown = page.getByRole('dialog', { name: `${name} is ready` });
    const secret = shown.getByRole('textbox', { name: 'Your new token' });
    await secret.waitFor();
    const token = await secret.inputValue();
    expect(token).toMatch(/^ept_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'Copy token' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await page.content()).not.toContain(token);

    // The list names it by its first characters, never the whole.
    const row = page.getByRole('row').filter({ hasText: name });
    await expect.poll(() => row.textContent()).toContain('Active');
    expect(await row.textContent()).toContain(token.slice(0, 8));
    expect(await accessibilityFindings(page)).toEqual([]);

    // A program with the token: what it was given, and nothing more.
    expect((await withToken(token, `/admin/exhibitors?eventId=${EVENT_ID}`)).status).toBe(200);
    const refused = await withToken(token, `/admin/exhibitor-users?eventId=${EVENT_ID}`);
    expect(refused.status).toBe(403);

    // Revoked, after a confirmation: the same call is now unauthorised.
    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke this token?' });
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await expect.poll(() => row.textContent()).toContain('Revoked');
    const after = await withToken(token, `/admin/exhibitors?eventId=${EVENT_ID}`);
    expect(after.status).toBe(401);
    expect(((await after.json()) as { message: string }).message).toBe('This API token is unknown, expired or revoked');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
  });

  it('an organiser adds a webhook endpoint, sends a test message that arrives signed, and the delivery log shows it delivered with 200', async () => {
    const port = await startReceiver();
    const { page, errors } = await pageOf(browser, 'eventAdmin');
    const description = `Receiver ${STAMP}`;
    const url = `http://127.0.0.1:${port}/hooks/portal`;

    await page.goto(`/events/${EVENT_ID}/webhooks`);
    await page.getByRole('button', { name: 'New endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'New endpoint' });
    await form.getByRole('textbox', { name: /^Address/ }).fill(url);
    await form.getByRole('textbox', { name: /^Description/ }).fill(description);
    await form.getByRole('checkbox', { name: /Badge created/ }).click();
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    // The secret, shown once the endpoint is added.
    const shown = page.getByRole('dialog', { name: 'Verify messages with this secret' });
    const secretField = shown.getByLabel('Signing secret');
    await secretField.waitFor();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    const row = page.getByRole('row').filter({ hasText: url });
    expect(await row.textContent()).toContain('On');
    await row.getByRole('button', { name: `Send a test message to ${description}` }).click();

    // It arrives, signed as Standard Webhooks: verified with the secret the page showed.
    await expect.poll(() => received.length).toBeGreaterThan(0);
    const [message] = received;
    expect(message!.headers['content-type']).toMatch(/^application\/json/);
    const verified = new Webhook(secret).verify(message!.body, {
      'webhook-id': String(message!.headers['webhook-id']),
      'webhook-timestamp': String(message!.headers['webhook-timestamp']),
      'webhook-signature': String(message!.headers['webhook-signature']),
    }) as { type: string };
    expect(verified.type).toBe('webhook.test');
    // A tampered body does not verify: the check above is a real one.
    expect(() =>
      new Webhook(secret).verify(message!.body.replace('webhook.test', 'webhook.tesT'), {
        'webhook-id': String(message!.headers['webhook-id']),
        'webhook-timestamp': String(message!.headers['webhook-timestamp']),
        'webhook-signature': String(message!.headers['webhook-signature']),
      }),
    ).toThrow();

    // The delivery log: delivered, the receiver's 200, one attempt.
    await row.getByRole('button', { name: `Delivery log of ${description}` }).click();
    const log = page.getByRole('dialog', { name: 'Delivery log' });
    const delivery = log.getByRole('row').filter({ hasText: 'webhook.test' });
    await expect.poll(() => delivery.textContent(), { timeout: 30_000 }).toContain('Delivered');
    expect(await delivery.textContent()).toContain('200');
    expect(await delivery.textContent()).toContain('1 attempt');
    expect(received).toHaveLength(1);
    expect(await accessibilityFindings(page)).toEqual([]);
    // On a phone the Answer column goes, and the answer shows under the status instead.
    const status = delivery.getByRole('cell').nth(1);
    expect(await status.innerText()).not.toContain('200');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => status.innerText()).toContain('200');
    expect(await log.getByRole('columnheader', { name: 'Answer' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
  });
});
