import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorld, type TestApp, type World } from '../../test/harness';
import { poppler, pdfText } from '../../test/pdf';
import { listEmailsTo } from '../email/email.repository';
import { deliverDueEmails, type MailTransport } from '../email/outbox-worker';
import { renderBadgeAttachments } from './badge-attachments';
import { badgeQrContentId } from './badge-mails';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(() => t.close());

/** The text a phone's scanner reads from a PNG. */
function scan(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

/** Registers a badge with its mail, as the organiser's form does; answers the badge and its queued mail. */
async function badgeWithMail(person: { firstName: string; lastName: string; email: string }) {
  const res = await t.request(w.eventAdminA, {
    method: 'POST',
    url: '/api/admin/exhibitor-users',
    payload: { ...person, badgeCategoryId: w.categoryA, sendConfirmation: true },
  });
  expect(res.statusCode).toBe(201);
  const [mail] = await listEmailsTo(t.db, person.email);
  return { badge: res.json().data as { id: number; code: string }, mail: mail! };
}

/** A transport that keeps what it was handed instead of sending it. */
function keepingTransport() {
  const sent: Parameters<MailTransport['send']>[] = [];
  return { sent, transport: { send: async (...args: Parameters<MailTransport['send']>) => void sent.push(args) } satisfies MailTransport };
}

describe('a badge mail’s files, drawn at send time', () => {
  it('are the badge as a PDF with the holder’s name and its QR code as an inline PNG of the badge code', async () => {
    const { badge, mail } = await badgeWithMail({ firstName: 'Zoë', lastName: 'Ångström-Łukasiewicz', email: 'zoe@files.example' });
    const [pdf, qr, ...more] = await renderBadgeAttachments(t.db, mail.attachments!, undefined);
    expect(more).toEqual([]);
    expect(pdf).toMatchObject({ filename: `badge-${badge.code}.pdf`, contentType: 'application/pdf' });
    expect(pdf).not.toHaveProperty('cid');
    const text = await pdfText(pdf!.content);
    expect(text).toContain('Zoë');
    expect(text).toContain('Ångström-Łukasiewicz');
    // Without an assignment the badge prints with the event's A6 built-in: 105 × 148 mm.
    expect(await poppler('pdfinfo', pdf!.content)).toMatch(/Page size:\s+297\.6\d* x 419\.5\d* pts/);
    expect(qr).toMatchObject({ filename: `badge-${badge.code}-qr.png`, contentType: 'image/png', cid: badgeQrContentId(badge.id) });
    expect(scan(qr!.content)).toBe(badge.code);
  });

  it('draw the badge with the layout its category resolves to', async () => {
    const created = await t.request(w.eventAdminA, {
      method: 'POST',
      url: `/api/admin/events/${w.eventA}/badge-layouts`,
      payload: {
        name: 'Card',
        pageSize: 'cr80',
        orientation: 'portrait',
        backgroundColor: null,
        elements: [{ id: 'name', kind: 'name', lines: 1, x: 4, y: 4, width: 60, height: 12, fontSize: 14, minFontSize: 6, bold: true, align: 'left', color: '#111111', uppercase: false }],
      },
    });
    expect(created.statusCode).toBe(201);
    const card = created.json().data as { id: number };
    const assigned = await t.request(w.eventAdminA, {
      method: 'PUT',
      url: `/api/admin/events/${w.eventA}/badge-layout-assignments`,
      payload: { assignments: [{ badgeType: 'exhibitor', badgeCategoryId: w.categoryA, layoutId: card.id }] },
    });
    expect(assigned.statusCode).toBe(200);
    const { mail } = await badgeWithMail({ firstName: 'Are', lastName: 'Kort', email: 'are@files.example' });
    const [pdf] = await renderBadgeAttachments(t.db, mail.attachments!, undefined);
    // The CR80 card: 85.6 × 53.98 mm.
    expect(await poppler('pdfinfo', pdf!.content)).toMatch(/Page size:\s+242\.6\d* x 153\.0\d* pts/);
    await t.request(w.eventAdminA, { method: 'PUT', url: `/api/admin/events/${w.eventA}/badge-layout-assignments`, payload: { assignments: [] } });
  });

  it('show the badge as it is when sent: a name changed since the mail was queued', async () => {
    const { badge, mail } = await badgeWithMail({ firstName: 'Per', lastName: 'Olsen', email: 'per@files.example' });
    await t.request(w.eventAdminA, { method: 'PUT', url: `/api/admin/exhibitor-users/${badge.id}`, payload: { lastName: 'Haugland' } });
    const [pdf] = await renderBadgeAttachments(t.db, mail.attachments!, undefined);
    expect(await pdfText(pdf!.content)).toContain('Haugland');
  });

  it('are never sent for a badge cancelled since: the mail fails for good at its first attempt', async () => {
    const { badge } = await badgeWithMail({ firstName: 'Kim', lastName: 'Vik', email: 'kim@files.example' });
    await t.request(w.eventAdminA, { method: 'PUT', url: `/api/admin/exhibitor-users/${badge.id}`, payload: { status: 'cancelled' } });
    const { sent, transport } = keepingTransport();
    while ((await deliverDueEmails(t.db, transport)) > 0);
    expect(sent.filter(([email]) => email.toAddress === 'kim@files.example')).toEqual([]);
    const [row] = await listEmailsTo(t.db, 'kim@files.example');
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: 'This badge is cancelled: it is not sent' });
  });

  it('fail the same way for a badge deleted since', async () => {
    const { badge } = await badgeWithMail({ firstName: 'Ida', lastName: 'Lie', email: 'ida@files.example' });
    expect((await t.request(w.eventAdminA, { method: 'DELETE', url: `/api/admin/exhibitor-users/${badge.id}` })).statusCode).toBe(204);
    const { sent, transport } = keepingTransport();
    while ((await deliverDueEmails(t.db, transport)) > 0);
    expect(sent.filter(([email]) => email.toAddress === 'ida@files.example')).toEqual([]);
    const [row] = await listEmailsTo(t.db, 'ida@files.example');
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: `Attachment badge-${badge.code}.pdf: the badge no longer exists` });
  });
});
