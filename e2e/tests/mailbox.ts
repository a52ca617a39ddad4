import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { attachmentsOf, type ReceivedAttachment } from '../../apps/api/src/test/mail';

const mailboxDir = inject('mailboxDir');
const WAIT_MS = 15_000;

/**
 * The text of a message as sent: headers dropped, quoted-printable undone (in a message with an HTML
 * part the encoding is declared per part, so it is looked for anywhere).
 */
function bodyOf(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const body = raw.slice(split).trim();
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(raw)) return body;
  return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for a message to the address carrying a file of that name, and answers the file. */
export async function waitForAttachment(address: string, fileName: string): Promise<ReceivedAttachment> {
  if (!mailboxDir) throw new Error('These tests read the portal’s emails and need the mail server the e2e setup starts');
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const found = readdirSync(mailboxDir)
      .sort()
      .map((file) => JSON.parse(readFileSync(join(mailboxDir, file), 'utf8')) as { to: string[]; raw: string })
      .filter((message) => message.to.includes(address))
      .flatMap((message) => attachmentsOf(message.raw))
      .find((attachment) => attachment.filename === fileName);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No message with ${fileName} attached reached ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The paths starting with `prefix` (e.g. "/reset-password/") in the messages sent to an address, oldest first. */
export function linksTo(address: string, prefix: string): string[] {
  if (!mailboxDir) throw new Error('These tests read the portal’s emails and need the mail server the e2e setup starts');
  const pattern = new RegExp(`https?://[^\\s/]+(${prefix.replace(/\//g, '\\/')}[\\w-]+)`);
  return readdirSync(mailboxDir)
    .sort()
    .map((file) => JSON.parse(readFileSync(join(mailboxDir, file), 'utf8')) as { to: string[]; raw: string })
    .filter((message) => message.to.includes(address))
    .map((message) => bodyOf(message.raw).match(pattern)?.[1])
    .filter((link): link is string => link !== undefined);
}

/** Waits for a new message to the address carrying such a link (more than `known` of them) and answers its path. */
export async function waitForLink(address: string, prefix: string, known = 0): Promise<string> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const links = linksTo(address, prefix);
    if (links.length > known) return links.at(-1)!;
    if (Date.now() > deadline) throw new Error(`No message with a ${prefix} link reached ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits for a message to the address whose subject contains `subject` and answers its text. */
export async function waitForMessage(address: string, subject: string): Promise<string> {
  if (!mailboxDir) throw new Error('These tests read the portal’s emails and need the mail server the e2e setup starts');
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const found = readdirSync(mailboxDir)
      .sort()
      .map((file) => JSON.parse(readFileSync(join(mailboxDir, file), 'utf8')) as { to: string[]; raw: string })
      .find((message) => message.to.includes(address) && message.raw.includes(subject));
    if (found) return bodyOf(found.raw);
    if (Date.now() > deadline) throw new Error(`No message "${subject}" reached ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
