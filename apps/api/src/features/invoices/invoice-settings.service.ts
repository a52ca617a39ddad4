import {
  DEFAULT_CREDIT_NOTE_PREFIX,
  DEFAULT_INVOICE_PREFIX,
  DEFAULT_PAYMENT_TERMS_DAYS,
  LOGO_CONTENT_TYPES,
  LOGO_FIELD,
  LOGO_MAX_BYTES,
  type InvoiceSettings,
  type IssuerLogo,
  type updateInvoiceSettingsBodySchema,
} from '@portal/shared/invoicing';
import { basisPointsToRate, rateToBasisPoints } from '@portal/shared/vat';
import type { z } from 'zod';
import type { Readable } from 'node:stream';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import type { FilePart } from '../../lib/multipart-form';
import { recordAudit } from '../audit/audit.repository';
import type { FileRow } from '../files/files.repository';
import type { FilesService, ReceivedFile } from '../files/files.service';
import { receivePicture } from '../files/picture-upload';
import { scopeOf } from '../auth/scope';
import { findEventInScope } from '../events/events.repository';
import { issuerOf } from './documents';
import * as repo from './invoices.repository';

type Body = z.output<typeof updateInvoiceSettingsBodySchema>;

const NO_ISSUER: InvoiceSettings['issuer'] = {
  name: null,
  address: null,
  street: null,
  postcode: null,
  city: null,
  country: null,
  vatId: null,
  registrationNumber: null,
  iban: null,
  bic: null,
  contactName: null,
  email: null,
  phone: null,
};

/** A logo upload: the file received into the store, its row still to be recorded. */
export type LogoUpload = ReceivedFile;

const logoOf = (file: FileRow | undefined): IssuerLogo | null =>
  file ? { fileName: file.originalName, contentType: file.contentType as IssuerLogo['contentType'], sizeBytes: file.sizeBytes } : null;

function toSettings(eventId: number, row: repo.InvoicingRow | null, logo: IssuerLogo | null): InvoiceSettings {
  return {
    eventId,
    issuer: row ? issuerOf(row) : NO_ISSUER,
    footer: row?.invoiceFooter ?? null,
    defaultVatRate: row?.defaultVatRateBasisPoints == null ? null : basisPointsToRate(row.defaultVatRateBasisPoints),
    pricesIncludeTax: row?.pricesIncludeTax ?? false,
    vatExemptionText: row?.vatExemptionText ?? null,
    paymentTermsDays: row?.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS,
    invoicePrefix: row?.invoicePrefix ?? DEFAULT_INVOICE_PREFIX,
    creditNotePrefix: row?.creditNotePrefix ?? DEFAULT_CREDIT_NOTE_PREFIX,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    logo,
  };
}

/**
 * The organiser's legal entity and terms per event. Only organisers of the event (or system-wide)
 * reach them; later changes never touch an invoice already issued, which keeps its own copy.
 */
export function createInvoiceSettingsService({ db, files }: { db: Database; files: FilesService }) {
  async function eventOf(actor: Actor, eventId: number) {
    const scope = scopeOf(actor.principal);
    if (scope.kind !== 'global' && scope.kind !== 'event')
      throw new ForbiddenError('Only the organiser sets how its invoices are issued');
    const event = await findEventInScope(db, eventId, scope);
    if (!event) throw new NotFoundError('Event');
    return event;
  }

  async function settingsOf(eventId: number): Promise<InvoiceSettings> {
    const [found, logo] = await Promise.all([repo.findInvoicing(db, eventId), repo.findInvoicingLogo(db, eventId)]);
    return toSettings(eventId, found?.settings ?? null, logoOf(logo));
  }

  return {
    async get(actor: Actor, eventId: number): Promise<InvoiceSettings> {
      await eventOf(actor, eventId);
      return settingsOf(eventId);
    },

    async update(actor: Actor, eventId: number, body: Body): Promise<InvoiceSettings> {
      await eventOf(actor, eventId);
      const { row, logo } = await db.transaction(async (tx) => {
        const before = (await repo.findInvoicing(tx, eventId))?.settings ?? null;
        const logo = logoOf(await repo.findInvoicingLogo(tx, eventId));
        const saved = await repo.upsertInvoicing(tx, {
          eventId,
          issuerName: body.issuer.name ?? null,
          issuerAddress: body.issuer.address ?? null,
          issuerStreet: body.issuer.street ?? null,
          issuerPostcode: body.issuer.postcode ?? null,
          issuerCity: body.issuer.city ?? null,
          issuerCountry: body.issuer.country,
          issuerVatId: body.issuer.vatId,
          issuerRegistrationNumber: body.issuer.registrationNumber ?? null,
          issuerIban: body.issuer.iban,
          issuerBic: body.issuer.bic,
          issuerContactName: body.issuer.contactName ?? null,
          issuerEmail: body.issuer.email,
          issuerPhone: body.issuer.phone ?? null,
          invoiceFooter: body.footer ?? null,
          defaultVatRateBasisPoints: body.defaultVatRate === null ? null : rateToBasisPoints(body.defaultVatRate),
          pricesIncludeTax: body.pricesIncludeTax,
          vatExemptionText: body.vatExemptionText ?? null,
          paymentTermsDays: body.paymentTermsDays,
          invoicePrefix: body.invoicePrefix,
          creditNotePrefix: body.creditNotePrefix,
        });
        await recordAudit(tx, actor, {
          action: 'update_invoicing',
          entityType: 'event',
          entityId: eventId,
          eventId,
          before: before ? toSettings(eventId, before, logo) : null,
          after: toSettings(eventId, saved, logo),
        });
        return { row: saved, logo };
      });
      return toSettings(eventId, row, logo);
    },

    /** What a logo upload may carry; refuses, before any byte is stored, a caller who may not set it. */
    async logoRules(actor: Actor, eventId: number): Promise<Map<string, { maxBytes: number }>> {
      await eventOf(actor, eventId);
      return new Map([[LOGO_FIELD, { maxBytes: LOGO_MAX_BYTES }]]);
    },

    /** Streams a logo into the store, refusing anything but a readable PNG or JPEG within the limits. */
    receiveLogo: (part: FilePart): Promise<LogoUpload> =>
      receivePicture(files, part, { field: LOGO_FIELD, maxBytes: LOGO_MAX_BYTES, contentTypes: LOGO_CONTENT_TYPES }),

    discardLogos: (uploads: LogoUpload[]) => files.discard(uploads),

    /**
     * Makes the upload the event's logo. The one it replaces stays stored while an issued document
     * shows it; the file sweep removes it once none does.
     */
    async replaceLogo(actor: Actor, eventId: number, upload: LogoUpload | undefined): Promise<InvoiceSettings> {
      try {
        await eventOf(actor, eventId);
        if (!upload) throw ValidationError.field(LOGO_FIELD, 'Choose a PNG or JPEG file');
        await db.transaction(async (tx) => {
          const before = logoOf(await repo.findInvoicingLogo(tx, eventId));
          await files.record(tx, upload, { eventId, purpose: 'logo', adminId: actor.principal.id });
          await repo.setInvoicingLogo(tx, eventId, upload.id);
          const after: IssuerLogo = { fileName: upload.originalName, contentType: upload.contentType as IssuerLogo['contentType'], sizeBytes: upload.sizeBytes };
          await recordAudit(tx, actor, { action: 'update_invoicing_logo', entityType: 'event', entityId: eventId, eventId, before: { logo: before }, after: { logo: after } });
        });
      } catch (error) {
        if (upload) await files.discard([upload]);
        throw error;
      }
      return settingsOf(eventId);
    },

    /** Takes the logo off documents issued from now on; those issued with it keep it. */
    async removeLogo(actor: Actor, eventId: number): Promise<void> {
      await eventOf(actor, eventId);
      await db.transaction(async (tx) => {
        const before = logoOf(await repo.findInvoicingLogo(tx, eventId));
        if (!before) return;
        await repo.setInvoicingLogo(tx, eventId, null);
        await recordAudit(tx, actor, { action: 'update_invoicing_logo', entityType: 'event', entityId: eventId, eventId, before: { logo: before }, after: { logo: null } });
      });
    },

    /** The current logo's bytes, for the settings form's preview. */
    async openLogo(actor: Actor, eventId: number): Promise<{ file: FileRow; content: Readable }> {
      await eventOf(actor, eventId);
      const logo = await repo.findInvoicingLogo(db, eventId);
      if (!logo) throw new NotFoundError('Logo');
      return files.openFile(db, logo.id, eventId);
    },
  };
}

export type InvoiceSettingsService = ReturnType<typeof createInvoiceSettingsService>;
