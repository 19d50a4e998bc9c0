import { unmappedZoneFixSchema, unmappedZoneParamsSchema, unmappedZoneSchema } from '@shared/schemas/places';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuerySchema, setPageHeaders } from '../../platform/lib/pagination';
import { actorOf, requireRole } from '../policy';
import { chooseUnmappedZone, pageOfUnmappedZones } from './unmapped-zones';

// The zones the migration to Benin's reference list could not map (docs/product/places.md), for the administrator
// to choose. In the admin area rather than places/, whose reference list accounts, providers and the test seeds
// import: places stays the list and its check, free of the guard, the audit trail and their routes.
const unmappedZoneRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = requireRole('administrateur');
  const security = [{ bearer: [] }];

  app.get(
    '/admin/zones-unmapped',
    {
      onRequest: admin,
      schema: { tags: ['admin'], security, querystring: pageQuerySchema, response: { 200: z.array(unmappedZoneSchema) } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { items, total } = await pageOfUnmappedZones(app.db, request.query);
      setPageHeaders(reply, request.query, total);
      return items;
    },
  );

  app.put(
    '/admin/zones-unmapped/:table/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        security,
        params: unmappedZoneParamsSchema,
        body: unmappedZoneFixSchema,
        response: { 200: z.object({ zone: z.string() }) },
      },
    },
    async (request) => chooseUnmappedZone(app.db, actorOf(request), request.params.table, request.params.id, request.body.zone),
  );
};
export default unmappedZoneRoutes;
