import {
  DEFAULT_CREDIT_NOTE_PREFIX,
  DEFAULT_INVOICE_PREFIX,
  DEFAULT_PAYMENT_TERMS_DAYS,
  type InvoiceSettings,
  type updateInvoiceSettingsBodySchema,
} from '@portal/shared/invoicing';
import { basisPointsToRate, rateToBasisPoints } from '@portal/shared/vat';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.repository';
import { scopeOf } from '../auth/scope';
import { findEventInScope } from '../events/events.repository';
import { issuerOf } from './documents';
import * as repo from './invoices.repository';

type Body = z.output<typeof updateInvoiceSettingsBodySchema>;

const NO_ISSUER: InvoiceSettings['issuer'] = {
  name: null,
  address: null,
  country: null,
  vatId: null,
  registrationNumber: null,
  iban: null,
  bic: null,
  email: null,
  phone: null,
};

function toSettings(eventId: number, row: repo.InvoicingRow | null): InvoiceSettings {
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
  };
}

/**
 * The organiser's legal entity and terms per event. Only organisers of the event (or system-wide)
 * reach them; later changes never touch an invoice already issued, which keeps its own copy.
 */
export function createInvoiceSettingsService({ db }: { db: Database }) {
  async function eventOf(actor: Actor, eventId: number) {
    const scope = scopeOf(actor.principal);
    if (scope.kind !== 'global' && scope.kind !== 'event')
      throw new ForbiddenError('Only the organiser sets how its invoices are issued');
    const event = await findEventInScope(db, eventId, scope);
    if (!event) throw new NotFoundError('Event');
    return event;
  }

  return {
    async get(actor: Actor, eventId: number): Promise<InvoiceSettings> {
      await eventOf(actor, eventId);
      return toSettings(eventId, (await repo.findInvoicing(db, eventId))?.settings ?? null);
    },

    async update(actor: Actor, eventId: number, body: Body): Promise<InvoiceSettings> {
      await eventOf(actor, eventId);
      const row = await db.transaction(async (tx) => {
        const before = (await repo.findInvoicing(tx, eventId))?.settings ?? null;
        const saved = await repo.upsertInvoicing(tx, {
          eventId,
          issuerName: body.issuer.name ?? null,
          issuerAddress: body.issuer.address ?? null,
          issuerCountry: body.issuer.country,
          issuerVatId: body.issuer.vatId,
          issuerRegistrationNumber: body.issuer.registrationNumber ?? null,
          issuerIban: body.issuer.iban,
          issuerBic: body.issuer.bic,
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
          before: before ? toSettings(eventId, before) : null,
          after: toSettings(eventId, saved),
        });
        return saved;
      });
      return toSettings(eventId, row);
    },
  };
}

export type InvoiceSettingsService = ReturnType<typeof createInvoiceSettingsService>;
