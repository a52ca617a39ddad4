export type RegistrationLinkListParams = {
  eventId?: number;
  kind: 'exhibitor' | 'badge';
  badgeCategoryId?: number;
  exhibitorId?: number;
  page: number;
};

export const registrationLinkKeys = {
  all: ['registration-links'] as const,
  public: (id: string) => [...registrationLinkKeys.all, 'public', id] as const,
  lists: () => [...registrationLinkKeys.all, 'list'] as const,
  list: (params: RegistrationLinkListParams) => [...registrationLinkKeys.lists(), params] as const,
  categories: (eventId: number) => [...registrationLinkKeys.all, 'categories', eventId] as const,
  owners: (eventId: number, withSubAccounts: boolean) =>
    [...registrationLinkKeys.all, 'owners', eventId, withSubAccounts] as const,
  templates: (eventId: number) => [...registrationLinkKeys.all, 'templates', eventId] as const,
};
