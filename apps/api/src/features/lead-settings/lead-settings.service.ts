import type { ListMeta } from '@portal/shared/common';
import {
  DEFAULT_LEAD_RETENTION_DAYS,
  type ExhibitorLeadSummary,
  type LeadConsentQuestion,
  type LeadSettings,
  type LeadSettingsBody,
  type LeadSettingsWithFields,
  type LeadSummaryListQuery,
} from '@portal/shared/leads';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { listResult } from '../../lib/listing';
import { recordAudit } from '../audit/audit.repository';
import { mayReachEvent, organisedEvent } from '../check-in/organiser-scope';
import * as repo from './lead-settings.repository';
import { releasableFields, unreleasableKeys } from './lead-settings.rules';

const REFUSAL = 'Only the organiser manages lead retrieval';

function toLeadSettings(eventId: number, row: repo.LeadSettingsRow | undefined, purgeAt: string | null): LeadSettings {
  return {
    eventId,
    releasedFields: row?.releasedFields ?? [],
    askConsent: row?.askConsent ?? false,
    consentWording: row?.consentWording ?? null,
    consentVersion: row?.consentVersion ?? 0,
    retentionDays: row?.retentionDays ?? DEFAULT_LEAD_RETENTION_DAYS,
    scanningByDefault: row?.scanningByDefault ?? true,
    purgeAt,
  };
}

/**
 * The organiser's side of lead retrieval (docs/leads.md): what a scan releases, the visitors'
 * consent question, retention, who scans; and per exhibitor the counts, never a lead itself.
 */
export function createLeadSettingsService({ db }: { db: Database }) {
  async function settingsWithFields(eventId: number): Promise<LeadSettingsWithFields> {
    const [found, badgeFields] = await Promise.all([repo.findLeadSettings(db, eventId), repo.listBadgeFields(db, eventId)]);
    if (!found) throw new NotFoundError('Event');
    return { ...toLeadSettings(eventId, found.settings, found.purgeAt), fields: releasableFields(badgeFields) };
  }

  /** The exhibitor account and its event when the caller organises that event; anyone else's is not found. */
  async function organisedExhibitor(actor: Actor, id: number) {
    const exhibitor = await repo.findExhibitorAccount(db, id);
    if (!exhibitor || !mayReachEvent(actor, exhibitor.eventId)) throw new NotFoundError('Exhibitor');
    await organisedEvent(db, actor, exhibitor.eventId, REFUSAL);
    return exhibitor;
  }

  async function summaryOf(eventId: number, exhibitorId: number): Promise<ExhibitorLeadSummary> {
    const { rows } = await repo.listLeadSummaries(db, eventId, { page: 1, per_page: 1, exhibitorId });
    return rows[0]!;
  }

  return {
    async get(actor: Actor, eventId: number): Promise<LeadSettingsWithFields> {
      await organisedEvent(db, actor, eventId, REFUSAL);
      return settingsWithFields(eventId);
    },

    /**
     * Replaces the settings. Every `field:<id>` must be a releasable badge question of this event;
     * a consent question needs its wording. A changed wording is a new version of the question, so
     * that each visitor's consent keeps the wording it was given under.
     */
    /**
     * The consent question the event asks, for whoever registers its badges (the organiser's and an
     * exhibitor's badge forms ask it as the public form does). Public wording, but another event's is not found.
     */
    async consentQuestion(actor: Actor, eventId: number): Promise<LeadConsentQuestion | null> {
      if (!mayReachEvent(actor, eventId)) throw new NotFoundError('Event');
      return (await repo.findConsentQuestion(db, eventId)) ?? null;
    },

    async update(actor: Actor, eventId: number, body: LeadSettingsBody): Promise<LeadSettingsWithFields> {
      await organisedEvent(db, actor, eventId, REFUSAL);
      const choices = releasableFields(await repo.listBadgeFields(db, eventId));
      const wording = body.consentWording || null;
      const details = [
        ...unreleasableKeys(body.releasedFields, choices),
        ...(body.askConsent && !wording ? [{ field: 'consentWording', message: 'Give the question visitors are asked' }] : []),
      ];
      if (details.length > 0) throw new ValidationError(details[0]!.message, details);
      await db.transaction(async (tx) => {
        const before = await repo.lockLeadSettings(tx, eventId);
        const after = await repo.upsertLeadSettings(tx, eventId, {
          releasedFields: body.releasedFields,
          askConsent: body.askConsent,
          consentWording: wording,
          retentionDays: body.retentionDays,
          scanningByDefault: body.scanningByDefault,
        });
        await recordAudit(tx, actor, {
          action: 'update_lead_settings',
          entityType: 'lead_settings',
          entityId: eventId,
          eventId,
          before: toLeadSettings(eventId, before, null),
          after: toLeadSettings(eventId, after, null),
        });
      });
      return settingsWithFields(eventId);
    },

    async listSummaries(
      actor: Actor,
      eventId: number,
      query: LeadSummaryListQuery,
    ): Promise<{ data: ExhibitorLeadSummary[]; meta: ListMeta }> {
      await organisedEvent(db, actor, eventId, REFUSAL);
      const { rows, total } = await repo.listLeadSummaries(db, eventId, query);
      return listResult(rows, total, query);
    },

    /** Turns scanning on or off for one exhibitor, or (null) back to the event's default. */
    async setExhibitorAccess(actor: Actor, exhibitorId: number, scanningEnabled: boolean | null): Promise<ExhibitorLeadSummary> {
      const exhibitor = await organisedExhibitor(actor, exhibitorId);
      await db.transaction(async (tx) => {
        const before = await repo.lockExhibitorLeadSettings(tx, exhibitorId);
        await repo.upsertExhibitorScanning(tx, exhibitorId, scanningEnabled);
        await recordAudit(tx, actor, {
          action: 'update_lead_access',
          entityType: 'exhibitor',
          entityId: exhibitorId,
          eventId: exhibitor.eventId,
          before: { scanningEnabled: before?.scanningEnabled ?? null },
          after: { scanningEnabled },
        });
      });
      return summaryOf(exhibitor.eventId, exhibitorId);
    },
  };
}

export type LeadSettingsService = ReturnType<typeof createLeadSettingsService>;
