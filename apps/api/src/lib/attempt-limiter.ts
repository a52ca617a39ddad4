import { Redis } from 'ioredis';

/**
 * Counts attempts per key in a fixed window. In memory for one process; in Redis when
 * `REDIS_URL` is set, so that every replica counts together.
 */
export type AttemptLimiter = {
  /** Adds one attempt and returns the count in the current window with its remaining seconds. */
  hit(key: string): Promise<{ count: number; retryAfterSeconds: number }>;
  count(key: string): Promise<{ count: number; retryAfterSeconds: number }>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
};

export function createMemoryLimiter(windowSeconds: number, now = () => Date.now()): AttemptLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt > now()) return entry;
    windows.delete(key);
    return undefined;
  };
  const view = (entry: { count: number; resetAt: number } | undefined) => ({
    count: entry?.count ?? 0,
    retryAfterSeconds: entry ? Math.ceil((entry.resetAt - now()) / 1000) : 0,
  });
  const sweep = setInterval(() => {
    for (const [key, entry] of windows) if (entry.resetAt <= now()) windows.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    hit: async (key) => {
      const entry = current(key) ?? { count: 0, resetAt: now() + windowSeconds * 1000 };
      entry.count += 1;
      windows.set(key, entry);
      return view(entry);
    },
    count: async (key) => view(current(key)),
    reset: async (key) => {
      windows.delete(key);
    },
    close: async () => clearInterval(sweep),
  };
}

export function createRedisLimiter(url: string, windowSeconds: number): AttemptLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const prefix = 'portal:attempts:';
  const read = async (key: string) => {
    const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.ttl(prefix + key)]);
    return { count: Number(count ?? 0), retryAfterSeconds: Math.max(ttl, 0) };
  };
  return {
    hit: async (key) => {
      const results = await redis
        .multi()
        .incr(prefix + key)
        .expire(prefix + key, windowSeconds, 'NX')
        .ttl(prefix + key)
        .exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      const ttl = Number(results?.[2]?.[1] ?? windowSeconds);
      return { count, retryAfterSeconds: Math.max(ttl, 0) };
    },
    count: read,
    reset: async (key) => {
      await redis.del(prefix + key);
    },
    close: async () => {
      await redis.quit();
    },
  };
}
