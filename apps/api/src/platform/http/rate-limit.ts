import rateLimit from '@fastify/rate-limit';
import { MESSAGES } from '@shared/messages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CounterStore } from '../counters/counter-store';

// Opt-in per route: `config: { rateLimit: app.limits.publicForm }` on the public forms, `app.limits.login` (the
// RATE_LIMIT_LOGIN figure) on the password-reset code check; the webhook sets its own. POST /api/login itself is
// not request-limited here: it counts attempts per telephone and address (app.loginLimits, session-routes.ts).
declare module 'fastify' {
  interface FastifyInstance {
    limits: {
      login: { max: number; timeWindow: string };
      publicForm: { max: number; timeWindow: string };
    };
  }
}

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store over our counter store (app.counters): Redis when REDIS_URL is set, so every
 * process counts the same requests, and this process's memory while Redis does not answer. The plugin's own
 * RedisStore runs the same atomic INCR + PEXPIRE, but on a Redis error it can only fail every request (500) or
 * skip the limit (skipOnError); see ResilientCounterStore for why neither is acceptable.
 */
export function counterRateLimitStore(counters: CounterStore) {
  return class CounterRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr(key: string, callback: StoreCallback, timeWindow: number) {
      counters.increment(this.prefix + key, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: StoreCallback) {
      counters.read(this.prefix + key).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    // Typed as RouteOptions by the plugin, but called with its merged per-route parameters (routeInfo).
    child(routeOptions: object) {
      const { routeInfo } = routeOptions as { routeInfo: { method: string; url: string } };
      return new CounterRateLimitStore(undefined, `${this.prefix}${routeInfo.method}${routeInfo.url}:`);
    }
  };
}

export default fp(async function rateLimitPlugin(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    store: counterRateLimitStore(app.counters),
    errorResponseBuilder: (_request, context) => ({ statusCode: 429, message: MESSAGES.rateLimited, retryAfter: context.after }),
  });
  app.decorate('limits', {
    login: { max: app.config.rateLimits.login, timeWindow: '1 minute' },
    publicForm: { max: app.config.rateLimits.publicForms, timeWindow: '1 minute' },
  });
});
