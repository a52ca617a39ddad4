export const bulkSendKeys = {
  all: ['bulk-send'] as const,
  categories: (eventId: number) => [...bulkSendKeys.all, 'categories', eventId] as const,
  templates: () => [...bulkSendKeys.all, 'templates'] as const,
};
