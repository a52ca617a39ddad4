import type { ListParams } from '@/lib/api-types';

export type CompanyListParams = ListParams & { sort: string };

export const companyKeys = {
  all: ['companies'] as const,
  lists: () => [...companyKeys.all, 'list'] as const,
  list: (params: CompanyListParams) => [...companyKeys.lists(), params] as const,
};
