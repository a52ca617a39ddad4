import type { ApiToken, CreateApiTokenInput, CreatedApiToken } from '@portal/shared/api-tokens';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** One key factory for the feature: creating or revoking a token invalidates `all`. */
export const apiTokenKeys = {
  all: ['api-tokens'] as const,
};

export async function getApiTokens(): Promise<ApiToken[]> {
  const { data } = await api.get<{ data: ApiToken[] }>('/admin/api-tokens');
  return data.data;
}

export const apiTokensQueryOptions = () => queryOptions({ queryKey: apiTokenKeys.all, queryFn: getApiTokens });

export function useApiTokens() {
  return useQuery(apiTokensQueryOptions());
}

export async function createApiToken(body: CreateApiTokenInput): Promise<CreatedApiToken> {
  const { data } = await api.post<{ data: CreatedApiToken }>('/admin/api-tokens', body);
  return data.data;
}

export async function revokeApiToken(id: number): Promise<ApiToken> {
  const { data } = await api.post<{ data: ApiToken }>(`/admin/api-tokens/${id}/revoke`);
  return data.data;
}

function useInvalidateApiTokens() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all });
}

export function useCreateApiToken() {
  return useMutation({ mutationFn: createApiToken, onSuccess: useInvalidateApiTokens() });
}

export function useRevokeApiToken() {
  return useMutation({ mutationFn: revokeApiToken, onSuccess: useInvalidateApiTokens() });
}
