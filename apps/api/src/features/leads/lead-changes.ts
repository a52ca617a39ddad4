import { MAX_LEAD_NOTES, type LeadRating } from '@portal/shared/leads';
import type { Database } from '../../db/client';
import { BusinessRuleError, ForbiddenError } from '../../lib/errors';
import * as repo from './leads.repository';
import { mergeAnswers, mergeTags, type LeadStaff } from './leads.rules';

/** A change to a lead, from its page (PUT) or from a scan of the visitor again; answers already checked. */
export type LeadChange = {
  rating?: LeadRating | null;
  tags?: string[];
  baseTags?: string[];
  notes?: repo.NewNote[];
  removeNoteIds?: string[];
  answers?: ReadonlyMap<number, unknown>;
  rescan?: repo.LeadUpdate['rescan'];
};

/**
 * Applies a change to a lead locked by the caller's transaction. Notes are added or changed by id
 * (only the author's own change); a note is removed by its author, or by the exhibitor's account
 * whoever wrote it; tags merge (see `mergeTags`), answers merge per question.
 */
export async function reviseLead(tx: Database, staff: LeadStaff, lead: repo.LockedLead, change: LeadChange): Promise<void> {
  if (change.notes) await repo.upsertNotes(tx, lead.id, staff, change.notes);
  if (change.removeNoteIds && change.removeNoteIds.length > 0) {
    if (!staff.isExhibitorAccount) {
      const authors = await repo.noteAuthors(tx, lead.id, change.removeNoteIds);
      if (authors.some((note) => note.authorId !== staff.adminId)) throw new ForbiddenError('You may remove only your own notes');
    }
    await repo.deleteNotes(tx, lead.id, change.removeNoteIds);
  }
  if (change.notes && change.notes.length > 0 && (await repo.countNotes(tx, lead.id)) > MAX_LEAD_NOTES) {
    throw new BusinessRuleError(`A lead holds at most ${MAX_LEAD_NOTES} notes`);
  }
  await repo.updateLead(tx, lead.id, {
    rating: change.rating === undefined ? lead.rating : change.rating,
    tags: change.tags ? mergeTags(lead.tags, change.tags, change.baseTags) : lead.tags,
    answers: change.answers ? mergeAnswers(lead.answers, change.answers) : lead.answers,
    rescan: change.rescan,
  });
}
