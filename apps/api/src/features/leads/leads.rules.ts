import type { FieldError } from '@portal/shared/common';
import type { Principal } from '../auth/principal';
import { scopeOf } from '../auth/scope';
import { validateFieldValues, type FieldDefinition } from '../custom-fields/custom-field-values.rules';
import { ForbiddenError, ValidationError } from '../../lib/errors';

/**
 * Who works a lead: the exhibitor's own account or one of its sub-accounts. `exhibitorId` is the
 * exhibitor account every lead belongs to, whoever of its staff scanned it; `adminId` the caller.
 */
export type LeadStaff = { adminId: number; name: string; exhibitorId: number; isExhibitorAccount: boolean };

export const LEAD_MESSAGES = {
  notStaff: 'Leads are scanned and read by an exhibitor’s staff: sign in as the exhibitor or one of its sub-accounts',
  exhibitorOnly: 'Only the exhibitor’s own account may do this, not a sub-account',
  scanningOff: 'Lead scanning is not available for your company at this event',
  unknownBadge: 'No badge of this event has this code',
  cancelledBadge: 'This badge is cancelled',
} as const;

/**
 * The caller as lead staff, from its scope (its ids, as every other scoped call reads it): an
 * organiser given `scan_leads` is still no exhibitor's staff, so it is refused rather than given
 * someone's leads.
 */
export function leadStaffOf(principal: Principal): LeadStaff {
  const name = `${principal.firstName} ${principal.lastName}`.trim() || principal.email;
  const scope = scopeOf(principal);
  if (scope.kind === 'exhibitor') return { adminId: principal.id, name, exhibitorId: scope.exhibitorId, isExhibitorAccount: true };
  if (scope.kind === 'sub-account') return { adminId: principal.id, name, exhibitorId: scope.exhibitorId, isExhibitorAccount: false };
  throw new ForbiddenError(LEAD_MESSAGES.notStaff);
}

/** Refuses a sub-account where only the exhibitor's account may act. */
export function assertExhibitorAccount(staff: LeadStaff): void {
  if (!staff.isExhibitorAccount) throw new ForbiddenError(LEAD_MESSAGES.exhibitorOnly);
}

/**
 * Tags after a change. With `base` (the tags the client last saw) the change is three-way: what
 * the client removed from its base goes, what it added comes, and what someone else added
 * meanwhile stays, so two people tagging one lead offline lose neither's tags. Without a base
 * the sent tags replace the lead's. The current order is kept, additions after it.
 */
export function mergeTags(current: readonly string[], sent: readonly string[], base?: readonly string[]): string[] {
  if (!base) return [...new Set(sent)];
  const baseSet = new Set(base);
  const sentSet = new Set(sent);
  const removed = new Set(base.filter((tag) => !sentSet.has(tag)));
  const kept = current.filter((tag) => !removed.has(tag));
  const added = sent.filter((tag) => !baseSet.has(tag));
  return [...new Set([...kept, ...added])];
}

/** Answers after a change: per question, a new answer replaces the old one and an empty one removes it. */
export function mergeAnswers(current: Readonly<Record<string, unknown>>, changes: ReadonlyMap<number, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [id, value] of changes) {
    if (value === null) delete merged[String(id)];
    else merged[String(id)] = value;
  }
  return merged;
}

/** A qualifier question as the lead reads it: a custom field of entity type `lead`, the exhibitor's own. */
export type LeadQuestion = FieldDefinition & { sortOrder: number };

/**
 * Checks answers (keyed by question id, as sent) against the exhibitor's questions and answers
 * them normalised, by id (null: clear the answer). A question that is not the exhibitor's, and one
 * of type file (a lead takes no uploads), is refused at its place: 400 `answers.<id>`.
 */
export function checkAnswers(questions: readonly LeadQuestion[], answers: Readonly<Record<string, unknown>>): Map<number, unknown> {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const errors: FieldError[] = [];
  const submitted: { customFieldId: number; value: unknown }[] = [];
  for (const [key, value] of Object.entries(answers)) {
    const question = byId.get(Number(key));
    if (!question) errors.push({ field: `answers.${key}`, message: 'Not one of your qualifier questions' });
    else if (question.type === 'file') errors.push({ field: `answers.${key}`, message: 'A lead takes no file: this question cannot be answered here' });
    else submitted.push({ customFieldId: question.id, value });
  }
  const checked = validateFieldValues(
    questions.filter((question) => question.type !== 'file'),
    submitted,
    new Map(),
    { partial: true },
  );
  // The validator names a field by its key; a lead's answers are keyed by question id.
  const idOfKey = new Map(questions.map((question) => [`customFieldValues.${question.key}`, question.id]));
  for (const error of checked.errors) {
    const id = idOfKey.get(error.field);
    errors.push({ field: id === undefined ? 'answers' : `answers.${id}`, message: error.message });
  }
  if (errors.length > 0) throw new ValidationError(errors[0]!.message, errors);
  return new Map(checked.values.map((value) => [value.customFieldId, value.value]));
}

/**
 * The visitor's consent as a lead records it: asked or not by the event, given when the badge
 * holds a consent version (1 or more). Not asked: both null.
 */
export function consentAtScan(askConsent: boolean, badgeConsentVersion: number | null): { given: boolean | null; version: number | null } {
  if (!askConsent) return { given: null, version: null };
  const given = badgeConsentVersion !== null && badgeConsentVersion >= 1;
  return { given, version: given ? badgeConsentVersion : null };
}

/** Refuses a note sent twice in one change (by id), at its place. */
export function assertNotesOnce(notes: readonly { id: string }[]): void {
  const seen = new Set<string>();
  const details: FieldError[] = [];
  notes.forEach((note, index) => {
    if (seen.has(note.id)) details.push({ field: `notes.${index}.id`, message: 'Each note once' });
    seen.add(note.id);
  });
  if (details.length > 0) throw new ValidationError(details[0]!.message, details);
}
