import { retentionRunSchema } from '@shared/schemas/privacy-registers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireRole } from '../policy';
import { latestRuns } from './data/retention';
import { runRetention, retentionSchedule } from './retention';

// The retention job: its daily pass in every process (only one runs each day), its last runs with their counts
// for the dashboard, and a pass an administrator starts at once.
const routes: FastifyPluginAsyncZod = async (app) => {
  const admin = { onRequest: requireRole('administrateur') };
  const security = [{ bearer: [] }];
  const tags = ['gestion'];
  const services = () => ({ db: app.db, storage: app.storage, retention: app.config.retention, log: app.log });

  const schedule = retentionSchedule(services());
  app.addHook('onReady', async () => schedule.start());
  app.addHook('onClose', async () => schedule.stop());

  const view = (row: Awaited<ReturnType<typeof latestRuns>>[number]) => ({
    ...row,
    trigger: row.trigger as 'quotidien' | 'manuel',
    status: row.status as 'en_cours' | 'terminee' | 'echec',
    counts: JSON.parse(row.counts) as Record<string, number>,
  });

  app.get(
    '/admin/privacy/retention/runs',
    { ...admin, schema: { tags, security, response: { 200: z.array(retentionRunSchema) } } },
    async () => (await latestRuns(app.db, 20)).map(view),
  );

  app.post(
    '/admin/privacy/retention/runs',
    { ...admin, schema: { tags, security, response: { 201: retentionRunSchema } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const result = await runRetention(services(), { trigger: 'manuel', actorId: actor.id });
      const row = (await latestRuns(app.db, 20)).find((r) => r.id === result.id)!;
      return reply.status(201).send(view(row));
    },
  );
};
export default routes;
