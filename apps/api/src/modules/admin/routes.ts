import { adminStatsSchema } from '@shared/schemas/admin-stats';
import { waitingCountsSchema } from '@shared/schemas/back-office';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../policy';
import { getAdminStats } from './stats';
import { countWaiting } from './waiting';
import unmappedZoneRoutes from './zone-routes';

// Routes of the admin area. Registered under /api by register-modules.ts.
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/stats',
    {
      onRequest: requireRole('administrateur'),
      schema: { tags: ['administration'], security: [{ bearer: [] }], response: { 200: adminStatsSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getAdminStats(app.db);
    },
  );

  // The administrator's landing view (issue #18 §5): what waits for them, live.
  app.get(
    '/admin/waiting',
    {
      onRequest: requireRole('administrateur'),
      schema: { tags: ['administration'], security: [{ bearer: [] }], response: { 200: waitingCountsSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return countWaiting(app.db);
    },
  );

  await app.register(unmappedZoneRoutes);
};
export default routes;
