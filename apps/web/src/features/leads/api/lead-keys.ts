import type { LeadListQuery } from '@portal/shared/leads';

/** One key factory for the feature: a change to a lead invalidates `all`, or the part it touches. */
export const leadKeys = {
  all: ['leads'] as const,
  lists: () => [...leadKeys.all, 'list'] as const,
  list: (query: Partial<LeadListQuery>) => [...leadKeys.lists(), query] as const,
  detail: (id: number) => [...leadKeys.all, 'detail', id] as const,
  figures: () => [...leadKeys.all, 'figures'] as const,
  exports: () => [...leadKeys.all, 'exports'] as const,
  teamSettings: () => [...leadKeys.all, 'team-settings'] as const,
  questions: () => [...leadKeys.all, 'questions'] as const,
  seats: () => [...leadKeys.all, 'seats'] as const,
  // Outside `all`: each saved scan invalidates the leads, and need not ask again whether one may scan.
  access: () => ['lead-access'] as const,
};
