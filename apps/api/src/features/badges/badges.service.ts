import type { AdvancedFilter, Badge, BadgeListItem, ListBadgesQuery } from '@portal/shared/badges';
import { BADGE_TYPE_LABELS, visibleBadgeTypes } from '@portal/shared/badge-categories';
import { and, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { ConflictError, isUniqueViolation, NotFoundError, ValidationError } from '../../lib/errors';
import { listResult } from '../../lib/listing';
import { allocationHolder } from '../allocations/allocations.repository';
import { consumeAllocation, releaseAllocation } from '../allocations/allocations.service';
import { recordAudit } from '../audit/audit.repository';
import { loadPrincipal } from '../auth/principal';
import { scopeOf } from '../auth/scope';
import { findCategory } from '../badge-categories/badge-categories.repository';
import { categoryFilterFor } from '../badge-categories/badge-categories.service';
import { findExhibitor } from '../exhibitors/exhibitors.repository';
import { advancedFilterCondition } from './advanced-filter';
import { newBadgeCode } from './badge-codes';
import * as repo from './badges.repository';
import type { FilesService } from '../files/files.service';
import type { FieldValuesPort, Upload } from './field-values';

export type NewBadge = {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  badgeCategoryId: number;
  type?: string;
  exhibitorId?: number | null;
  adminId?: number | null;
  eventId?: number;
  customFieldValues: { customFieldId: number; value?: unknown }[];
};

export type BadgeChanges = Partial<Omit<NewBadge, 'badgeCategoryId' | 'type' | 'exhibitorId' | 'adminId' | 'eventId'>> & {
  status?: 'active' | 'cancelled';
};

function toListItem({ allocationId: _allocationId, ...row }: repo.BadgeRow): BadgeListItem {
  return {
    ...row,
    name: `${row.firstName} ${row.lastName}`,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Inserts a badge under a new random code. A collision is astronomically rare; one retry makes it
 * a non-event. The first try runs in a savepoint, since PostgreSQL aborts a transaction on error.
 */
async function insertWithFreshCode(tx: Database, values: Omit<Parameters<typeof repo.insertBadge>[1], 'code'>): Promise<number> {
  try {
    return await tx.transaction((savepoint) => repo.insertBadge(savepoint, { ...values, code: newBadgeCode() }));
  } catch (error) {
    if (!isUniqueViolation(error, 'badges_code_key')) throw error;
    return repo.insertBadge(tx, { ...values, code: newBadgeCode() });
  }
}

export function createBadgesService({ db, fieldValues, files }: { db: Database; fieldValues: FieldValuesPort; files: FilesService }) {
  const scopeFilterOf = (actor: Actor) =>
    repo.badgeScopeFilter(scopeOf(actor.principal), visibleBadgeTypes(actor.principal.permissions, actor.principal.type));

  async function getRow(actor: Actor, id: number) {
    const row = await repo.findBadge(db, id, scopeFilterOf(actor));
    if (!row) throw new NotFoundError('Badge');
    return row;
  }

  async function toBadge(row: repo.BadgeRow): Promise<Badge> {
    return { ...toListItem(row), addons: await repo.findAddons(db, row.id) };
  }

  /**
   * Whose allocation a new badge uses: an exhibitor's own, a sub-account's child allocation, or,
   * when an organiser registers it, the exhibitor (or sub-account) it names. None for the
   * organiser's own badges.
   */
  async function placement(actor: Actor, body: NewBadge, eventId: number) {
    const scope = scopeOf(actor.principal);
    if (scope.kind === 'exhibitor') return { exhibitorId: scope.exhibitorId, holderId: scope.exhibitorId };
    if (scope.kind === 'sub-account') return { exhibitorId: scope.exhibitorId, holderId: scope.subAccountId };
    if (body.exhibitorId == null) {
      if (body.adminId != null) throw ValidationError.field('exhibitorId', 'Name the exhibitor of this sub-account');
      return { exhibitorId: null, holderId: null };
    }
    const exhibitor = await findExhibitor(db, body.exhibitorId, scope);
    if (!exhibitor || exhibitor.eventId !== eventId) throw ValidationError.field('exhibitorId', 'Exhibitor not found in this event');
    if (body.adminId != null && body.adminId !== body.exhibitorId) {
      const holder = await loadPrincipal(db, body.adminId);
      if (!holder || holder.exhibitorId !== body.exhibitorId) throw ValidationError.field('adminId', 'Sub-account not found');
      return { exhibitorId: body.exhibitorId, holderId: body.adminId };
    }
    return { exhibitorId: body.exhibitorId, holderId: body.exhibitorId };
  }

  function conflicts(error: unknown): never {
    if (isUniqueViolation(error, 'badges_event_category_email_key')) {
      throw new ConflictError('A badge with this email already exists in this category', 'email');
    }
    throw error;
  }

  async function listWhere(actor: Actor, where: SQL | undefined, page: { page: number; per_page: number; sort?: string }) {
    const { rows, total, estimated } = await repo.listBadges(db, and(scopeFilterOf(actor), where), page);
    return listResult(rows.map(toListItem), total, page, estimated);
  }

  return {
    listBadges: (actor: Actor, query: ListBadgesQuery) => listWhere(actor, and(...repo.filterConditions(query)), query),

    /** Conditions combined with and/or over the fields of spec §3, within the caller's scope. */
    advancedFilter(actor: Actor, body: AdvancedFilter) {
      const where = and(body.eventId ? repo.filterConditions({ eventId: body.eventId })[0] : undefined, advancedFilterCondition(body));
      return listWhere(actor, where, body);
    },

    async getBadge(actor: Actor, id: number): Promise<Badge> {
      return toBadge(await getRow(actor, id));
    },

    async createBadge(actor: Actor, body: NewBadge, uploads: Map<number, Upload> = new Map()): Promise<Badge> {
      const category = await findCategory(db, body.badgeCategoryId, categoryFilterFor(actor.principal));
      if (!category || category.type !== 'badge') throw ValidationError.field('badgeCategoryId', 'Badge category not found');
      if (!category.isActive) throw ValidationError.field('badgeCategoryId', 'This badge category is closed');
      if (body.eventId != null && body.eventId !== category.eventId) throw ValidationError.field('eventId', 'The category belongs to another event');
      if (body.type && body.type !== category.badgeType) {
        throw ValidationError.field('type', `The category issues ${BADGE_TYPE_LABELS[category.badgeType]} badges`);
      }
      const { exhibitorId, holderId } = await placement(actor, body, category.eventId);
      if (await repo.emailRegistered(db, category.eventId, category.id, body.email)) {
        throw new ConflictError('A badge with this email already exists in this category', 'email');
      }
      const answers = await fieldValues.check(db, { eventId: category.eventId, badgeCategoryId: category.id }, body.customFieldValues, uploads, { partial: false });
      const id = await db
        .transaction(async (tx) => {
          const allocationId = holderId != null ? await consumeAllocation(tx, holderId, category) : null;
          const badgeId = await insertWithFreshCode(tx, {
            eventId: category.eventId,
            badgeCategoryId: category.id,
            exhibitorId,
            allocationId,
            createdByAdminId: actor.principal.id,
            firstName: body.firstName,
            lastName: body.lastName,
            email: body.email,
            phone: body.phone ?? null,
            badgeType: category.badgeType,
          });
          await fieldValues.save(tx, badgeId, answers, actor.principal.id, category.eventId);
          await recordAudit(tx, actor, {
            action: 'create',
            entityType: 'badge',
            entityId: badgeId,
            eventId: category.eventId,
            after: { ...body, exhibitorId, allocationId },
          });
          return badgeId;
        })
        .catch(async (error: unknown) => {
          await fieldValues.discard(answers);
          conflicts(error);
        });
      return this.getBadge(actor, id!);
    },

    /** Cancelling gives the place back to the allocation; reactivating takes one again. */
    async updateBadge(actor: Actor, id: number, body: BadgeChanges, uploads: Map<number, Upload> = new Map()): Promise<Badge> {
      const before = await getRow(actor, id);
      if (body.email && (await repo.emailRegistered(db, before.eventId, before.badgeCategoryId, body.email, id))) {
        throw new ConflictError('A badge with this email already exists in this category', 'email');
      }
      const answers = body.customFieldValues
        ? await fieldValues.check(db, { eventId: before.eventId, badgeCategoryId: before.badgeCategoryId }, body.customFieldValues, uploads, { partial: true })
        : null;
      await db
        .transaction(async (tx) => {
          let allocationId = before.allocationId;
          if (body.status && body.status !== before.status) {
            if (body.status === 'cancelled' && allocationId != null) await releaseAllocation(tx, allocationId);
            if (body.status === 'active' && allocationId != null) {
              allocationId = await consumeAllocation(tx, await allocationHolder(tx, allocationId), before.badgeCategory);
            }
          }
          await repo.updateBadge(tx, id, {
            firstName: body.firstName,
            lastName: body.lastName,
            email: body.email,
            phone: body.phone,
            status: body.status,
            allocationId,
          });
          if (answers) await fieldValues.save(tx, id, answers, actor.principal.id, before.eventId);
          await recordAudit(tx, actor, { action: 'update', entityType: 'badge', entityId: id, eventId: before.eventId, before, after: body });
        })
        .catch(async (error: unknown) => {
          await fieldValues.discard(answers);
          conflicts(error);
        });
      return this.getBadge(actor, id);
    },

    /**
     * Gives an add-on to many badges, or takes it away, all or nothing. A badge of an exhibitor
     * uses a place of that exhibitor's allocation of the add-on; removing it gives the place back.
     */
    async assignAddons(actor: Actor, body: { badgeIds: number[]; addonCategoryId: number; action: 'assign' | 'remove' }) {
      const addon = await findCategory(db, body.addonCategoryId, categoryFilterFor(actor.principal));
      if (!addon || addon.type !== 'addon') throw ValidationError.field('addonCategoryId', 'Add-on not found');
      const ids = [...new Set(body.badgeIds)];
      const found = await repo.findBadgesForAddon(db, ids, scopeFilterOf(actor), addon.id);
      const missing = ids.filter((id) => !found.some((badge) => badge.id === id));
      if (missing.length > 0) throw ValidationError.field('badgeIds', `Badges not found: ${missing.slice(0, 20).join(', ')}`);
      const foreign = found.filter((badge) => badge.eventId !== addon.eventId);
      if (foreign.length > 0) throw ValidationError.field('badgeIds', 'Every badge must belong to the add-on’s event');
      let changed = 0;
      await db.transaction(async (tx) => {
        for (const badge of found) {
          if (body.action === 'assign' && !badge.hasAddon) {
            const allocationId = badge.exhibitorId != null ? await consumeAllocation(tx, badge.exhibitorId, addon) : null;
            await repo.insertBadgeAddon(tx, { badgeId: badge.id, addonCategoryId: addon.id, allocationId });
            changed += 1;
          } else if (body.action === 'remove' && badge.hasAddon) {
            if (badge.addonAllocationId != null) await releaseAllocation(tx, badge.addonAllocationId);
            await repo.deleteBadgeAddon(tx, badge.id, addon.id);
            changed += 1;
          }
        }
        await recordAudit(tx, actor, {
          action: `addon_${body.action}`,
          entityType: 'badge',
          eventId: addon.eventId,
          after: { ...body, badgeIds: ids, changed },
        });
      });
      return { data: { changed, unchanged: ids.length - changed } };
    },

    /** The file a badge gave as an answer, for download; 404 outside the caller's reach. */
    async openAnswerFile(actor: Actor, id: number, customFieldId: number) {
      const row = await getRow(actor, id);
      // The badge row carries its answers, files included.
      const file = row.customFieldValues.find((answer) => answer.customFieldId === customFieldId)?.file;
      if (!file) throw new NotFoundError('File');
      return files.openFile(db, file.id, row.eventId);
    },

    async deleteBadge(actor: Actor, id: number): Promise<void> {
      const before = await getRow(actor, id);
      await db.transaction(async (tx) => {
        if (before.status === 'active' && before.allocationId != null) await releaseAllocation(tx, before.allocationId);
        await repo.deleteBadge(tx, id);
        await recordAudit(tx, actor, { action: 'delete', entityType: 'badge', entityId: id, eventId: before.eventId, before });
      });
    },
  };
}

export type BadgesService = ReturnType<typeof createBadgesService>;
