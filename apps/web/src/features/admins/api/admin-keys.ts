import type { ListParams } from '@/lib/api-types';

export type AdminListParams = ListParams & { roleId: number | null; sort: string };

export const adminKeys = {
  all: ['admins'] as const,
  lists: () => [...adminKeys.all, 'list'] as const,
  list: (params: AdminListParams) => [...adminKeys.lists(), params] as const,
  exhibitors: (roleId: number) => [...adminKeys.all, 'exhibitors', roleId] as const,
  roleOptions: () => [...adminKeys.all, 'role-options'] as const,
  companyOptions: () => [...adminKeys.all, 'company-options'] as const,
  eventOptions: () => [...adminKeys.all, 'event-options'] as const,
};
