import { PURCHASE_SORTS, PURCHASE_STATUSES, type PurchaseStatus } from '@portal/shared/allocation-purchases';
import { useListParams } from '@/hooks/use-list-params';
import type { PurchaseListParams } from '../api/purchase-keys';

export const DEFAULT_PURCHASE_SORT = '-purchasedAt';
export const PURCHASE_FILTER_KEYS = [
  'eventId',
  'exhibitorId',
  'badgeCategoryId',
  'status',
  'paid',
  'from',
  'to',
] as const;
export type PurchaseFilterKey = (typeof PURCHASE_FILTER_KEYS)[number] | 'sort';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What the purchase table is fixed to when it sits on an event's or an exhibitor's page. */
export type PurchaseScope = { eventId?: number; exhibitorId?: number };

function positiveId(text: string): number | null {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * The table's filters, sort and page, read from the URL (so a filtered list can be shared and
 * reloaded); unknown values are ignored rather than sent. A page's own scope wins over the URL.
 */
export function usePurchaseFilters(scope: PurchaseScope = {}) {
  const { page, filter: read, update, setPage } = useListParams();
  const status = read('status');
  const paid = read('paid');
  const sort = read('sort');
  const from = read('from');
  const to = read('to');
  const params: PurchaseListParams = {
    page,
    sort: (PURCHASE_SORTS as readonly string[]).includes(sort) ? sort : DEFAULT_PURCHASE_SORT,
    eventId: scope.eventId ?? positiveId(read('eventId')),
    exhibitorId: scope.exhibitorId ?? positiveId(read('exhibitorId')),
    badgeCategoryId: positiveId(read('badgeCategoryId')),
    status: (PURCHASE_STATUSES as readonly string[]).includes(status) ? (status as PurchaseStatus) : null,
    isPaid: paid === 'yes' ? true : paid === 'no' ? false : null,
    from: DATE.test(from) ? from : null,
    to: DATE.test(to) ? to : null,
  };

  return {
    params,
    active: PURCHASE_FILTER_KEYS.filter((key) => read(key) !== '').length,
    /** Changing a filter goes back to the first page. */
    setFilters: (changes: Partial<Record<PurchaseFilterKey, string>>) => update({ ...changes, page: null }),
    clearFilters: () => update({ ...Object.fromEntries(PURCHASE_FILTER_KEYS.map((key) => [key, null])), page: null }),
    setPage,
  };
}
