/** One key factory for the feature: a change to a layout or an assignment invalidates `event(eventId)`. */
export const badgeLayoutKeys = {
  all: ['badge-layouts'] as const,
  event: (eventId: number) => [...badgeLayoutKeys.all, 'event', eventId] as const,
  list: (eventId: number) => [...badgeLayoutKeys.event(eventId), 'list'] as const,
  layout: (id: number) => [...badgeLayoutKeys.all, 'layout', id] as const,
  image: (id: number, kind: string) => [...badgeLayoutKeys.layout(id), 'image', kind] as const,
  preview: (eventId: number, body: unknown) => [...badgeLayoutKeys.event(eventId), 'preview', body] as const,
  categories: (eventId: number) => [...badgeLayoutKeys.event(eventId), 'categories'] as const,
  fields: (eventId: number) => [...badgeLayoutKeys.event(eventId), 'fields'] as const,
  badges: (eventId: number, search: string) => [...badgeLayoutKeys.event(eventId), 'badges', search] as const,
};
