import type { DashboardSummary } from '@portal/shared/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const dashboardKeys = { summary: () => ['dashboard', 'summary'] as const };

export async function getDashboardSummary(): Promise<DashboardSummary> {
  const { data } = await api.get<{ data: DashboardSummary }>('/dashboard/summary');
  return data.data;
}

export const dashboardSummaryQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.summary(), queryFn: getDashboardSummary });

export function useDashboardSummary() {
  return useQuery(dashboardSummaryQueryOptions());
}
