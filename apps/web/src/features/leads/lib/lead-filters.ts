import {
  LEAD_RATINGS,
  LEAD_SORT_KEYS,
  MAX_LEAD_TAG_LENGTH,
  type LeadListQuery,
  type LeadRating,
} from '@portal/shared/leads';

export type LeadFilters = Partial<Omit<LeadListQuery, 'page' | 'per_page'>>;
export type LeadSortKey = (typeof LEAD_SORT_KEYS)[number];
export type LeadSort = LeadSortKey | `-${LeadSortKey}`;

/** The list's order when the URL names none, as the API applies it: the newest scans first. */
export const DEFAULT_LEAD_SORT: LeadSort = '-scannedAt';

const isRating = (value: string): value is LeadRating => (LEAD_RATINGS as readonly string[]).includes(value);
const isSort = (value: string): value is LeadSort =>
  (LEAD_SORT_KEYS as readonly string[]).includes(value.replace(/^-/, ''));
const positiveId = (value: string) => (/^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined);
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/**
 * The filters of the URL as the API reads them. A value the API would refuse (a link edited by
 * hand, an old bookmark) is left out rather than sent, so the list still shows.
 */
export function leadFilters(filter: (key: string) => string, search: string): LeadFilters {
  const rating = filter('rating');
  const tag = filter('tag').trim();
  const sort = filter('sort');
  const filters: LeadFilters = {
    search: search || undefined,
    rating: isRating(rating) ? rating : undefined,
    tag: tag && tag.length <= MAX_LEAD_TAG_LENGTH ? tag : undefined,
    scannerId: positiveId(filter('scannerId')),
    day: isDay(filter('day')) ? filter('day') : undefined,
    sort: isSort(sort) ? sort : undefined,
  };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
}

/** Whether any filter narrows the list (the order does not). */
export function isFiltered(filters: LeadFilters): boolean {
  return Object.keys(filters).some((key) => key !== 'sort');
}
