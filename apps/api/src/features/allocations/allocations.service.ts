import { ALLOCATION_MESSAGES, freePlaces, type Allocation, type ListAllocationsQuery } from '@portal/shared/allocations';
import type { FieldError } from '@portal/shared/common';
import type { ExportFormat } from '@portal/shared/exports';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, BusinessRuleError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { exportFile, rowsInOrder, type ExportFile } from '../../lib/list-export';
import { listResult } from '../../lib/listing';
import { findAdmin } from '../admins/admins.repository';
import { recordAudit } from '../audit/audit.repository';
import { loadPrincipal } from '../auth/principal';
import { scopeOf } from '../auth/scope';
import { findCategory } from '../badge-categories/badge-categories.repository';
import { categoryFilterFor } from '../badge-categories/badge-categories.service';
import { ALLOCATION_EXPORT_COLUMNS } from './allocation-export';
import * as repo from './allocations.repository';

export function toAllocation(row: repo.AllocationRow): Allocation {
  const { childrenUsed, ...rest } = row;
  return {
    ...rest,
    usedTotal: row.used + childrenUsed,
    available: freePlaces(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type AllocationChange = { adminId: number; badgeCategoryId: number; quantity: number };

/**
 * Takes one place of the holder's allocation of a category, inside the caller's transaction, or
 * refuses with 422. The allocation row stays locked until the transaction ends.
 */
export async function consumeAllocation(tx: Database, holderId: number, category: { id: number; name: string }): Promise<number> {
  const allocation = await repo.lockAllocation(tx, holderId, category.id);
  if (!allocation || allocation.used + allocation.reserved >= allocation.quantity) {
    throw new BusinessRuleError(ALLOCATION_MESSAGES.exhausted(category.name));
  }
  await repo.changeUsed(tx, allocation.id, 1);
  return allocation.id;
}

/** Gives a place back when a badge is cancelled or deleted. */
export async function releaseAllocation(tx: Database, allocationId: number): Promise<void> {
  await repo.changeUsed(tx, allocationId, -1);
}

export function createAllocationsService({ db }: { db: Database }) {
  /** The exhibitor or sub-account an allocation is for, checked against the actor's reach. */
  async function holderFor(tx: Database, actor: Actor, adminId: number) {
    const scope = scopeOf(actor.principal);
    const holder = (await findAdmin(tx, adminId, scope)) ? await loadPrincipal(tx, adminId) : null;
    if (!holder || (holder.type !== 'exhibitor' && holder.type !== 'sub-account')) {
      throw ValidationError.field('adminId', 'Exhibitor or sub-account not found');
    }
    if (scope.kind === 'exhibitor' && holder.type !== 'sub-account') {
      throw new ForbiddenError('Your own allocations are set by the organiser');
    }
    return holder;
  }

  async function applyChange(
    tx: Database,
    actor: Actor,
    change: AllocationChange,
    mode: 'set' | 'add',
    eventId?: number,
  ): Promise<number> {
    const holder = await holderFor(tx, actor, change.adminId);
    if (eventId != null && holder.eventId !== eventId) throw ValidationError.field('adminId', 'Not an exhibitor of this event');
    const category = await findCategory(tx, change.badgeCategoryId, categoryFilterFor(actor.principal));
    if (!category || category.eventId !== holder.eventId) {
      throw ValidationError.field('badgeCategoryId', 'Badge category not found in the holder’s event');
    }
    // Parent first, then the holder's own row, created empty when missing: the order every change
    // of two allocations takes, and no race to insert the same row (docs/decisions.md).
    const parent = holder.type === 'sub-account' ? await repo.lockAllocation(tx, holder.exhibitorId!, category.id) : null;
    if (holder.type === 'sub-account' && !parent) {
      throw new BusinessRuleError(`The exhibitor has only 0 of ${category.name} left to hand out`, [
        { field: 'quantity', message: 'At most 0' },
      ]);
    }
    const { allocation: current, created } = await repo.lockOrCreateAllocation(tx, {
      eventId: category.eventId,
      adminId: holder.id,
      badgeCategoryId: category.id,
      parentAllocationId: parent?.id ?? null,
    });
    const quantity = mode === 'add' ? current.quantity + change.quantity : change.quantity;
    if (quantity < 0) throw ValidationError.field('quantity', 'The quantity cannot fall below zero');
    const committed = current.used + current.reserved;
    if (quantity < committed) {
      throw new BusinessRuleError(`${committed} of this allocation are already registered or handed out; it cannot go below that`, [
        { field: 'quantity', message: `At least ${committed}` },
      ]);
    }
    if (parent) {
      const free = parent.quantity - parent.used - parent.reserved + current.quantity;
      if (quantity > free) {
        throw new BusinessRuleError(`The exhibitor has only ${Math.max(free, 0)} of ${category.name} left to hand out`, [
          { field: 'quantity', message: `At most ${Math.max(free, 0)}` },
        ]);
      }
    }
    await repo.setQuantity(tx, current.id, quantity);
    await recordAudit(tx, actor, {
      action: created ? 'create' : 'update',
      entityType: 'allocation',
      entityId: current.id,
      eventId: category.eventId,
      // A sub-account's allocation is carved out of its exhibitor's: both belong to the exhibitor's history.
      exhibitorId: holder.type === 'sub-account' ? holder.exhibitorId : holder.id,
      before: created ? null : current,
      after: { ...change, quantity },
    });
    return current.id;
  }

  async function getInScope(actor: Actor, id: number): Promise<Allocation> {
    const row = await repo.findAllocation(db, id, repo.allocationScopeFilter(scopeOf(actor.principal)));
    if (!row) throw new NotFoundError('Allocation');
    return toAllocation(row);
  }

  return {
    async listAllocations(actor: Actor, query: ListAllocationsQuery) {
      const { rows, total } = await repo.listAllocations(db, repo.allocationScopeFilter(scopeOf(actor.principal)), query);
      return listResult(rows.map(toAllocation), total, query);
    },

    /** Every allocation of the list's filter, scope and sort, as a streamed file. */
    async exportAllocations(actor: Actor, filter: repo.AllocationFilter, format: ExportFormat): Promise<ExportFile> {
      const ids = await repo.allocationIds(db, repo.allocationScopeFilter(scopeOf(actor.principal)), filter);
      return exportFile('Allocations', format, ALLOCATION_EXPORT_COLUMNS, rowsInOrder(ids, (batch) => repo.allocationsByIds(db, batch)));
    },

    getAllocation: getInScope,

    /** Sets the quantity of the holder's allocation of a category, creating it when missing. */
    async setAllocation(actor: Actor, change: AllocationChange): Promise<Allocation> {
      const id = await db.transaction((tx) => applyChange(tx, actor, change, 'set'));
      return getInScope(actor, id);
    },

    /** Many holders × categories at once, all or nothing; errors name the item they belong to. */
    async bulkSetAllocations(actor: Actor, body: { eventId: number; mode: 'set' | 'add'; items: AllocationChange[] }) {
      const ids = await db.transaction(async (tx) => {
        const done: number[] = [];
        for (const [index, item] of body.items.entries()) {
          try {
            done.push(await applyChange(tx, actor, item, body.mode, body.eventId));
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            const details: FieldError[] = (error.details ?? [{ field: '', message: error.message }]).map((d) => ({
              field: `items.${index}${d.field ? `.${d.field}` : ''}`,
              message: d.message,
            }));
            throw new AppError(error.statusCode, error.error, `Item ${index + 1}: ${error.message}`, details);
          }
        }
        return done;
      });
      const rows = await repo.findAllocationsByIds(db, ids, repo.allocationScopeFilter(scopeOf(actor.principal)));
      return { data: rows.map(toAllocation) };
    },
  };
}

export type AllocationsService = ReturnType<typeof createAllocationsService>;
