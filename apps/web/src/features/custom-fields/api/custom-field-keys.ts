export const customFieldKeys = {
  all: ['custom-fields'] as const,
  lists: () => [...customFieldKeys.all, 'list'] as const,
  list: (eventId: number, sort: string | undefined) => [...customFieldKeys.lists(), eventId, sort ?? 'form'] as const,
  leadQuestions: () => [...customFieldKeys.lists(), 'lead'] as const,
  detail: (id: number) => [...customFieldKeys.all, 'detail', id] as const,
  eventOptions: () => [...customFieldKeys.all, 'event-options'] as const,
  categories: (eventId: number) => [...customFieldKeys.all, 'categories', eventId] as const,
};
