import { QueryClient } from '@tanstack/react-query';
import { QUERY_STALE_TIME_MS } from '@/config/app';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: QUERY_STALE_TIME_MS, retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
