import {
  BADGE_TYPE_LABELS,
  visibleBadgeTypes,
  type BadgeCategory,
  type BadgeCategorySummary,
  type BadgeType,
  type ListBadgeCategoriesQuery,
} from '@portal/shared/badge-categories';
import { formatInvoiceAmount } from '@portal/shared/money';
import { basisPointsToRate, rateToBasisPoints } from '@portal/shared/vat';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { ConflictError, NotFoundError, ValidationError, withUniqueConflict } from '../../lib/errors';
import { listResult } from '../../lib/listing';
import { recordAudit } from '../audit/audit.repository';
import type { Principal } from '../auth/principal';
import { scopeOf } from '../auth/scope';
import { badgeCountFilterFor } from '../badges/badges.repository';
import { findEventInScope } from '../events/events.repository';
import * as repo from './badge-categories.repository';

type CategoryInput = {
  name?: string;
  displayName?: string | null;
  badgeType?: BadgeType;
  unitPrice?: number;
  vatRate?: number | null;
  isActive?: boolean;
  sortOrder?: number;
  description?: string | null;
  grantsLeadScanning?: boolean;
};

export function toCategory<Row extends { createdAt: Date; updatedAt: Date; vatRateBasisPoints: number | null }>(row: Row) {
  const { vatRateBasisPoints, ...rest } = row;
  return {
    ...rest,
    vatRate: vatRateBasisPoints === null ? null : basisPointsToRate(vatRateBasisPoints),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The scope filter of badge categories for a principal: its event, its visible badge types. */
export function categoryFilterFor(principal: Principal) {
  return repo.categoryScopeFilter(scopeOf(principal), visibleBadgeTypes(principal.permissions, principal.type));
}

/** The payment provider new checkouts use, as far as prices care: the amounts it can charge. */
type CheckoutProvider = { name: string; minorUnitStep(currency: string): number };

export function createBadgeCategoriesService({ db, provider }: { db: Database; provider: CheckoutProvider }) {
  /** A price the provider could not charge would fail only at the exhibitor's checkout: refuse it here. */
  function checkPriceStep(unitPrice: number | undefined, currency: string) {
    const step = provider.minorUnitStep(currency);
    if (unitPrice === undefined || unitPrice % step === 0) return;
    throw ValidationError.field(
      'unitPrice',
      `Payments through ${provider.name} take ${currency} in steps of ${formatInvoiceAmount(step, currency)}`,
    );
  }

  async function getInScope(actor: Actor, id: number) {
    const row = await repo.findCategory(db, id, categoryFilterFor(actor.principal));
    if (!row) throw new NotFoundError('Badge category');
    return row;
  }

  async function eventInScope(actor: Actor, eventId: number, field?: string) {
    const event = await findEventInScope(db, eventId, scopeOf(actor.principal));
    if (!event) throw field ? ValidationError.field(field, 'Event not found') : new NotFoundError('Event');
    return event;
  }

  function assertVisibleType(actor: Actor, badgeType: BadgeType | undefined) {
    if (badgeType && !visibleBadgeTypes(actor.principal.permissions, actor.principal.type).includes(badgeType)) {
      throw ValidationError.field('badgeType', `You cannot manage ${BADGE_TYPE_LABELS[badgeType]} badges`);
    }
  }

  const saveConflicts = <T>(write: () => Promise<T>) =>
    withUniqueConflict(write, () => new ConflictError('This event already has a category with this name', 'name'));

  const toValues = (body: CategoryInput) => ({
    name: body.name,
    displayName: body.displayName,
    badgeType: body.badgeType,
    unitPriceCents: body.unitPrice,
    vatRateBasisPoints: body.vatRate === undefined || body.vatRate === null ? body.vatRate : rateToBasisPoints(body.vatRate),
    isActive: body.isActive,
    sortOrder: body.sortOrder,
    description: body.description,
    grantsLeadScanning: body.grantsLeadScanning,
  });

  /** Lead scanning is sold per unit to an exhibitor: a badge category has no units of that kind. */
  function assertScanningOnAddon(type: 'badge' | 'addon', grantsLeadScanning: boolean | undefined) {
    if (grantsLeadScanning && type !== 'addon') {
      throw ValidationError.field('grantsLeadScanning', 'Only an add-on can sell lead scanning');
    }
  }

  return {
    /** Each category's `badgeCount` counts the badges the caller reaches, never the whole event's for an exhibitor. */
    async listCategories(actor: Actor, query: ListBadgeCategoriesQuery) {
      const { rows, total } = await repo.listCategories(db, categoryFilterFor(actor.principal), query, badgeCountFilterFor(actor.principal));
      return listResult(rows.map(toCategory), total, query);
    },

    /** The event's categories of one type in menu order, as the sidebar and forms read them. */
    async listEventCategories(
      actor: Actor,
      eventId: number,
      query: { type: 'badge' | 'addon'; badgeType?: BadgeType; limit: number },
    ): Promise<{ data: BadgeCategorySummary[] }> {
      const rows = await repo.listEventCategories(db, categoryFilterFor(actor.principal), { ...query, eventId });
      // Categories found prove the event is within reach; only an empty answer needs the check.
      if (rows.length === 0) await eventInScope(actor, eventId);
      return { data: rows.map(toCategory) };
    },

    async getCategory(actor: Actor, id: number): Promise<BadgeCategory> {
      const row = await repo.findCategory(db, id, categoryFilterFor(actor.principal), badgeCountFilterFor(actor.principal));
      if (!row) throw new NotFoundError('Badge category');
      return toCategory(row);
    },

    async createCategory(
      actor: Actor,
      body: CategoryInput & { eventId: number; name: string; badgeType: BadgeType; type: 'badge' | 'addon' },
    ): Promise<BadgeCategory> {
      const event = await eventInScope(actor, body.eventId, 'eventId');
      assertVisibleType(actor, body.badgeType);
      assertScanningOnAddon(body.type, body.grantsLeadScanning);
      checkPriceStep(body.unitPrice, event.currency);
      const values = { ...toValues(body), eventId: body.eventId, type: body.type, name: body.name, badgeType: body.badgeType };
      const id = await saveConflicts(() =>
        db.transaction(async (tx) => {
          const categoryId = await repo.insertCategory(tx, values);
          await recordAudit(tx, actor, { action: 'create', entityType: 'badge-category', entityId: categoryId, eventId: body.eventId, after: values });
          return categoryId;
        }),
      );
      return this.getCategory(actor, id);
    },

    async updateCategory(actor: Actor, id: number, body: CategoryInput): Promise<BadgeCategory> {
      const before = await getInScope(actor, id);
      assertVisibleType(actor, body.badgeType);
      assertScanningOnAddon(before.type, body.grantsLeadScanning);
      checkPriceStep(body.unitPrice, before.currency);
      if (body.badgeType && body.badgeType !== before.badgeType && before.badgeCount > 0) {
        throw ValidationError.field('badgeType', 'The badge type cannot change while the category has badges');
      }
      await saveConflicts(() =>
        db.transaction(async (tx) => {
          await repo.updateCategory(tx, id, toValues(body));
          await recordAudit(tx, actor, { action: 'update', entityType: 'badge-category', entityId: id, eventId: before.eventId, before, after: body });
        }),
      );
      return this.getCategory(actor, id);
    },

    /** A category still used by badges, allocations, add-on assignments or purchases stays; deactivate it instead. */
    async deleteCategory(actor: Actor, id: number): Promise<void> {
      const before = await getInScope(actor, id);
      const uses = await repo.countCategoryUses(db, id);
      const parts = [
        uses.badges && `${uses.badges} badge(s)`,
        uses.allocations && `${uses.allocations} allocation(s)`,
        uses.addons && `${uses.addons} add-on assignment(s)`,
        uses.purchases && `${uses.purchases} purchase(s)`,
      ].filter(Boolean);
      if (parts.length > 0) {
        throw new ConflictError(`This category is used by ${parts.join(', ')}; deactivate it instead`);
      }
      await db.transaction(async (tx) => {
        await repo.deleteCategory(tx, id);
        await recordAudit(tx, actor, { action: 'delete', entityType: 'badge-category', entityId: id, eventId: before.eventId, before });
      });
    },
  };
}

export type BadgeCategoriesService = ReturnType<typeof createBadgeCategoriesService>;
