import { HEALTH_POLL_INTERVAL_MS, type HealthResponse } from '@portal/shared/health';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const healthKeys = { status: () => ['health'] as const };

export async function getHealth(): Promise<HealthResponse> {
  const { data } = await api.get<HealthResponse>('/health', { skipAuth: true });
  return data;
}

export const healthQueryOptions = () =>
  queryOptions({
    queryKey: healthKeys.status(),
    queryFn: getHealth,
    refetchInterval: HEALTH_POLL_INTERVAL_MS,
    staleTime: HEALTH_POLL_INTERVAL_MS,
  });

export function useHealth() {
  return useQuery(healthQueryOptions());
}
