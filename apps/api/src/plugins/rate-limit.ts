import rateLimit from '@fastify/rate-limit';
import { MESSAGES } from '@shared/messages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Opt-in per route: `config: { rateLimit: app.limits.publicForm }` (the public forms; the webhook sets its own).
// Login is not request-limited here: it counts failed attempts only (lib/failed-attempts.ts, session-routes.ts).
declare module 'fastify' {
  interface FastifyInstance {
    limits: {
      publicForm: { max: number; timeWindow: string };
    };
  }
}

export default fp(async function rateLimitPlugin(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({ statusCode: 429, message: MESSAGES.rateLimited, retryAfter: context.after }),
  });
  app.decorate('limits', {
    publicForm: { max: app.config.rateLimits.publicForms, timeWindow: '1 minute' },
  });
});
