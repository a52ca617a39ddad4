import type { Readable } from 'node:stream';
import type { ListMeta } from '@portal/shared/common';
import type {
  CaptureLeadBody,
  CapturedLead,
  Lead,
  LeadExportFormat,
  LeadExportLogEntry,
  LeadAccess,
  LeadFigures,
  LeadListQuery,
  LeadSeats,
  LeadTeamSettings,
  UpdateLeadBody,
} from '@portal/shared/leads';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { BusinessRuleError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { listResult, pageWindow, type Page } from '../../lib/listing';
import { recordAudit } from '../audit/audit.repository';
import { scanningAccess, type LeadAccessRow } from './lead-access';
import { toLead } from './lead-answer';
import { captureLead } from './lead-capture';
import { reviseLead } from './lead-changes';
import { leadsCsv, leadsXlsx } from './lead-export';
import { releasedFieldIds } from './lead-release';
import * as repo from './leads.repository';
import { assertExhibitorAccount, assertNotesOnce, checkAnswers, LEAD_MESSAGES, leadStaffOf, type LeadStaff } from './leads.rules';

export type LeadsFile = { fileName: string; content: Readable };

const leadNotFound = () => new NotFoundError('Lead');

/**
 * An exhibitor's leads as its staff work them (docs/leads.md): scanned at the booth, listed,
 * qualified, exported, deleted. Every lead leaves through `toLead`, its visitor through the
 * event's release.
 */
export function createLeadsService({ db }: { db: Database }) {
  /** The caller as lead staff, with its exhibitor's context; refused when it is no exhibitor's staff. */
  async function staffContext(actor: Actor, withQuestions = false) {
    const staff = leadStaffOf(actor.principal);
    const context = await repo.loadContext(db, staff.exhibitorId, withQuestions);
    if (!context) throw new ForbiddenError(LEAD_MESSAGES.notStaff);
    return { staff, context, scope: repo.leadScope(staff, context.shareWithTeam) };
  }

  /** The staff with the seats that count (see `scanningAccess`): what the seats screen shows. */
  async function seatsOf(tx: Database, exhibitorId: number, access: LeadAccessRow): Promise<LeadSeats> {
    const staff = await repo.seatStaff(tx, exhibitorId);
    const seated = new Set(access.seatedIds);
    return {
      mode: access.scanMode,
      seats: access.scanSeats,
      staff: staff.map((member) => ({ ...member, hasSeat: seated.has(member.id) })),
    };
  }

  return {
    capture(actor: Actor, body: CaptureLeadBody): Promise<CapturedLead> {
      return captureLead(db, leadStaffOf(actor.principal), body);
    },

    async list(actor: Actor, query: LeadListQuery): Promise<{ data: Lead[]; meta: ListMeta }> {
      const { context, scope } = await staffContext(actor);
      const { limit, offset } = pageWindow(query);
      const where = repo.leadConditions(scope, query, context.timezone);
      const { rows, total } = await repo.leadPage(db, releasedFieldIds(context.release), where, repo.leadOrder(query.sort), limit, offset);
      return listResult(
        rows.map((row) => toLead(row, context.release)),
        total,
        query,
      );
    },

    async get(actor: Actor, id: number): Promise<Lead> {
      const { context, scope } = await staffContext(actor);
      const row = await repo.findLead(db, releasedFieldIds(context.release), id, scope);
      if (!row) throw leadNotFound();
      return toLead(row, context.release);
    },

    async update(actor: Actor, id: number, body: UpdateLeadBody): Promise<Lead> {
      const { staff, context, scope } = await staffContext(actor, body.answers !== undefined);
      if (body.notes) assertNotesOnce(body.notes);
      const answers = body.answers ? checkAnswers(context.questions, body.answers) : undefined;
      await db.transaction(async (tx) => {
        const lead = await repo.lockLead(tx, id, scope);
        if (!lead) throw leadNotFound();
        await reviseLead(tx, staff, lead, { ...body, answers });
        // Which parts changed, never their content: the audit log is read by organisers, who see no leads.
        await recordAudit(tx, actor, {
          action: 'lead.update',
          entityType: 'lead',
          entityId: id,
          eventId: lead.eventId,
          after: { changed: Object.keys(body).filter((key) => body[key as keyof UpdateLeadBody] !== undefined) },
        });
      });
      const row = await repo.findLead(db, releasedFieldIds(context.release), id, scope);
      return toLead(row!, context.release);
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const { scope } = await staffContext(actor);
      await db.transaction(async (tx) => {
        const deleted = await repo.deleteLead(tx, id, scope);
        if (!deleted) throw leadNotFound();
        await recordAudit(tx, actor, { action: 'lead.delete', entityType: 'lead', entityId: id, eventId: deleted.eventId });
      });
    },

    async figures(actor: Actor): Promise<LeadFigures> {
      const { context, scope } = await staffContext(actor);
      return repo.leadFigures(db, scope, context.timezone);
    },

    /**
     * The matching leads as a file, streamed in batches. The rows are fixed when the export starts
     * (their ids, in the list's order), and the export is logged with their number before the
     * first byte goes out, so that an export the client abandons is on the log too.
     */
    async export(actor: Actor, filter: repo.LeadFilter, format: LeadExportFormat): Promise<LeadsFile> {
      const { staff, context, scope } = await staffContext(actor, true);
      const ids = await repo.leadIds(db, repo.leadConditions(scope, filter, context.timezone), repo.leadOrder(filter.sort));
      await repo.recordExport(db, {
        eventId: context.eventId,
        exhibitorId: context.exhibitorId,
        staff,
        format,
        rows: ids.length,
        filters: Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)),
      });
      const rows = repo.leadsByIds(db, releasedFieldIds(context.release), ids);
      const exportContext = { release: context.release, questions: context.questions, timezone: context.timezone };
      return {
        fileName: `leads-${context.exhibitorId}.${format}`,
        content: format === 'csv' ? leadsCsv(rows, exportContext) : leadsXlsx(rows, exportContext),
      };
    },

    async exportLog(actor: Actor, page: Page): Promise<{ data: LeadExportLogEntry[]; meta: ListMeta }> {
      const staff = exhibitorAccount(actor);
      const { limit, offset } = pageWindow(page);
      const { rows, total } = await repo.exportLog(db, staff.exhibitorId, limit, offset);
      return listResult(rows, total, page);
    },

    /** Whether the caller may scan now; read by the scan page before its first scan. */
    async access(actor: Actor): Promise<LeadAccess> {
      const { staff, context } = await staffContext(actor);
      return scanningAccess(context.access, staff);
    },

    async seats(actor: Actor): Promise<LeadSeats> {
      exhibitorAccount(actor);
      const { staff, context } = await staffContext(actor);
      return seatsOf(db, staff.exhibitorId, context.access);
    },

    /**
     * Gives the bought seats to exactly these staff. Refused beyond the seats bought (422) and for
     * anyone who is not the exhibitor's staff (404, as another tenant's id).
     */
    async saveSeats(actor: Actor, adminIds: readonly number[]): Promise<LeadSeats> {
      const staff = exhibitorAccount(actor);
      return db.transaction(async (tx) => {
        await repo.lockSeats(tx, staff.exhibitorId);
        const context = await repo.loadContext(tx, staff.exhibitorId);
        if (!context) throw new ForbiddenError(LEAD_MESSAGES.notStaff);
        const members = new Set((await repo.seatStaff(tx, staff.exhibitorId)).map((member) => member.id));
        if (adminIds.some((id) => !members.has(id))) throw new NotFoundError('Staff member');
        const seats = context.access.scanSeats;
        if (adminIds.length > seats) {
          throw new BusinessRuleError(`You have ${seats} ${seats === 1 ? 'seat' : 'seats'}`, [
            { field: 'adminIds', message: `At most ${seats} of your staff can hold a seat` },
          ]);
        }
        const before = context.access.seatedIds;
        await repo.replaceSeats(tx, staff.exhibitorId, adminIds);
        await recordAudit(tx, actor, {
          action: 'lead.seats',
          entityType: 'exhibitor',
          entityId: staff.exhibitorId,
          eventId: context.eventId,
          before: { adminIds: before },
          after: { adminIds },
        });
        const after = await repo.loadContext(tx, staff.exhibitorId);
        return seatsOf(tx, staff.exhibitorId, after!.access);
      });
    },

    async teamSettings(actor: Actor): Promise<LeadTeamSettings> {
      exhibitorAccount(actor);
      const { context } = await staffContext(actor);
      return { shareWithTeam: context.shareWithTeam };
    },

    async saveTeamSettings(actor: Actor, body: LeadTeamSettings): Promise<LeadTeamSettings> {
      exhibitorAccount(actor);
      const { staff, context } = await staffContext(actor);
      return db.transaction(async (tx) => {
        const shareWithTeam = await repo.saveShareWithTeam(tx, staff.exhibitorId, body.shareWithTeam);
        await recordAudit(tx, actor, {
          action: 'lead.team-settings',
          entityType: 'exhibitor',
          entityId: staff.exhibitorId,
          eventId: context.eventId,
          before: { shareWithTeam: context.shareWithTeam },
          after: { shareWithTeam },
        });
        return { shareWithTeam };
      });
    },
  };
}

/** The caller as the exhibitor's own account; a sub-account or anyone else is refused. */
function exhibitorAccount(actor: Actor): LeadStaff {
  const staff = leadStaffOf(actor.principal);
  assertExhibitorAccount(staff);
  return staff;
}

export type LeadsService = ReturnType<typeof createLeadsService>;
