import { buffer } from 'node:stream/consumers';
import { CANCELLED_BADGE_MAIL_MESSAGE } from '@portal/shared/e-badges';
import type { OutboxAttachment } from '@portal/shared/email-outbox';
import PDFDocument from 'pdfkit';
import type { Database } from '../../db/client';
import { faceOf } from '../badge-layouts/badge-faces';
import * as layouts from '../badge-layouts/badge-layouts.repository';
import { layoutAssets } from '../badge-layouts/layout-assets';
import { chooseLayout } from '../badge-layouts/layout-resolution';
import { badgeSizePt, drawBadge, registerBadgeFonts } from '../badge-layouts/render';
import type { MailAttachment } from '../email/outbox-worker';
import { UndeliverableMailError } from '../email/undeliverable';
import type { FilesService } from '../files/files.service';
import { badgeQrPng } from './badge-qr';

/**
 * The badge as a PDF of its own size, drawn with the layout it resolves to now, as `badge.pdf`
 * draws it. Without a file store at hand the layout's pictures are left out.
 */
async function badgePdf(db: Database, files: FilesService | undefined, face: layouts.FaceRow): Promise<Buffer> {
  const [stored, assignments] = await Promise.all([layouts.listLayouts(db, face.eventId), layouts.listAssignments(db, face.eventId)]);
  const layout = chooseLayout(face, assignments, stored);
  const assets = 'id' in layout && files ? await layoutAssets(db, files)(layout) : {};
  const size = badgeSizePt(layout);
  const doc = new PDFDocument({ size: [size.width, size.height], margin: 0, info: { Title: `Badge ${face.code}` } });
  registerBadgeFonts(doc);
  drawBadge(doc, layout, faceOf(face), assets, { x: 0, y: 0 });
  doc.end();
  return buffer(doc);
}

/**
 * The badge files a mail carries, drawn now from the badge as it is: its PDF and its QR code (an
 * inline part when the attachment names a Content-ID). A badge cancelled or deleted since the mail
 * was queued makes the mail undeliverable: it fails at once and is never sent.
 */
export async function renderBadgeAttachments(
  db: Database,
  attachments: readonly OutboxAttachment[],
  files: FilesService | undefined,
): Promise<MailAttachment[]> {
  const rendered: MailAttachment[] = [];
  // A mail's PDF and QR code name the same badge: read once.
  const faces = new Map<number, layouts.FaceRow | undefined>();
  for (const attachment of attachments) {
    if (!faces.has(attachment.id)) faces.set(attachment.id, await layouts.findFace(db, attachment.id, undefined));
    const face = faces.get(attachment.id);
    if (!face) throw new UndeliverableMailError(`Attachment ${attachment.fileName}: the badge no longer exists`);
    if (face.status === 'cancelled') throw new UndeliverableMailError(CANCELLED_BADGE_MAIL_MESSAGE);
    rendered.push(
      attachment.format === 'png'
        ? { filename: attachment.fileName, contentType: 'image/png', content: badgeQrPng(face.code), ...(attachment.contentId ? { cid: attachment.contentId } : {}) }
        : { filename: attachment.fileName, contentType: 'application/pdf', content: await badgePdf(db, files, face) },
    );
  }
  return rendered;
}
