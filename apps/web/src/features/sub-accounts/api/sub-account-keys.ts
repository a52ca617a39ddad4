import type { ListParams } from '@/lib/api-types';

export type SubAccountListParams = ListParams & { exhibitorId: number | null; sort?: string };

export const subAccountKeys = {
  all: ['sub-accounts'] as const,
  lists: () => [...subAccountKeys.all, 'list'] as const,
  list: (params: SubAccountListParams) => [...subAccountKeys.lists(), params] as const,
  detail: (id: number) => [...subAccountKeys.all, 'detail', id] as const,
  exhibitorOptions: () => [...subAccountKeys.all, 'exhibitor-options'] as const,
};
