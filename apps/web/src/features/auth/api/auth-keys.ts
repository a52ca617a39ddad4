export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
  sso: (token: string) => [...authKeys.all, 'sso', token] as const,
};
