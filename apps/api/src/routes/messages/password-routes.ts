import { idParamsSchema as idParams } from '@shared/schemas/id-param';
import {
  forgotPasswordSchema,
  messageResponseSchema,
  PASSWORD_RECOVERY_MESSAGES as M,
  resetPasswordSchema,
} from '@shared/schemas/password-recovery';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { issueResetCode, requestResetCode, resetPassword, tooManyCodes } from '../../messages/password-reset';
import { requireRole } from '../../plugins/auth';
import { getCreatedUser } from '../../services/accounts/users';
import { recordAudit } from '../../services/audit/record-audit';

// CONTRACT.md "Account recovery".

const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const limited = { rateLimit: app.limits.publicForm };

  app.post(
    '/password/forgot',
    { config: limited, schema: { tags: ['comptes'], body: forgotPasswordSchema, response: { 202: messageResponseSchema } } },
    async (request, reply) => reply.status(202).send(await requestResetCode(app.db, request.body.telephone, app.config.passwordCost)),
  );

  app.post(
    '/password/reset',
    {
      config: { rateLimit: app.limits.login },
      schema: { tags: ['comptes'], body: resetPasswordSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => resetPassword(app.db, request.body, app.config.passwordCost),
  );

  app.post(
    '/users/:id/password-reset',
    {
      onRequest: requireRole('administrateur', 'conseiller', 'conseiller_pro'),
      schema: { tags: ['comptes'], security: [{ bearer: [] }], params: idParams, response: { 202: messageResponseSchema } },
    },
    async (request, reply) => {
      const actor = request.user!;
      // 404 for an unknown user, 403 for an adviser who did not create this one.
      const user = await getCreatedUser(app.db, actor, request.params.id);
      const result = await issueResetCode(app.db, user, {
        passwordCost: app.config.passwordCost,
        requestedBy: actor.id,
        onIssued: (trx) =>
          recordAudit(trx, { actorId: actor.id, action: 'user.password_reset_code', entity: 'users', entityId: user.id, ip: request.ip }),
      });
      if (result === 'limited') throw tooManyCodes();
      return reply.status(202).send({ message: M.codeSentToUser });
    },
  );
};
export default passwordRoutes;
