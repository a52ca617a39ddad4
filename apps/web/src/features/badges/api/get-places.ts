import type { Allocation } from '@portal/shared/allocations';
import { MAX_PAGE_SIZE } from '@portal/shared/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse } from '@/lib/api-types';
import { useCan } from '@/hooks/use-can';
import { badgeKeys } from './badge-keys';

/** What a holder may still register in one badge category: `left` of `allocated`. */
export type Places = { categoryName: string; allocated: number; left: number };

/** A holder's places per badge category; a category missing from the map has no allocation. */
export type PlacesByCategory = ReadonlyMap<number, Places>;

/**
 * The badge allocations of one holder (an exhibitor or a sub-account, whose badges take one place
 * each), read from the allocations list filtered to that holder.
 */
export async function getPlaces(holderId: number): Promise<PlacesByCategory> {
  const { data } = await api.get<ListResponse<Allocation>>('/admin/allocations', {
    // A sub-account's allocation is a child of its exhibitor's: listed only with the children.
    params: { adminId: holderId, type: 'badge', includeChildAllocations: true, per_page: MAX_PAGE_SIZE },
  });
  return new Map(
    data.data
      .filter((allocation) => allocation.adminId === holderId)
      .map((allocation) => [
        allocation.badgeCategoryId,
        { categoryName: allocation.badgeCategory.name, allocated: allocation.quantity, left: allocation.available },
      ]),
  );
}

export const placesQueryOptions = (holderId: number) =>
  queryOptions({ queryKey: badgeKeys.places(holderId), queryFn: () => getPlaces(holderId) });

/** The places of a holder, when there is one and the user may read allocations. */
export function usePlaces(holderId: number | null) {
  const can = useCan();
  return useQuery({ ...placesQueryOptions(holderId ?? 0), enabled: holderId != null && can('view_allocation') });
}
