import { ADVISER_ROLES } from '@shared/constants';
import { registerResponseSchema, registerSchema, REGISTER_MESSAGES } from '@shared/schemas/register';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownSessionOnly, requireRole } from '../auth-plugin';
import { registerUser } from '../registration';

const registerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/register',
    {
      // Authentication before the body is validated: without a token the answer is 401, never a 422.
      onRequest: [requireRole('administrateur', ...ADVISER_ROLES), ownSessionOnly],
      schema: { tags: ['comptes'], security: [{ bearer: [] }], body: registerSchema, response: { 201: registerResponseSchema } },
    },
    async (request, reply) => {
      const user = await registerUser(app.db, request.user!, request.body, app.config.passwordCost, request.ip, {
        publicUrl: app.config.publicUrl,
      });
      return reply.status(201).send({ message: REGISTER_MESSAGES.success, user });
    },
  );
};
export default registerRoutes;
