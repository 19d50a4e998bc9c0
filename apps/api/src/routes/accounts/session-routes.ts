import { loginResponseSchema, loginSchema } from '@shared/schemas/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import { login, revokeToken } from '../../services/accounts/sessions';

const messageSchema = z.object({ message: z.string() });

const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      config: { rateLimit: app.limits.login },
      schema: { tags: ['comptes'], body: loginSchema, response: { 200: loginResponseSchema } },
    },
    async (request) => login(app.db, request.body.telephone, request.body.password, app.config.passwordCost),
  );

  app.post(
    '/logout',
    { preHandler: requireAuth, schema: { tags: ['comptes'], security: [{ bearer: [] }], response: { 200: messageSchema } } },
    async (request) => {
      await revokeToken(app.db, request.user!.token_id);
      return { message: 'Déconnexion réussie' };
    },
  );
};
export default sessionRoutes;
