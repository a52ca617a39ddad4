export type RegistrationLinkListParams = { eventId: number; kind: 'exhibitor'; page: number };

export const registrationLinkKeys = {
  all: ['registration-links'] as const,
  public: (id: string) => [...registrationLinkKeys.all, 'public', id] as const,
  lists: () => [...registrationLinkKeys.all, 'list'] as const,
  list: (params: RegistrationLinkListParams) => [...registrationLinkKeys.lists(), params] as const,
};
