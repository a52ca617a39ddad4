export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
  sso: (token: string) => [...authKeys.all, 'sso', token] as const,
  linkCheck: (kind: 'invitation' | 'password-reset', token: string) => [...authKeys.all, 'link-check', kind, token] as const,
};
