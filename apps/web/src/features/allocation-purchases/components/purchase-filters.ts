import { PURCHASE_SORTS, PURCHASE_STATUSES, type PurchaseStatus } from '@portal/shared/allocation-purchases';
import { useSearchParams } from 'react-router';
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

function positiveId(text: string | null): number | null {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * The table's filters, sort and page, read from the URL (so a filtered list can be shared and
 * reloaded); unknown values are ignored rather than sent. A page's own scope wins over the URL.
 */
export function usePurchaseFilters(scope: PurchaseScope = {}) {
  const [search, setSearch] = useSearchParams();
  const read = (key: string) => search.get(key) ?? '';
  const status = read('status');
  const paid = read('paid');
  const sort = read('sort');
  const from = read('from');
  const to = read('to');
  const params: PurchaseListParams = {
    page: Math.max(1, Math.floor(Number(search.get('page'))) || 1),
    sort: (PURCHASE_SORTS as readonly string[]).includes(sort) ? sort : DEFAULT_PURCHASE_SORT,
    eventId: scope.eventId ?? positiveId(search.get('eventId')),
    exhibitorId: scope.exhibitorId ?? positiveId(search.get('exhibitorId')),
    badgeCategoryId: positiveId(search.get('badgeCategoryId')),
    status: (PURCHASE_STATUSES as readonly string[]).includes(status) ? (status as PurchaseStatus) : null,
    isPaid: paid === 'yes' ? true : paid === 'no' ? false : null,
    from: DATE.test(from) ? from : null,
    to: DATE.test(to) ? to : null,
  };

  /** Several keys in one navigation: React Router's setter reads the URL of the last render. */
  function update(changes: Record<string, string | null>) {
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  }

  return {
    params,
    active: PURCHASE_FILTER_KEYS.filter((key) => read(key) !== '').length,
    /** Changing a filter goes back to the first page. */
    setFilters: (changes: Partial<Record<PurchaseFilterKey, string>>) => update({ ...changes, page: null }),
    clearFilters: () => update({ ...Object.fromEntries(PURCHASE_FILTER_KEYS.map((key) => [key, null])), page: null }),
    setPage: (page: number) => update({ page: page > 1 ? String(page) : null }),
  };
}
