export const badgeCategoryKeys = {
  all: ['badge-categories'] as const,
  byEvent: (eventId: number, badgeType: string | undefined) =>
    [...badgeCategoryKeys.all, 'event', eventId, badgeType ?? 'all'] as const,
};
