import type { CheckInLogQuery } from '@portal/shared/check-in';

/** One key factory for the feature: a change to a list, a device or a scan invalidates `event(eventId)` or a part of it. */
export const checkInKeys = {
  all: ['check-in'] as const,
  event: (eventId: number) => [...checkInKeys.all, 'event', eventId] as const,
  lists: (eventId: number) => [...checkInKeys.event(eventId), 'lists'] as const,
  devices: (eventId: number) => [...checkInKeys.event(eventId), 'devices'] as const,
  logs: (eventId: number) => [...checkInKeys.event(eventId), 'log'] as const,
  log: (eventId: number, query: Partial<CheckInLogQuery>) => [...checkInKeys.logs(eventId), query] as const,
  figures: (eventId: number) => [...checkInKeys.event(eventId), 'figures'] as const,
};
