import { CAUSE_PROGRESS_MESSAGES, causeGoalSchema, causeProgressSchema, causePurposeParamsSchema } from '@shared/schemas/cause-progress';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireRole } from '../../policy';
import { causeProgress, setCauseGoal } from '../cause-progress';

// What each cause has raised (public), and its goal (administrators). docs/product/donors.md.
const causeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/causes/progress', { schema: { tags: ['paiements'], response: { 200: causeProgressSchema } } }, async (_request, reply) => {
    // A few seconds of shared caching: a popular cause page must not sum the donations on every visit.
    reply.header('cache-control', 'public, max-age=30');
    return causeProgress(app.db);
  });

  app.put(
    '/admin/causes/:purpose',
    {
      onRequest: requireRole('administrateur'),
      schema: {
        tags: ['paiements'],
        security: [{ bearer: [] }],
        params: causePurposeParamsSchema,
        body: causeGoalSchema,
        response: { 200: z.object({ message: z.string(), purpose: z.string(), goal: z.number().nullable() }) },
      },
    },
    async (request) => {
      await setCauseGoal(app.db, request.params.purpose, request.body.goal, actorOf(request));
      return { message: CAUSE_PROGRESS_MESSAGES.saved, purpose: request.params.purpose, goal: request.body.goal };
    },
  );
};
export default causeRoutes;
