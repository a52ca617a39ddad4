import type { Database } from '../../db/client';
import * as allocations from '../allocations/allocations.repository';
import { placesInUseError } from './allocation-purchases.rules';

/** Whose allocation a purchase changes: the exhibitor's, and the sub-account's carved out of it when one asked. */
export type PurchaseHolder = {
  eventId: number;
  badgeCategoryId: number;
  exhibitorId: number;
  subAccountId: number | null;
};

/**
 * Adds places to the holder's allocation of the category, creating the row when there is none.
 * A sub-account's purchase grows its exhibitor's allocation and its own child allocation alike, so
 * the places land with the sub-account and the exhibitor keeps what it had free. Rows are locked
 * parent first, then child, the order every change of two allocations takes; a missing row is
 * created under that lock (`lockOrCreateAllocation`), so concurrent payments never race to insert it.
 */
export async function growAllocation(tx: Database, holder: PurchaseHolder, places: number): Promise<void> {
  const { allocation: parent } = await allocations.lockOrCreateAllocation(tx, {
    eventId: holder.eventId,
    adminId: holder.exhibitorId,
    badgeCategoryId: holder.badgeCategoryId,
  });
  await allocations.setQuantity(tx, parent.id, parent.quantity + places);
  if (holder.subAccountId == null) return;
  const { allocation: child } = await allocations.lockOrCreateAllocation(tx, {
    eventId: holder.eventId,
    adminId: holder.subAccountId,
    badgeCategoryId: holder.badgeCategoryId,
    parentAllocationId: parent.id,
  });
  await allocations.setQuantity(tx, child.id, child.quantity + places);
}

/**
 * Takes places back, only from those not yet used (nor handed to sub-accounts). With `upTo`, takes
 * what it can and answers how many; otherwise refuses with a 422 saying how many badges must go first.
 */
export async function shrinkAllocation(
  tx: Database,
  holder: PurchaseHolder,
  places: number,
  upTo = false,
): Promise<number> {
  if (places === 0) return 0;
  const parent = await allocations.lockAllocation(tx, holder.exhibitorId, holder.badgeCategoryId);
  const child =
    holder.subAccountId == null
      ? null
      : await allocations.lockAllocation(tx, holder.subAccountId, holder.badgeCategoryId);
  const own = holder.subAccountId == null ? parent : child;
  const free = own ? own.quantity - own.used - own.reserved : 0;
  if (places > free && !upTo) throw placesInUseError(places, free);
  const taken = Math.min(places, Math.max(free, 0));
  if (taken === 0) return 0;
  // Taking from a child lowers the parent's reserved places by as much, so the parent shrinks alike.
  if (child) await allocations.setQuantity(tx, child.id, child.quantity - taken);
  if (parent) await allocations.setQuantity(tx, parent.id, parent.quantity - taken);
  return taken;
}
