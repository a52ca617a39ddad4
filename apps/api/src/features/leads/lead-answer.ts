import type { Lead } from '@portal/shared/leads';
import { releaseLeadVisitor, type LeadRelease } from './lead-release';
import type { LeadRow } from './leads.repository';

/** A lead as the API answers it, its visitor through the event's release (every answer with a lead comes through here). */
export function toLead(row: LeadRow, release: LeadRelease): Lead {
  return {
    id: row.id,
    eventId: row.eventId,
    exhibitorId: row.exhibitorId,
    visitor: releaseLeadVisitor(
      { firstName: row.firstName, lastName: row.lastName, company: row.company, consentGiven: row.consentGiven },
      row.badge,
      release,
    ),
    consent: row.consentGiven === null ? null : { given: row.consentGiven, version: row.consentVersion },
    scannedAt: row.scannedAt,
    scannedBy: { id: row.scannedById, name: row.scannedByName },
    rating: row.rating,
    tags: row.tags,
    notes: row.notes,
    answers: row.answers,
    scans: row.scans,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
