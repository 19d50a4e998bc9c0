import { MESSAGES } from '@shared/messages';
import { loginResponseSchema, loginSchema } from '@shared/schemas/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-errors';
import { requireAuth } from '../../plugins/auth';
import { login, revokeToken } from '../../services/accounts/sessions';

const messageSchema = z.object({ message: z.string() });

const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  // Per IP (route config) and per telephone (below): guessing one account's password from many
  // addresses is bounded as well as one address trying many accounts.
  const perTelephone = app.createRateLimit({
    max: app.config.rateLimits.login,
    timeWindow: '1 minute',
    keyGenerator: (request) => `login-telephone:${(request.body as { telephone?: string } | undefined)?.telephone ?? ''}`,
  });

  app.post(
    '/login',
    {
      config: { rateLimit: app.limits.login },
      schema: { tags: ['comptes'], body: loginSchema, response: { 200: loginResponseSchema } },
      preHandler: async (request, reply) => {
        const limit = await perTelephone(request);
        if (!limit.isAllowed && limit.isExceeded) {
          reply.header('retry-after', String(limit.ttlInSeconds));
          throw new HttpError(429, MESSAGES.rateLimited);
        }
      },
    },
    // A bearer header may be present ("log in as" from the adviser dashboard): it is ignored, and the
    // token returned belongs to the account whose telephone and password were given.
    async (request) => login(app.db, request.body.telephone, request.body.password, app.config.passwordCost),
  );

  app.post(
    '/logout',
    { onRequest: requireAuth, schema: { tags: ['comptes'], security: [{ bearer: [] }], response: { 200: messageSchema } } },
    async (request) => {
      await revokeToken(app.db, request.user!.token_id);
      return { message: 'Déconnexion réussie' };
    },
  );
};
export default sessionRoutes;
