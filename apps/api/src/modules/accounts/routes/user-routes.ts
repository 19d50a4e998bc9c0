import { ADVISER_ROLES, PROVIDER_ROLES } from '@shared/constants';
import { messageSchema } from '@shared/schemas/api-common';
import { ROLES } from '@shared/constants';
import { idParamsSchema as idParams } from '@shared/schemas/id-param';
import { loginResponseSchema } from '@shared/schemas/auth';
import {
  adminUserUpdateSchema,
  createdUserSchema,
  listedUserSchema,
  unconfirmedUserSchema,
  userDetailsSchema,
} from '@shared/schemas/users';
import { accountChangeSchema, accountChangesQuerySchema, pendingChangeSchema } from '@shared/schemas/account-changes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { seekPageQuerySchema, setPageHeaders } from '../../../platform/lib/pagination';
import { actorOf, ownSessionOnly, requireRole } from '../../policy';
import { actAs } from '../act-as';
import { approveAccountChange, pageOfAccountChanges, rejectAccountChange } from '../account-changes';
import { unconfirmedUsersExport, usersExport } from '../exports';
import { listExport } from '../../../platform/exports/csv-route-hook';
import { confirmUser, getCreatedUser, listedUser, pageOfUsers, updateUserByAdmin } from '../users';

// User lists: the creator's own (advisers, administrators) and the administrator's lists and confirmation.

const usersQuerySchema = seekPageQuerySchema.extend({
  role: z.enum(ROLES, { error: 'Veuillez choisir un rôle valide.' }).optional(),
  /** « Les Prestataires »: both provider roles in one list (and one CSV export). */
  group: z.enum(['prestataires'], { error: 'Veuillez choisir un groupe valide.' }).optional(),
});

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const creators = requireRole('administrateur', ...ADVISER_ROLES);
  const admin = requireRole('administrateur');
  const security = [{ bearer: [] }];

  app.get(
    '/users/created',
    {
      onRequest: creators,
      schema: { tags: ['comptes'], security, querystring: seekPageQuerySchema, response: { 200: z.array(createdUserSchema) } },
    },
    async (request, reply) => {
      const { items, total, next } = await pageOfUsers(app.db, { createdBy: request.user!.id }, request.query);
      setPageHeaders(reply, request.query, total, next);
      return items.map((u) => ({ ...u, is_confirmed: u.is_confirmed === 1 }));
    },
  );

  app.get(
    '/usersconseiller/:id',
    { onRequest: creators, schema: { tags: ['comptes'], security, params: idParams, response: { 200: userDetailsSchema } } },
    async (request) => getCreatedUser(app.db, request.user!, request.params.id),
  );

  app.post(
    '/users/:id/act-as',
    {
      onRequest: [creators, ownSessionOnly],
      schema: { tags: ['comptes'], security, params: idParams, response: { 200: loginResponseSchema } },
    },
    async (request) => actAs(app.db, request.user!, request.params.id, request.ip),
  );

  app.get(
    '/confirmation/unconfirmed',
    {
      onRequest: admin,
      config: { csvExport: listExport(unconfirmedUsersExport) },
      schema: { tags: ['admin'], security, querystring: seekPageQuerySchema, response: { 200: z.array(unconfirmedUserSchema) } },
    },
    async (request, reply) => {
      const { items, total, next } = await pageOfUsers(app.db, { isConfirmed: false }, request.query);
      setPageHeaders(reply, request.query, total, next);
      return items;
    },
  );

  app.put(
    '/users/:id/confirm',
    { onRequest: admin, schema: { tags: ['admin'], security, params: idParams, response: { 200: messageSchema } } },
    async (request) => confirmUser(app.db, actorOf(request), request.params.id, { publicUrl: app.config.publicUrl }),
  );

  app.get(
    '/users',
    {
      onRequest: admin,
      config: { csvExport: listExport(usersExport) },
      schema: { tags: ['admin'], security, querystring: usersQuerySchema, response: { 200: z.array(listedUserSchema) } },
    },
    async (request, reply) => {
      const roles = request.query.group === 'prestataires' ? PROVIDER_ROLES : undefined;
      const { items, total, next } = await pageOfUsers(app.db, { role: request.query.role, roles }, request.query);
      setPageHeaders(reply, request.query, total, next);
      return items.map(listedUser);
    },
  );

  app.patch(
    '/users/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        security,
        params: idParams,
        body: adminUserUpdateSchema,
        response: { 200: listedUserSchema, 202: pendingChangeSchema },
      },
    },
    async (request, reply) => {
      const result = await updateUserByAdmin(app.db, actorOf(request), request.params.id, request.body, {
        publicUrl: app.config.publicUrl,
      });
      if ('pending' in result) return reply.status(202).send(result.pending);
      return result.user;
    },
  );

  // Administrators are changed by two (docs/decisions/policy.md).
  app.get(
    '/admin/account-changes',
    {
      onRequest: admin,
      schema: { tags: ['admin'], security, querystring: accountChangesQuerySchema, response: { 200: z.array(accountChangeSchema) } },
    },
    async (request) => pageOfAccountChanges(app.db, request.query.status),
  );

  app.post(
    '/admin/account-changes/:id/approve',
    { onRequest: admin, schema: { tags: ['admin'], security, params: idParams, response: { 200: messageSchema } } },
    async (request) =>
      approveAccountChange(app.db, actorOf(request), request.params.id, {
        publicUrl: app.config.publicUrl,
        passwordCost: app.config.passwordCost,
      }),
  );

  app.post(
    '/admin/account-changes/:id/reject',
    { onRequest: admin, schema: { tags: ['admin'], security, params: idParams, response: { 200: messageSchema } } },
    async (request) => rejectAccountChange(app.db, actorOf(request), request.params.id),
  );
};
export default userRoutes;
