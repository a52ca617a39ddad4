import type { ListParams } from '@/lib/api-types';

export type LeadSummaryListParams = ListParams & { sort: string };

/** One key factory for the feature: a change to the settings refetches the event's whole lead data (the summaries show its default). */
export const leadSettingsKeys = {
  all: ['lead-settings'] as const,
  event: (eventId: number) => [...leadSettingsKeys.all, 'event', eventId] as const,
  settings: (eventId: number) => [...leadSettingsKeys.event(eventId), 'settings'] as const,
  summaries: (eventId: number) => [...leadSettingsKeys.event(eventId), 'summaries'] as const,
  summaryList: (eventId: number, params: LeadSummaryListParams) => [...leadSettingsKeys.summaries(eventId), params] as const,
};
