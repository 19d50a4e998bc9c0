import { MESSAGES } from '@shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../db/database';

const healthResponse = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['ok', 'unavailable']), message: z.string().optional() });

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags: ['système'], response: { 200: healthResponse, 503: healthResponse } } }, async (_request, reply) => {
    const ok = await pingDatabase(app.db, app.config.database);
    if (ok) return { status: 'ok' as const, database: 'ok' as const };
    return reply.status(503).send({ status: 'degraded', database: 'unavailable', message: MESSAGES.databaseUnavailable });
  });
};
export default healthRoutes;
