import { loginResponseSchema } from '@shared/schemas/auth';
import { loginCodeRequestSchema, loginCodeSchema } from '@shared/schemas/login-code';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageSchema } from '@shared/schemas/api-common';
import { loginWithCode, requestLoginCode } from '../code-login';

// Signing in with a code sent by SMS instead of a password.
const codeLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login/code/request',
    {
      config: { rateLimit: app.limits.publicForm },
      schema: { tags: ['comptes'], body: loginCodeRequestSchema, response: { 202: messageSchema } },
    },
    async (request, reply) => reply.status(202).send(await requestLoginCode(app.db, request.body.telephone, app.config.passwordCost)),
  );

  app.post(
    '/login/code',
    {
      config: { rateLimit: app.limits.login },
      schema: { tags: ['comptes'], body: loginCodeSchema, response: { 200: loginResponseSchema } },
    },
    async (request) =>
      loginWithCode(app.db, request.body, { passwordCost: app.config.passwordCost, membershipMonths: app.payments.membershipMonths }),
  );
};
export default codeLoginRoutes;
