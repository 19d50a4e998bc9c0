import { messageSchema } from '@shared/schemas/api-common';
import { ROLES } from '@shared/constants';
import { idParamsSchema as idParams } from '@shared/schemas/id-param';
import { loginResponseSchema } from '@shared/schemas/auth';
import { createdUserSchema, listedUserSchema, unconfirmedUserSchema, userDetailsSchema } from '@shared/schemas/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuerySchema, setPageHeaders } from '../../lib/pagination';
import { actorOf, requireRole } from '../../plugins/auth';
import { actAs } from '../../services/accounts/act-as';
import { confirmUser, getCreatedUser, pageOfUsers } from '../../services/accounts/users';

// User lists: the creator's own (advisers, administrators) and the administrator's lists and confirmation.

const usersQuerySchema = pageQuerySchema.extend({ role: z.enum(ROLES, { error: 'Veuillez choisir un rôle valide.' }).optional() });

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const creators = requireRole('administrateur', 'conseiller', 'conseiller_pro');
  const admin = requireRole('administrateur');
  const security = [{ bearer: [] }];

  app.get(
    '/users/created',
    {
      onRequest: creators,
      schema: { tags: ['comptes'], security, querystring: pageQuerySchema, response: { 200: z.array(createdUserSchema) } },
    },
    async (request, reply) => {
      const { items, total } = await pageOfUsers(app.db, { createdBy: request.user!.id }, request.query);
      setPageHeaders(reply, request.query, total);
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
    { onRequest: creators, schema: { tags: ['comptes'], security, params: idParams, response: { 200: loginResponseSchema } } },
    async (request) => actAs(app.db, request.user!, request.params.id, request.ip),
  );

  app.get(
    '/confirmation/unconfirmed',
    {
      onRequest: admin,
      schema: { tags: ['admin'], security, querystring: pageQuerySchema, response: { 200: z.array(unconfirmedUserSchema) } },
    },
    async (request, reply) => {
      const { items, total } = await pageOfUsers(app.db, { isConfirmed: false }, request.query);
      setPageHeaders(reply, request.query, total);
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
      schema: { tags: ['admin'], security, querystring: usersQuerySchema, response: { 200: z.array(listedUserSchema) } },
    },
    async (request, reply) => {
      const { items, total } = await pageOfUsers(app.db, { role: request.query.role }, request.query);
      setPageHeaders(reply, request.query, total);
      return items;
    },
  );
};
export default userRoutes;
