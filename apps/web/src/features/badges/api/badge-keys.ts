import type { BadgeStatus } from '@portal/shared/badges';
import type { ListParams } from '@/lib/api-types';

export type BadgeListParams = ListParams & {
  badgeCategoryId: number | null;
  status: BadgeStatus | null;
  exhibitorId: number | null;
  createdFrom: string;
  createdTo: string;
  sort: string;
  /** Printed at least once (true), never (false), or either (null). */
  printed: boolean | null;
};

export const badgeKeys = {
  all: ['badges'] as const,
  lists: () => [...badgeKeys.all, 'list'] as const,
  list: (params: BadgeListParams) => [...badgeKeys.lists(), params] as const,
  detail: (id: number) => [...badgeKeys.all, 'detail', id] as const,
  categories: (eventId: number) => [...badgeKeys.all, 'categories', eventId] as const,
  category: (id: number) => [...badgeKeys.all, 'category', id] as const,
  categoryFields: (badgeCategoryId: number) => [...badgeKeys.all, 'category-fields', badgeCategoryId] as const,
  addons: (eventId: number) => [...badgeKeys.all, 'addons', eventId] as const,
  eventOptions: () => [...badgeKeys.all, 'event-options'] as const,
  exhibitorOptions: (eventId: number | null) => [...badgeKeys.all, 'exhibitor-options', eventId] as const,
  places: (holderId: number) => [...badgeKeys.all, 'places', holderId] as const,
  leadConsent: (eventId: number) => [...badgeKeys.all, 'lead-consent', eventId] as const,
};
