import { QUESTIONNAIRE_MESSAGES, questionnaireSchema } from '@shared/schemas/questionnaire';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../policy';
import { submitQuestionnaire } from './service';

const questionnaireRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/questionnaire',
    {
      onRequest: requireRole('consommateur'),
      schema: {
        tags: ['questionnaire'],
        security: [{ bearer: [] }],
        body: questionnaireSchema,
        response: { 201: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      await submitQuestionnaire(app.db, request.user!.id, request.body);
      return reply.status(201).send({ message: QUESTIONNAIRE_MESSAGES.success });
    },
  );
};
export default questionnaireRoutes;
