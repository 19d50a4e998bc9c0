import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { type CounterStore, MemoryCounterStore } from '../counters/counter-store';
import { LOGIN_LIMIT_DEFAULTS, LoginLimits } from '../counters/login-limits';
import { RedisCounterStore } from '../counters/redis-counter-store';
import { ResilientCounterStore } from '../counters/resilient-counter-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis client when REDIS_URL is set. */
    redis: Redis | null;
    /** Counters shared by every process (Redis) or this process's own (memory). */
    counters: CounterStore;
    loginLimits: LoginLimits;
  }
}

export const REDIS_KEY_PREFIX = 'asbe:';

/** Opens Redis when configured and chooses the counter store; registered before the rate limits and routes. */
export default fp(async function redisPlugin(app: FastifyInstance) {
  const { redisUrl } = app.config;
  let counters: CounterStore = new MemoryCounterStore();
  let redis: Redis | null = null;
  if (redisUrl) {
    // ioredis (~15 MiB once loaded) only where Redis is configured.
    const { Redis } = await import('ioredis');
    redis = new Redis(redisUrl, {
      // A Redis that is down must not stop the start nor hold requests: commands fail at once while it is
      // unreachable (the counters then fall back to memory) and the client keeps reconnecting in the background.
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      commandTimeout: 1000,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    let reported = false;
    redis.on('error', (error) => {
      // Without a listener ioredis prints every reconnection failure; once per outage is enough.
      if (reported) return;
      reported = true;
      app.log.error({ err: error }, 'Redis unreachable (REDIS_URL): GET /api/ready answers 503 until it answers');
    });
    redis.on('ready', () => {
      if (reported) app.log.info('Redis reachable again');
      reported = false;
    });
    // The first requests should find the counters shared: wait for the connection, but 2 s at most (a Redis that
    // is down refuses at once; one that hangs must not hold the start).
    const connecting = redis.connect().catch(() => {});
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([connecting, new Promise((resolve) => (timer = setTimeout(resolve, 2000)))]);
    clearTimeout(timer);
    const client = redis;
    app.addHook('onClose', async () => client.disconnect());
    const resilient = new ResilientCounterStore(
      new RedisCounterStore(redis, app.config.redisKeyPrefix ?? REDIS_KEY_PREFIX),
      counters,
      app.log,
    );
    redis.on('ready', () => resilient.recovered());
    counters = resilient;
  }
  app.decorate('redis', redis);
  app.decorate('counters', counters);
  const { login, loginPerAddress } = app.config.rateLimits;
  app.decorate(
    'loginLimits',
    new LoginLimits(counters, {
      perPair: login,
      perAddress: loginPerAddress ?? login * LOGIN_LIMIT_DEFAULTS.addressFactor,
      windowMs: LOGIN_LIMIT_DEFAULTS.windowMs,
      maxLockMs: LOGIN_LIMIT_DEFAULTS.maxLockMs,
      concurrentPerTelephone: LOGIN_LIMIT_DEFAULTS.concurrentPerTelephone,
      concurrentPerAddress: LOGIN_LIMIT_DEFAULTS.concurrentPerAddress,
    }),
  );
});

/** True when Redis answers a PING within a second. */
export async function pingRedis(redis: Redis): Promise<boolean> {
  if (redis.status !== 'ready') return false;
  try {
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  }
}
