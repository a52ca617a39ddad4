import { CURRENCY_EXPONENTS, type CurrencyCode } from '@portal/shared/currencies';
import { slugify, type EventCurrencies, type ListEventsQuery, type PortalEvent } from '@portal/shared/events';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, withUniqueConflict } from '../../lib/errors';
import { listResult } from '../../lib/listing';
import { deleteEventUnlessRecords } from '../allocation-purchases/financial-records';
import { recordAudit } from '../audit/audit.repository';
import { scopeOf } from '../auth/scope';
import { insertBuiltInLayouts } from '../badge-layouts/badge-layouts.repository';
import { deleteEventFiles } from '../files/files.repository';
import type { FilesService } from '../files/files.service';
import * as repo from './events.repository';

type EventInput = {
  name?: string;
  slug?: string;
  description?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  venue?: string | null;
  city?: string | null;
  country?: string | null;
  timezone?: string;
  currency?: string;
  accountingEmail?: string | null;
  status?: 'draft' | 'published' | 'archived';
};

function toEvent(row: repo.EventRow): PortalEvent {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** The payment provider new checkouts use, as far as events care: which currencies it takes. */
type CheckoutProvider = { name: string; currencies: readonly CurrencyCode[] };

export function createEventsService({ db, files, provider }: { db: Database; files: FilesService; provider: CheckoutProvider }) {
  const accepted = new Set<string>(provider.currencies);

  /** An event must charge in a currency its exhibitors can pay in with this installation's provider. */
  function checkCurrency(currency: string | undefined) {
    if (currency === undefined || accepted.has(currency)) return;
    throw ValidationError.field('currency', `Payments through ${provider.name} cannot be made in ${currency}; choose another currency`);
  }

  async function getInScope(actor: Actor, id: number) {
    const row = await repo.findEvent(db, id, scopeOf(actor.principal));
    if (!row) throw new NotFoundError('Event');
    return row;
  }

  /** The name's slug, or its first free `-2`, `-3`… variant. */
  async function freeSlug(name: string): Promise<string> {
    const base = slugify(name);
    const taken = new Set(await repo.slugsLike(db, base));
    if (!taken.has(base)) return base;
    let n = 2;
    while (taken.has(`${base}-${n}`)) n += 1;
    return `${base}-${n}`;
  }

  const saveConflicts = <T>(write: () => Promise<T>) =>
    withUniqueConflict(write, () => new ConflictError('Another event already uses this slug', 'slug'));

  return {
    listCurrencies(): EventCurrencies {
      return {
        provider: provider.name,
        currencies: provider.currencies.map((code) => ({ code, exponent: CURRENCY_EXPONENTS[code] })),
      };
    },

    async listEvents(actor: Actor, query: ListEventsQuery) {
      const { rows, total } = await repo.listEvents(db, scopeOf(actor.principal), {
        ...query,
        search: query.name ?? query.search,
      });
      return listResult(rows.map(toEvent), total, query);
    },

    async getEvent(actor: Actor, id: number): Promise<PortalEvent> {
      return toEvent(await getInScope(actor, id));
    },

    /** Only an actor who sees every event creates one: anyone else could not even reach it. */
    async createEvent(actor: Actor, body: EventInput & { name: string }): Promise<PortalEvent> {
      if (scopeOf(actor.principal).kind !== 'global') {
        throw new ForbiddenError('Only a system administrator creates events');
      }
      checkCurrency(body.currency);
      const slug = body.slug ?? (await freeSlug(body.name));
      if (body.slug && (await repo.slugTaken(db, body.slug))) throw new ConflictError('Another event already uses this slug', 'slug');
      const id = await saveConflicts(() =>
        db.transaction(async (tx) => {
          const eventId = await repo.insertEvent(tx, { ...body, slug });
          await insertBuiltInLayouts(tx, eventId);
          await recordAudit(tx, actor, { action: 'create', entityType: 'event', entityId: eventId, eventId, after: { ...body, slug } });
          return eventId;
        }),
      );
      return this.getEvent(actor, id);
    },

    async updateEvent(actor: Actor, id: number, body: EventInput): Promise<PortalEvent> {
      const before = await getInScope(actor, id);
      checkCurrency(body.currency);
      // 4500 means $45.00 in USD and ¥4,500 in JPY: a new currency would change every amount shown.
      if (body.currency && body.currency !== before.currency && (await repo.holdsMoney(db, id))) {
        throw new ConflictError(
          `This event already has prices or purchases in ${before.currency}; its currency can change only while none is set`,
          'currency',
        );
      }
      const startDate = body.startDate === undefined ? before.startDate : body.startDate;
      const endDate = body.endDate === undefined ? before.endDate : body.endDate;
      if (startDate && endDate && endDate < startDate) {
        throw ValidationError.field('endDate', 'The end date cannot be before the start date');
      }
      if (body.slug && (await repo.slugTaken(db, body.slug, id))) throw new ConflictError('Another event already uses this slug', 'slug');
      await saveConflicts(() =>
        db.transaction(async (tx) => {
          await repo.updateEvent(tx, id, body);
          await recordAudit(tx, actor, { action: 'update', entityType: 'event', entityId: id, eventId: id, before, after: body });
        }),
      );
      return this.getEvent(actor, id);
    },

    /**
     * An event with exhibitors is kept until archived, so that a show in use is never deleted by
     * one click; an archived one goes with all the accounts placed in it, unless it has financial
     * records (purchases, invoices): those keep it, archived, for good.
     */
    async deleteEvent(actor: Actor, id: number): Promise<void> {
      const before = await getInScope(actor, id);
      if (scopeOf(actor.principal).kind !== 'global') {
        throw new ForbiddenError('Only a system administrator deletes events');
      }
      if ((before.exhibitorCount > 0 || before.badgeCount > 0) && before.status !== 'archived') {
        throw new ConflictError(
          `This event has ${before.exhibitorCount} exhibitor(s) and ${before.badgeCount} badge(s); archive it before deleting it`,
        );
      }
      const deletedFiles = await deleteEventUnlessRecords(db, before, () =>
        db.transaction(async (tx) => {
          const eventFiles = await deleteEventFiles(tx, id);
          await repo.deleteEventCascade(tx, id);
          await recordAudit(tx, actor, { action: 'delete', entityType: 'event', entityId: id, eventId: id, before });
          return eventFiles;
        }),
      );
      await files.removeDeleted(deletedFiles);
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
