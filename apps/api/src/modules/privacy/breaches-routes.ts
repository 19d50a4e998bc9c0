import { BREACH_MESSAGES, breachInputSchema, breachSchema } from '@shared/schemas/privacy-registers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireRole } from '../policy';
import { breachRegister, recordBreach } from './breaches';

// The breach register: POST records one (201), GET lists them, newest first.
const routes: FastifyPluginAsyncZod = async (app) => {
  const admin = { onRequest: requireRole('administrateur') };
  const security = [{ bearer: [] }];
  const tags = ['gestion'];

  app.get('/admin/privacy/breaches', { ...admin, schema: { tags, security, response: { 200: z.array(breachSchema) } } }, async () =>
    breachRegister(app.db),
  );

  app.post(
    '/admin/privacy/breaches',
    {
      ...admin,
      schema: { tags, security, body: breachInputSchema, response: { 201: z.object({ message: z.string(), breach: breachSchema }) } },
    },
    async (request, reply) => {
      const breach = await recordBreach(app.db, request.body, actorOf(request));
      return reply.status(201).send({ message: BREACH_MESSAGES.created, breach });
    },
  );
};
export default routes;
