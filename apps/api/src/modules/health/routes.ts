import { MESSAGES } from '@shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../platform/database/database';
import { pingRedis } from '../../platform/http/redis';

const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unavailable']),
  message: z.string().optional(),
});
const readyResponse = z.object({ status: z.literal('ready') });
const unavailableResponse = z.object({ status: z.literal('unavailable'), failing: z.array(z.enum(['database', 'redis', 'storage'])) });

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags: ['système'], response: { 200: healthResponse, 503: healthResponse } } }, async (_request, reply) => {
    const ok = await pingDatabase(app.db, app.config.database);
    if (ok) return { status: 'ok' as const, database: 'ok' as const };
    return reply.status(503).send({ status: 'degraded', database: 'unavailable', message: MESSAGES.databaseUnavailable });
  });

  // The load balancer's readiness probe (docs/product/scaling.md): every configured backend answers.
  app.get(
    '/ready',
    { schema: { tags: ['système'], response: { 200: readyResponse, 503: unavailableResponse } } },
    async (_request, reply) => {
      const [database, redis, storage] = await Promise.all([
        pingDatabase(app.db, app.config.database),
        app.redis ? pingRedis(app.redis) : true,
        app.storage.ping ? app.storage.ping() : true,
      ]);
      const failing = (['database', 'redis', 'storage'] as const).filter((_, i) => ![database, redis, storage][i]);
      if (failing.length === 0) return { status: 'ready' as const };
      return reply.status(503).send({ status: 'unavailable', failing });
    },
  );
};
export default healthRoutes;
