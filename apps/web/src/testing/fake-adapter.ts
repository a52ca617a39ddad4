import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';

export type Reply = { status: number; data?: unknown; headers?: Record<string, string> };

/** Answers a request as the server would: statuses of 400 and above reject, as axios's own adapters do. */
export function reply(config: InternalAxiosRequestConfig, { status, data = null, headers = {} }: Reply): AxiosResponse {
  const response: AxiosResponse = { data, status, statusText: String(status), headers: new AxiosHeaders(headers), config };
  if (status >= 400) {
    throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, null, response);
  }
  return response;
}

export type SeenRequest = {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
  /** The query, when the request has one. */
  params?: Record<string, unknown>;
};

/** An adapter that records every request and answers through `handle`. */
export function fakeAdapter(handle: (request: SeenRequest) => Reply | Promise<Reply>) {
  const seen: SeenRequest[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const request: SeenRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      authorization: config.headers.get('Authorization')?.toString(),
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      ...(config.params ? { params: config.params as Record<string, unknown> } : {}),
    };
    seen.push(request);
    return reply(config, await handle(request));
  };
  return { adapter, seen };
}

export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
