import { ADVISER_ROLES } from '@shared/constants';
import { registerResponseSchema, registerSchema, REGISTER_MESSAGES } from '@shared/schemas/register';
import { pendingChangeSchema } from '@shared/schemas/account-changes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownSessionOnly, requireRole } from '../../policy';
import { registerUser } from '../registration';

const registerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/register',
    {
      // Authentication before the body is validated: without a token the answer is 401, never a 422.
      onRequest: [requireRole('administrateur', ...ADVISER_ROLES), ownSessionOnly],
      schema: {
        tags: ['comptes'],
        security: [{ bearer: [] }],
        body: registerSchema,
        response: { 201: registerResponseSchema, 202: pendingChangeSchema },
      },
    },
    async (request, reply) => {
      const result = await registerUser(app.db, request.user!, request.body, app.config.passwordCost, request.ip, {
        publicUrl: app.config.publicUrl,
      });
      if (result.pending) return reply.status(202).send(result.pending);
      return reply.status(201).send({ message: REGISTER_MESSAGES.success, user: result.user });
    },
  );
};
export default registerRoutes;
