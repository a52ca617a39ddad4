import type { BulkImportFields, BulkImportKind, BulkImportReport } from '@portal/shared/bulk-imports';
import { BADGE_TYPE_LABELS } from '@portal/shared/badge-categories';
import { hasPermissions } from '@portal/shared/permissions';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { yieldToOthers } from '../../lib/slices';
import { ConflictError, ForbiddenError, isUniqueViolation, NotFoundError, ValidationError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.repository';
import { sendPendingInvitations } from '../auth/pending-invitations';
import { loadPrincipal } from '../auth/principal';
import { scopeOf } from '../auth/scope';
import { findCategory } from '../badge-categories/badge-categories.repository';
import { categoryFilterFor } from '../badge-categories/badge-categories.service';
import { findFieldsForCategory } from '../custom-fields/custom-fields.repository';
import { findEventInScope } from '../events/events.repository';
import { findExhibitor } from '../exhibitors/exhibitors.repository';
import { badgeColumns, planBadges, type BadgeTarget } from './badges-import';
import type { ColumnSpec } from './columns';
import { EXHIBITOR_COLUMNS, planExhibitors } from './exhibitors-import';
import type { ImportPlan } from './plan';
import { readSheet, type ReceivedSheet } from './read-file';
import { reportWorkbook } from './report-file';
import type { Sheet } from './sheet';
import { planSubAccounts, SUB_ACCOUNT_COLUMNS } from './sub-accounts-import';
import { templateWorkbook } from './templates';

type Fields = Omit<BulkImportFields, 'step'>;

/** One import's target, checked against the caller's reach: what its file is planned against. */
type Target = {
  eventId: number;
  /** The exhibitor whose records the file writes (badges, sub-accounts), for its history. */
  exhibitorId?: number | null;
  /** What the template is named after. */
  title: string;
  columns: ColumnSpec[];
  plan(db: Database, sheet: Sheet): Promise<ImportPlan>;
};

/** Thrown inside the import transaction when a row planned again there is bad, so that it rolls back; carries the report. */
class RowsRefused extends Error {
  constructor(readonly report: BulkImportReport) {
    super('Some rows are not valid');
  }
}

export type ImportOutcome = { status: 200 | 422; report: BulkImportReport };

function reportOf(
  kind: BulkImportKind,
  step: 'validate' | 'import',
  file: ReceivedSheet,
  sheet: Sheet,
  plan: ImportPlan,
  imported: boolean,
): BulkImportReport {
  const count = (action: string) => plan.rows.filter((row) => row.action === action).length;
  return {
    step,
    kind,
    fileName: file.fileName,
    format: sheet.format,
    encoding: sheet.encoding,
    columns: sheet.columns,
    warnings: plan.warnings,
    totalRows: plan.rows.length,
    invalidRows: plan.rows.filter((row) => row.action === null).length,
    created: count('create'),
    updated: count('update'),
    unchanged: count('unchanged'),
    capacity: plan.capacity,
    imported,
    rows: plan.rows,
  };
}

export function createBulkImportsService({
  db,
  publicUrl,
  onInvitationError = () => {},
}: {
  db: Database;
  publicUrl: string;
  /** Told when an import's invitations could not be written at once; the invitation sweeper writes them later. */
  onInvitationError?: (error: unknown) => void;
}) {
  async function eventOf(actor: Actor, eventId: number) {
    const event = await findEventInScope(db, eventId, scopeOf(actor.principal));
    if (!event) throw new NotFoundError('Event');
    return event;
  }

  async function targetOf(actor: Actor, kind: BulkImportKind, fields: Fields): Promise<Target> {
    if (kind !== 'exhibitor-users' && fields.sendConfirmation !== undefined)
      throw ValidationError.field('sendConfirmation', 'Only a badge import emails badges');
    switch (kind) {
      case 'exhibitors': {
        const event = await eventOf(actor, fields.eventId as number);
        const canUpdate = hasPermissions(actor.principal.permissions, { permissions: ['update_exhibitor'] });
        return {
          eventId: event.id,
          title: `exhibitors-${event.id}`,
          columns: EXHIBITOR_COLUMNS,
          plan: (tx, sheet) => planExhibitors(tx, sheet, { eventId: event.id, canUpdate }),
        };
      }
      case 'exhibitor-users': {
        const target = await badgeTarget(actor, fields);
        return {
          eventId: target.eventId,
          exhibitorId: target.exhibitorId,
          title: `badges-${target.category.name}`,
          columns: badgeColumns(target.fields),
          plan: (tx, sheet) => planBadges(tx, sheet, target),
        };
      }
      case 'sub-accounts': {
        const exhibitor = await subAccountsOwner(actor, fields);
        return {
          eventId: exhibitor.eventId,
          exhibitorId: exhibitor.id,
          title: `sub-accounts-${exhibitor.companyName ?? exhibitor.id}`,
          columns: SUB_ACCOUNT_COLUMNS,
          plan: (tx, sheet) =>
            planSubAccounts(tx, sheet, {
              exhibitorId: exhibitor.id,
              eventId: exhibitor.eventId,
              companyId: exhibitor.companyId,
            }),
        };
      }
    }
  }

  /**
   * The category and holder of a badges import. An exhibitor imports into its own allocation (or a
   * sub-account's of its own), a sub-account into its own child allocation; an organiser names the
   * exhibitor and, for a sub-account's badges, `adminId`, or neither for its own badges (VIP guests).
   */
  async function badgeTarget(actor: Actor, fields: Fields): Promise<BadgeTarget> {
    const scope = scopeOf(actor.principal);
    const event = await eventOf(actor, fields.eventId as number);
    if (fields.badgeCategoryId == null)
      throw ValidationError.field('badgeCategoryId', 'Choose the badge category to import into');
    const category = await findCategory(db, fields.badgeCategoryId as number, categoryFilterFor(actor.principal));
    if (!category || category.type !== 'badge' || category.eventId !== event.id)
      throw new NotFoundError('Badge category');
    if (!category.isActive) throw ValidationError.field('badgeCategoryId', 'This badge category is closed');
    if (fields.type && fields.type !== category.badgeType) {
      throw ValidationError.field('type', `The category issues ${BADGE_TYPE_LABELS[category.badgeType]} badges`);
    }
    let exhibitorId: number | null;
    let holderId: number | null;
    if (scope.kind === 'exhibitor' || scope.kind === 'sub-account') {
      exhibitorId = scope.exhibitorId;
      holderId =
        scope.kind === 'sub-account'
          ? scope.subAccountId
          : ((fields.adminId as number | undefined) ?? scope.exhibitorId);
      if (fields.exhibitorId != null && fields.exhibitorId !== exhibitorId) throw new NotFoundError('Exhibitor');
      if (scope.kind === 'sub-account' && fields.adminId != null && fields.adminId !== holderId)
        throw new NotFoundError('Sub-account');
    } else if (fields.exhibitorId != null) {
      const exhibitor = await findExhibitor(db, fields.exhibitorId as number, scope);
      if (!exhibitor || exhibitor.eventId !== event.id) throw new NotFoundError('Exhibitor');
      exhibitorId = exhibitor.id;
      holderId = (fields.adminId as number | undefined) ?? exhibitor.id;
    } else {
      if (fields.adminId != null) throw ValidationError.field('exhibitorId', 'Name the exhibitor of this sub-account');
      exhibitorId = null;
      holderId = null;
    }
    if (holderId !== null && holderId !== exhibitorId) {
      const holder = await loadPrincipal(db, holderId);
      if (!holder || holder.exhibitorId !== exhibitorId) throw new NotFoundError('Sub-account');
    }
    return {
      eventId: event.id,
      category,
      exhibitorId,
      holderId,
      canUpdate: hasPermissions(actor.principal.permissions, {
        permissions: ['update_exhibitor_user', 'update_user'],
        mode: 'any',
      }),
      createdBy: actor.principal.id,
      fields: await findFieldsForCategory(db, { eventId: event.id, badgeCategoryId: category.id }),
      sendConfirmation: fields.sendConfirmation === true,
    };
  }

  /** The exhibitor whose sub-accounts a file holds: an exhibitor's own; one an organiser names and reaches. */
  async function subAccountsOwner(actor: Actor, fields: Fields) {
    const scope = scopeOf(actor.principal);
    if (scope.kind === 'sub-account') throw new ForbiddenError('A sub-account cannot create sub-accounts');
    const exhibitorId = scope.kind === 'exhibitor' ? scope.exhibitorId : fields.exhibitorId;
    if (exhibitorId == null)
      throw ValidationError.field('exhibitorId', 'Choose the exhibitor the sub-accounts belong to');
    if (fields.exhibitorId != null && fields.exhibitorId !== exhibitorId) throw new NotFoundError('Exhibitor');
    const exhibitor = await findExhibitor(db, exhibitorId as number, scope);
    if (!exhibitor || exhibitor.eventId !== fields.eventId) throw new NotFoundError('Exhibitor');
    return exhibitor;
  }

  return {
    /** Checks every row of the file against its target; writes nothing. */
    async validate(actor: Actor, kind: BulkImportKind, fields: Fields, file: ReceivedSheet): Promise<BulkImportReport> {
      const target = await targetOf(actor, kind, fields);
      const sheet = await readSheet(file);
      return reportOf(kind, 'validate', file, sheet, await target.plan(db, sheet), false);
    },

    /**
     * Validates and writes every row in one transaction, or nothing. The file is planned and its
     * writes prepared before the transaction, which holds only the set-based writes (on the
     * embedded database a transaction holds its one connection: every other request waits for
     * it). Inside it the plan is checked against what is stored now, and made again there when
     * records it counted on changed meanwhile, so what was checked is what is written. New
     * accounts' invitation mails follow in short transactions of their own once it commits.
     */
    async import(actor: Actor, kind: BulkImportKind, fields: Fields, file: ReceivedSheet): Promise<ImportOutcome> {
      const target = await targetOf(actor, kind, fields);
      const sheet = await readSheet(file);
      const plan = await target.plan(db, sheet);
      const report = reportOf(kind, 'import', file, sheet, plan, false);
      if (report.invalidRows > 0) return { status: 422, report };
      const write = await plan.prepare(db);
      await yieldToOthers();
      const attempt = (prepared: typeof write) =>
        db.transaction(async (tx) => {
          let checked = report;
          let writeRows = prepared;
          if (!(await plan.holds(tx))) {
            const again = await target.plan(tx, sheet);
            checked = reportOf(kind, 'import', file, sheet, again, false);
            if (checked.invalidRows > 0) throw new RowsRefused(checked);
            writeRows = await again.prepare(tx);
          }
          await writeRows(tx);
          await recordAudit(tx, actor, {
            action: 'bulk_import',
            entityType: kind,
            eventId: target.eventId,
            exhibitorId: target.exhibitorId,
            after: {
              fileName: file.fileName,
              rows: checked.totalRows,
              created: checked.created,
              updated: checked.updated,
              unchanged: checked.unchanged,
            },
          });
          return { ...checked, imported: true };
        });
      try {
        // New badge codes are random: the rare collision is met by preparing the rows again, new codes drawn.
        const imported = await attempt(write).catch(async (error: unknown) => {
          if (isUniqueViolation(error, 'badges_code_key')) return attempt(await plan.prepare(db));
          throw error;
        });
        // The import stands either way: invitations not written now stay owed until the sweeper writes them.
        await sendPendingInvitations(db, publicUrl).catch(onInvitationError);
        return { status: 200, report: imported };
      } catch (error) {
        if (error instanceof RowsRefused) return { status: 422, report: error.report };
        // Another write took an email of the file between the plan and the insert.
        if (isUniqueViolation(error))
          throw new ConflictError(
            'Records were added at the same time as this import; nothing was imported, upload the file again',
            'file',
          );
        throw error;
      }
    },

    /** The uploaded rows as an .xlsx with an Errors column. */
    async reportFile(
      actor: Actor,
      kind: BulkImportKind,
      fields: Fields,
      file: ReceivedSheet,
    ): Promise<{ content: Buffer; fileName: string }> {
      const target = await targetOf(actor, kind, fields);
      const sheet = await readSheet(file);
      const report = reportOf(kind, 'validate', file, sheet, await target.plan(db, sheet), false);
      const base = file.fileName.replace(/\.[^.]*$/, '') || target.title;
      return { content: await reportWorkbook(sheet, report), fileName: `${base}-errors.xlsx` };
    },

    /** The .xlsx template of the target: its columns with notes, lists and an example row. */
    async template(actor: Actor, kind: BulkImportKind, fields: Fields): Promise<{ content: Buffer; fileName: string }> {
      const target = await targetOf(actor, kind, fields);
      return {
        content: await templateWorkbook(target.columns, target.title),
        fileName: `${target.title}-template.xlsx`,
      };
    },
  };
}

export type BulkImportsService = ReturnType<typeof createBulkImportsService>;
