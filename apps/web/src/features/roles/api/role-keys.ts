import type { ListParams } from '@/lib/api-types';

export type RoleListParams = ListParams & { sort: string };

export const roleKeys = {
  all: ['roles'] as const,
  lists: () => [...roleKeys.all, 'list'] as const,
  list: (params: RoleListParams) => [...roleKeys.lists(), params] as const,
  permissions: () => [...roleKeys.all, 'permissions'] as const,
};
