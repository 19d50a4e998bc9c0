import { idParamsSchema } from '@shared/schemas/id-param';
import { telephoneConflictSchema } from '@shared/schemas/telephone-conflicts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuerySchema, setPageHeaders } from '../../../platform/lib/pagination';
import { actorOf, requireRole } from '../../policy';
import { pageOfTelephoneConflicts, resolveTelephoneConflict } from '../telephone-conflicts';

// The telephone conflicts migration 20261126_0100 left for an administrator (docs/product/back-office.md).
const telephoneConflictRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = requireRole('administrateur');
  const security = [{ bearer: [] }];

  app.get(
    '/admin/telephone-conflicts',
    {
      onRequest: admin,
      schema: { tags: ['admin'], security, querystring: pageQuerySchema, response: { 200: z.array(telephoneConflictSchema) } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { items, total } = await pageOfTelephoneConflicts(app.db, request.query);
      setPageHeaders(reply, request.query, total);
      return items;
    },
  );

  app.put(
    '/admin/telephone-conflicts/:id/resolved',
    { onRequest: admin, schema: { tags: ['admin'], security, params: idParamsSchema, response: { 200: telephoneConflictSchema } } },
    async (request) => resolveTelephoneConflict(app.db, actorOf(request), request.params.id),
  );
};
export default telephoneConflictRoutes;
