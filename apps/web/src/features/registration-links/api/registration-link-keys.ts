export const registrationLinkKeys = {
  all: ['registration-links'] as const,
  public: (id: string) => [...registrationLinkKeys.all, 'public', id] as const,
};
