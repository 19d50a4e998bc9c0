import { ADVISER_ROLES } from '@shared/constants';
import { idParamsSchema as idParams } from '@shared/schemas/id-param';
import {
  forgotPasswordSchema,
  messageResponseSchema,
  PASSWORD_RECOVERY_MESSAGES as M,
  resetPasswordSchema,
} from '@shared/schemas/password-recovery';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { issueResetCode, requestResetCode, resetPassword, tooManyCodes } from '../recovery';
import { assertNotPending, ownSessionOnly, requireRole } from '../../policy';
import { hasPendingAccountChange } from '../data';
import { getCreatedUser } from '../users';
import { recordAudit } from '../../audit';
import { forbidden } from '../../../platform/lib/http-errors';

// docs/product/recovery.md.

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
    async (request) => resetPassword(app.db, request.body, app.config.passwordCost, request.ip),
  );

  app.post(
    '/users/:id/password-reset',
    {
      onRequest: [requireRole('administrateur', ...ADVISER_ROLES), ownSessionOnly],
      schema: { tags: ['comptes'], security: [{ bearer: [] }], params: idParams, response: { 202: messageResponseSchema } },
    },
    async (request, reply) => {
      const actor = request.user!;
      // 404 for an unknown user, 403 for an adviser who did not create this one.
      const user = await getCreatedUser(app.db, actor, request.params.id);
      // One administrator cannot take over another through a code (as act-as already refuses).
      if (user.role === 'administrateur' && user.id !== actor.id) throw forbidden(M.notForAdministrator);
      // Nor through an account whose change waits (a code then reaches whichever telephone the account holds).
      assertNotPending(await hasPendingAccountChange(app.db, user.id));
      const result = await issueResetCode(app.db, user, {
        passwordCost: app.config.passwordCost,
        requestedBy: actor.id,
        onIssued: (trx) =>
          recordAudit(trx, {
            actorId: actor.id,
            actingId: actor.acting_user_id,
            action: 'user.password_reset_code',
            entity: 'users',
            entityId: user.id,
            ip: request.ip,
            details: { requested_by: { id: actor.id, role: actor.role, name: actor.name } },
          }),
      });
      if (result === 'limited') throw tooManyCodes();
      return reply.status(202).send({ message: M.codeSentToUser });
    },
  );
};
export default passwordRoutes;
