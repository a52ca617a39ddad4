import { MAX_LEAD_CODE_LENGTH, type CaptureLeadBody, type CapturedLead } from '@portal/shared/leads';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError, BusinessRuleError, ForbiddenError, isUniqueViolation } from '../../lib/errors';
import { scanningAccess } from './lead-access';
import { toLead } from './lead-answer';
import { reviseLead } from './lead-changes';
import { releasedFieldIds, visitorCompany } from './lead-release';
import * as repo from './leads.repository';
import { checkAnswers, consentAtScan, LEAD_MESSAGES, type LeadStaff } from './leads.rules';

const unknownBadge = () => new AppError(404, 'Not Found', LEAD_MESSAGES.unknownBadge);

/**
 * A scan at the booth. A visitor's first scan by the exhibitor is two statements (the lookup, then
 * the lead with its capture and note in one insert), as few round trips as a scan at the door; a
 * scan of a visitor scanned before changes the lead in a transaction, merged as a change from its
 * page would be. The same (scanner, nonce) again answers as the first time and writes nothing,
 * also when both copies arrive at once: the second one meets the nonce's unique index.
 */
export async function captureLead(db: Database, staff: LeadStaff, body: CaptureLeadBody): Promise<CapturedLead> {
  // A code longer than any badge's is not looked up: it cannot match.
  if (body.code.length > MAX_LEAD_CODE_LENGTH) throw unknownBadge();
  const lookup = await repo.captureLookup(db, staff, body.code, body.nonce, body.answers !== undefined);
  if (!lookup) throw new ForbiddenError(LEAD_MESSAGES.notStaff);
  const context = repo.captureContext(lookup);
  if (lookup.replayLeadId !== null) return replay(db, staff, context, body.nonce);
  const access = scanningAccess(lookup, staff);
  if (!access.canScan) throw new ForbiddenError(access.reason!);
  if (lookup.badgeId === null || lookup.badgeEventId !== lookup.eventId) throw unknownBadge();
  if (lookup.badgeStatus === 'cancelled') throw new BusinessRuleError(LEAD_MESSAGES.cancelledBadge);
  const badgeId = lookup.badgeId;
  const answers = body.answers ? checkAnswers(context.questions, body.answers) : new Map<number, unknown>();
  const consent = consentAtScan(lookup.askConsent, lookup.consentVersion);
  // A scan queued offline keeps its time; a device clock running ahead does not date it in the future.
  const at = new Date(Math.min(new Date(body.scannedAt).getTime(), Date.now()));

  try {
    // Usually one pass; another only when the lead this scan was to join was deleted meanwhile.
    for (let scannedBefore = lookup.leadId !== null; ; scannedBefore = false) {
      if (!scannedBefore) {
        const created = await repo.insertFirstCapture(
          db,
          staff,
          {
            eventId: lookup.eventId,
            exhibitorId: staff.exhibitorId,
            badgeId,
            firstName: lookup.firstName!,
            lastName: lookup.lastName!,
            company: visitorCompany(lookup),
            scannedAt: at,
            consentGiven: consent.given,
            consentVersion: consent.version,
            rating: body.rating ?? null,
            tags: body.tags ?? [],
            answers: Object.fromEntries([...answers].filter(([, value]) => value !== null).map(([id, value]) => [String(id), value])),
          },
          body.nonce,
          body.note,
        );
        if (created) return { created: true, lead: toLead({ ...created, badge: lookup.badge }, context.release) };
      }
      // Scanned before, or a colleague's first scan of the visitor came first: this scan joins that lead.
      const leadId = await db.transaction(async (tx) => {
        const lead = await repo.lockLeadOfBadge(tx, staff.exhibitorId, badgeId);
        if (!lead) return null;
        await repo.insertCapture(tx, lead.id, staff.adminId, body.nonce, at);
        // A scan only adds tags: its scanner saw none of the lead's, so none of them is removed.
        await reviseLead(tx, staff, lead, {
          rating: body.rating,
          tags: body.tags,
          baseTags: [],
          notes: body.note ? [body.note] : undefined,
          answers,
          rescan: { consentGiven: consent.given, consentVersion: consent.version },
        });
        return lead.id;
      });
      if (leadId === null) continue;
      const row = await repo.findLead(db, releasedFieldIds(context.release), leadId, sql`l.exhibitor_id = ${staff.exhibitorId}`);
      return { created: false, lead: toLead(row!, context.release) };
    }
  } catch (error) {
    if (!isUniqueViolation(error, repo.CAPTURE_NONCE_KEY)) throw error;
    return replay(db, staff, context, body.nonce);
  }
}

/** The answer to a nonce captured before: the lead it reached as it is now, and whether that capture made it. */
async function replay(db: Database, staff: LeadStaff, context: repo.CaptureContext, nonce: string): Promise<CapturedLead> {
  const capture = await repo.findCapture(db, staff.adminId, nonce);
  const row = capture && (await repo.findLead(db, releasedFieldIds(context.release), capture.leadId, sql`l.exhibitor_id = ${staff.exhibitorId}`));
  if (!row) throw unknownBadge();
  return { created: capture.created, lead: toLead(row, context.release) };
}
