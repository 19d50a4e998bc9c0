import { adminStatsSchema } from '@shared/schemas/admin-stats';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../plugins/auth';
import { getAdminStats } from '../../services/admin/stats';

// Routes of the "admin" area. Registered under /api by routes/index.ts.
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/stats',
    {
      preHandler: requireRole('administrateur'),
      schema: { tags: ['administration'], security: [{ bearer: [] }], response: { 200: adminStatsSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getAdminStats(app.db);
    },
  );
};
export default routes;
