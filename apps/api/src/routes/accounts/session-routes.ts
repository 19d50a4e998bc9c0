import { MESSAGES } from '@shared/messages';
import { loginResponseSchema, loginSchema } from '@shared/schemas/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FailedAttempts } from '../../lib/failed-attempts';
import { HttpError } from '../../lib/http-errors';
import { requireAuth } from '../../plugins/auth';
import { login, revokeToken } from '../../services/accounts/sessions';

const messageSchema = z.object({ message: z.string() });

const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  // Failed attempts are counted per address and per telephone: guessing one account's password from many
  // addresses is bounded as well as one address trying many accounts. Successful log-ins are not counted
  // (see FailedAttempts). Invalid payloads (422 from the schema) never reach the counters.
  const perAddress = new FailedAttempts(app.config.rateLimits.login, 60_000);
  const perTelephone = new FailedAttempts(app.config.rateLimits.login, 60_000);
  const keys = (request: { ip: string; body: { telephone: string } }) => ({ ip: `ip:${request.ip}`, tel: `tel:${request.body.telephone}` });

  app.post(
    '/login',
    {
      schema: { tags: ['comptes'], body: loginSchema, response: { 200: loginResponseSchema } },
      preHandler: async (request, reply) => {
        const { ip, tel } = keys(request);
        const wait = Math.max(perAddress.retryAfter(ip), perTelephone.retryAfter(tel));
        if (wait > 0) {
          reply.header('retry-after', String(wait));
          throw new HttpError(429, MESSAGES.rateLimited);
        }
      },
    },
    // A bearer header may be present ("log in as" from the adviser dashboard): it is ignored, and the
    // token returned belongs to the account whose telephone and password were given.
    async (request) => {
      try {
        const { telephone, password, remember } = request.body;
        return await login(app.db, telephone, password, app.config.passwordCost, remember === true);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 422) {
          const { ip, tel } = keys(request);
          perAddress.fail(ip);
          perTelephone.fail(tel);
        }
        throw error;
      }
    },
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
