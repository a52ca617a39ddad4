import { Redis } from 'ioredis';

/**
 * Counts attempts per key in a fixed window. In memory for one process; in Redis when
 * `REDIS_URL` is set, so that every replica counts together. A caller that limits counts the
 * attempt first and compares the count returned (hit-then-compare): a count read before the
 * attempt would let concurrent attempts all see the same count and all pass.
 */
export type AttemptLimiter = {
  /** Adds one attempt and returns the count in the current window with its remaining seconds. */
  hit(key: string): Promise<{ count: number; retryAfterSeconds: number }>;
  count(key: string): Promise<{ count: number; retryAfterSeconds: number }>;
  reset(key: string): Promise<void>;
  /** Where attempts are being counted; degraded while Redis is configured but out of reach. */
  state(): LimiterState;
  close(): Promise<void>;
};

export type LimiterState = { store: 'redis' | 'memory'; degraded: boolean };

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
    state: () => ({ store: 'memory', degraded: false }),
    close: async () => clearInterval(sweep),
  };
}

/** Logs the limiter's switches between Redis and memory; Fastify's logger fits. */
export type LimiterLog = {
  warn(object: object, message: string): void;
  info(message: string): void;
};

/**
 * How long a Redis command may take before sign-in counts in memory instead: a Redis that hangs
 * must not hold every sign-in for seconds.
 */
const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * Counts in Redis, so that every replica counts together, and in this process's memory while
 * Redis cannot be reached: sign-in keeps working, limited per process, instead of failing. The
 * switch is logged once each way and shown on /api/health. Commands are never queued while Redis
 * is away (they fail at once and the memory counts them); ioredis reconnects in the background,
 * and counting returns to Redis once it is ready.
 */
export function createRedisLimiter(url: string, windowSeconds: number, log: LimiterLog): AttemptLimiter {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  const memory = createMemoryLimiter(windowSeconds);
  const prefix = 'portal:attempts:';
  let closing = false;
  let commandsFailing = false;
  let warned = false;
  const fallBack = (error?: unknown) => {
    if (warned || closing) return;
    warned = true;
    log.warn({ err: error }, 'Redis is not reachable: sign-in attempts are counted in this process until it is back');
  };
  // Back after a lost connection ('ready') or after commands timed out on a live one (a success).
  const recover = () => {
    commandsFailing = false;
    if (!warned) return;
    warned = false;
    log.info('Redis is reachable again: sign-in attempts are counted there');
  };
  redis.on('error', fallBack);
  redis.on('close', () => fallBack());
  redis.on('ready', recover);
  const inRedis = async <T>(command: () => Promise<T>, inMemory: () => Promise<T>): Promise<T> => {
    if (redis.status === 'ready') {
      try {
        const result = await command();
        if (commandsFailing) recover();
        return result;
      } catch (error) {
        commandsFailing = true;
        fallBack(error);
      }
    }
    return inMemory();
  };
  return {
    // One MULTI: the increment, the window's start and the count read back are one atomic step,
    // so concurrent attempts each see their own count.
    hit: (key) =>
      inRedis(
        async () => {
          const results = await redis
            .multi()
            .incr(prefix + key)
            .expire(prefix + key, windowSeconds, 'NX')
            .ttl(prefix + key)
            .exec();
          const failed = results?.find(([error]) => error)?.[0];
          if (!results || failed) throw failed ?? new Error('Redis discarded the transaction');
          return { count: Number(results[0]![1]), retryAfterSeconds: Math.max(Number(results[2]![1]), 0) };
        },
        () => memory.hit(key),
      ),
    count: (key) =>
      inRedis(
        async () => {
          const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.ttl(prefix + key)]);
          return { count: Number(count ?? 0), retryAfterSeconds: Math.max(ttl, 0) };
        },
        () => memory.count(key),
      ),
    reset: (key) =>
      inRedis(
        async () => void (await redis.del(prefix + key)),
        () => memory.reset(key),
      ),
    state: () => {
      const degraded = redis.status !== 'ready' || commandsFailing;
      return { store: degraded ? 'memory' : 'redis', degraded };
    },
    close: async () => {
      closing = true;
      await memory.close();
      // quit() waits for a reply that never comes from an absent Redis.
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    },
  };
}
