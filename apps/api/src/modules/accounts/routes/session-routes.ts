import { messageSchema } from '@shared/schemas/api-common';
import { MESSAGES } from '@shared/messages';
import { loginResponseSchema, loginSchema } from '@shared/schemas/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../../platform/lib/http-errors';
import { requireAuth } from '../../policy';
import { login, revokeActingTokens, revokeToken } from '../sessions';

const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  // Attempts are counted per (telephone, address) when they arrive, with a higher ceiling per address and a
  // bound on concurrent checks (LoginLimits). Invalid payloads (422 from the schema) never reach the counters.
  app.post(
    '/login',
    { schema: { tags: ['comptes'], body: loginSchema, response: { 200: loginResponseSchema } } },
    // A bearer header may be present ("log in as" from the adviser dashboard): it is ignored, and the
    // token returned belongs to the account whose telephone and password were given.
    async (request, reply) => {
      const gate = await app.loginLimits.begin(request.body.telephone, request.ip);
      if (!gate.allowed) {
        reply.header('retry-after', String(gate.retryAfterSeconds));
        throw new HttpError(429, MESSAGES.rateLimited);
      }
      try {
        const { telephone, password, remember } = request.body;
        const result = await login(
          app.db,
          telephone,
          password,
          app.config.passwordCost,
          remember === true,
          request.ip,
          app.payments.membershipMonths,
        );
        await gate.succeed();
        return result;
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 422) await gate.fail();
        else await gate.release();
        throw error;
      }
    },
  );

  app.post(
    '/logout',
    {
      onRequest: requireAuth,
      config: { beforePasswordChange: true },
      schema: { tags: ['comptes'], security: [{ bearer: [] }], response: { 200: messageSchema } },
    },
    async (request) => {
      const user = request.user!;
      await revokeToken(app.db, user.token_id);
      // An adviser's (or administrator's) own logout also ends the act-as tokens they obtained (shared devices).
      if (user.acting_user_id === null) await revokeActingTokens(app.db, user.id);
      return { message: 'Déconnexion réussie' };
    },
  );
};
export default sessionRoutes;
