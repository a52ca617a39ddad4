export const printKeys = {
  all: ['badge-prints'] as const,
  settings: (eventId: number) => [...printKeys.all, 'settings', eventId] as const,
};
