import type { AxiosAdapter } from 'axios';
import { api } from '@/lib/api-client';
import { reply, type Reply } from '@/testing/fake-adapter';

export type PurchaseRequest = { method: string; url: string; params: Record<string, unknown>; body: unknown };

/** Answers the API client's requests through `handle`, recording each with its query parameters. */
export function answerRequests(handle: (request: PurchaseRequest) => Reply | Promise<Reply>) {
  const seen: PurchaseRequest[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const request: PurchaseRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: Object.fromEntries(Object.entries(config.params ?? {}).filter(([, value]) => value !== undefined)),
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    seen.push(request);
    return reply(config, await handle(request));
  };
  api.defaults.adapter = adapter;
  return seen;
}

export const emptyList = { data: [], meta: { page: 1, per_page: 20, total: 0, total_pages: 0 } };

export function listOf<T>(rows: T[]) {
  return { data: rows, meta: { page: 1, per_page: 20, total: rows.length, total_pages: 1 } };
}
