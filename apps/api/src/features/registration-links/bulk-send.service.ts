import type { BulkSendReport } from '@portal/shared/bulk-send';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.repository';
import { scopeOf } from '../auth/scope';
import { readSheet, type ReceivedSheet } from '../bulk-imports/read-file';
import { formatEventDates } from '../email-templates/event-placeholders';
import { applyEventChecks, checkRows, linkExpiry, reportRows, type CheckedRow } from './bulk-send.rules';
import * as repo from './bulk-send.repository';
import { recipientRows } from './bulk-send.spreadsheet';
import { chooseLinkTemplate, createUserLinksWithEmails } from './registration-links.service';

export type BulkSendInput = {
  step: 'validate' | 'send';
  badgeCategoryId: number;
  emailTemplateID?: number;
  exhibitorId?: number;
  adminId?: number;
  eventId?: number;
  expiresAt?: string;
};

export type BulkSendFile = ReceivedSheet;

/** The outcome of an upload: `refused` when any row is bad, and then nothing was written. */
export type BulkSendOutcome = { refused: boolean; report: BulkSendReport };

export function createBulkSendService(deps: { db: Database; publicUrl: string }) {
  const { db } = deps;

  /**
   * The account whose allocation the links use. An exhibitor sends for itself or one of its
   * sub-accounts, a sub-account for itself; an organiser names the exhibitor (and sub-account) of
   * its event. Anything out of reach answers 404, like a record that does not exist.
   */
  async function ownerFor(actor: Actor, input: BulkSendInput) {
    const scope = scopeOf(actor.principal);
    let exhibitorId = input.exhibitorId;
    if (scope.kind === 'exhibitor' || scope.kind === 'sub-account') {
      if (exhibitorId != null && exhibitorId !== scope.exhibitorId) throw new NotFoundError('Exhibitor');
      exhibitorId = scope.exhibitorId;
    }
    if (scope.kind === 'sub-account' && input.adminId != null && input.adminId !== scope.subAccountId)
      throw new NotFoundError('Sub-account');
    if (exhibitorId == null)
      throw ValidationError.field('exhibitorId', 'Choose the exhibitor whose allocation the links use');
    const exhibitor = await repo.findOwner(db, exhibitorId);
    if (!exhibitor || exhibitor.exhibitorId != null || exhibitor.eventId == null) throw new NotFoundError('Exhibitor');
    if (scope.kind !== 'global' && scope.eventId !== exhibitor.eventId) throw new NotFoundError('Exhibitor');
    const subAccountId = scope.kind === 'sub-account' ? scope.subAccountId : input.adminId;
    if (subAccountId == null) return { ...exhibitor, eventId: exhibitor.eventId };
    const subAccount = await repo.findOwner(db, subAccountId);
    if (!subAccount || subAccount.exhibitorId !== exhibitor.id) throw new NotFoundError('Sub-account');
    return { ...subAccount, eventId: exhibitor.eventId, companyName: subAccount.companyName ?? exhibitor.companyName };
  }

  async function prepare(actor: Actor, input: BulkSendInput) {
    const owner = await ownerFor(actor, input);
    if (input.eventId != null && input.eventId !== owner.eventId)
      throw ValidationError.field('eventId', 'The exhibitor belongs to another event');
    const category = await repo.findCategory(db, input.badgeCategoryId);
    if (!category || category.eventId !== owner.eventId || category.type !== 'badge') {
      throw ValidationError.field('badgeCategoryId', 'Choose a badge category of the exhibitor’s event');
    }
    if (scopeOf(actor.principal).vipOnly && category.badgeType !== 'vip')
      throw ValidationError.field('badgeCategoryId', 'Choose a VIP badge category');
    const template = await chooseLinkTemplate(
      db,
      { emailTemplateId: input.emailTemplateID, eventId: owner.eventId, badgeCategoryId: category.id },
      'emailTemplateID',
    );
    const event = (await repo.findEvent(db, owner.eventId))!;
    const expiresAt = linkExpiry(input.expiresAt, event);
    return { owner, category, template, expiresAt, event };
  }

  /** Every check that needs the database, against the rows that passed the file's own checks. */
  async function checkAgainstEvent(
    conn: Database,
    rows: CheckedRow[],
    ownerId: number,
    badgeCategoryId: number,
    lock: boolean,
  ) {
    const emails = rows.flatMap((r) => (r.recipient ? [r.recipient.email] : []));
    const available = await repo.placesLeft(conn, ownerId, badgeCategoryId, lock);
    const { rows: checked, needed } = applyEventChecks(rows, {
      withBadge: await repo.addressesWithBadge(conn, badgeCategoryId, emails),
      withOpenLink: await repo.addressesWithOpenLink(conn, badgeCategoryId, emails),
      available,
    });
    return { checked, available, needed };
  }

  return {
    /**
     * Reads the file and checks every row; with step=send and nothing wrong, creates one
     * single-use link per row and queues its mail, all in one transaction that holds the
     * allocation, so either every recipient is mailed or none.
     */
    async upload(actor: Actor, input: BulkSendInput, file: BulkSendFile | undefined): Promise<BulkSendOutcome> {
      if (!file) throw ValidationError.field('file', 'Attach the filled-in spreadsheet');
      const { owner, category, template, expiresAt, event } = await prepare(actor, input);
      const rows = checkRows(recipientRows(await readSheet(file)));

      const report = (checked: CheckedRow[], available: number, needed: number, sent: number): BulkSendReport => {
        const bad = reportRows(checked);
        return {
          step: input.step,
          fileName: file.fileName,
          totalRows: checked.length,
          invalidRows: bad.length,
          capacity: { needed, available },
          sent,
          expiresAt: expiresAt.toISOString(),
          rows: bad,
        };
      };

      if (input.step === 'validate') {
        const { checked, available, needed } = await checkAgainstEvent(db, rows, owner.id, category.id, false);
        return { refused: checked.some((r) => r.errors.length > 0), report: report(checked, available, needed, 0) };
      }

      return db.transaction(async (tx) => {
        const { checked, available, needed } = await checkAgainstEvent(tx, rows, owner.id, category.id, true);
        if (checked.some((r) => r.errors.length > 0))
          return { refused: true, report: report(checked, available, needed, 0) };

        const links = await createUserLinksWithEmails(
          tx,
          {
            eventId: event.id,
            badgeCategoryId: category.id,
            owner,
            expiresAt,
            createdByAdminId: actor.principal.id,
            template,
            context: {
              eventName: event.name,
              eventDates: formatEventDates(event.startDate, event.endDate),
              badgeCategory: category.displayName ?? category.name,
              companyName: owner.companyName ?? '',
            },
            publicUrl: deps.publicUrl,
          },
          checked.map((row) => row.recipient!),
        );
        await recordAudit(tx, actor, {
          action: 'bulk_send',
          entityType: 'registration-link',
          eventId: event.id,
          // A sub-account's links use its exhibitor's places: the entry is that exhibitor's history.
          exhibitorId: owner.exhibitorId ?? owner.id,
          after: { ownerId: owner.id, badgeCategoryId: category.id, links: links.length, fileName: file.fileName },
        });
        return { refused: false, report: report(checked, available, needed, links.length) };
      });
    },
  };
}

export type BulkSendService = ReturnType<typeof createBulkSendService>;
