import rateLimit from '@fastify/rate-limit';
import { MESSAGES } from '@shared/messages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Opt-in per route: `config: { rateLimit: app.limits.publicForm }` (login, public forms).
declare module 'fastify' {
  interface FastifyInstance {
    limits: {
      login: { max: number; timeWindow: string };
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
    login: { max: app.config.rateLimits.login, timeWindow: '1 minute' },
    publicForm: { max: app.config.rateLimits.publicForms, timeWindow: '1 minute' },
  });
});
