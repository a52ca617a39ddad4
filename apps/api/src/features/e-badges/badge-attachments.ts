import { buffer } from 'node:stream/consumers';
import { CANCELLED_BADGE_MAIL_MESSAGE } from '@portal/shared/e-badges';
import type { OutboxAttachment } from '@portal/shared/email-outbox';
import type { Database } from '../../db/client';
import * as layouts from '../badge-layouts/badge-layouts.repository';
import { singleBadgePdf } from '../badge-layouts/single-badge-pdf';
import type { MailAttachment } from '../email/outbox-worker';
import { UndeliverableMailError } from '../email/undeliverable';
import type { FilesService } from '../files/files.service';
import { badgeQrPng } from './badge-qr';

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
        : { filename: attachment.fileName, contentType: 'application/pdf', content: await buffer(await singleBadgePdf(db, files, face)) },
    );
  }
  return rendered;
}
