import type { ListParams } from '@/lib/api-types';

export const roleKeys = {
  all: ['roles'] as const,
  lists: () => [...roleKeys.all, 'list'] as const,
  list: (params: ListParams) => [...roleKeys.lists(), params] as const,
  permissions: () => [...roleKeys.all, 'permissions'] as const,
};
