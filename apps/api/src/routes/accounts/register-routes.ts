import { registerResponseSchema, registerSchema, REGISTER_MESSAGES } from '@shared/schemas/register';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../plugins/auth';
import { registerUser } from '../../services/accounts/registration';

const registerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/register',
    {
      // Authentication before the body is validated: without a token the answer is 401, never a 422.
      onRequest: requireRole('administrateur', 'conseiller', 'conseiller_pro'),
      schema: { tags: ['comptes'], security: [{ bearer: [] }], body: registerSchema, response: { 201: registerResponseSchema } },
    },
    async (request, reply) => {
      const user = await registerUser(app.db, request.user!, request.body, app.config.passwordCost, request.ip);
      return reply.status(201).send({ message: REGISTER_MESSAGES.success, user });
    },
  );
};
export default registerRoutes;
