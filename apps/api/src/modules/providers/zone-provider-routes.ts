import { ADVISER_ROLES } from '@shared/constants';
import { zoneProviderSchema, zoneQuerySchema } from '@shared/schemas/provider';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuerySchema, setPageHeaders } from '../../platform/lib/pagination';
import { requireRole } from '../policy';
import { listZoneProviders } from './service';

// The providers of a zone: for a consumer (an adviser acting as one sends the consumer's token), a member (contract
// « Phone-only people, round three »: a membre, like a consommateur, sees its commune's discounts), an adviser, or an
// administrator.
const zoneProviderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/recupprestataires',
    {
      onRequest: requireRole('consommateur', 'membre', ...ADVISER_ROLES, 'administrateur'),
      schema: {
        tags: ['prestataires'],
        security: [{ bearer: [] }],
        querystring: pageQuerySchema.omit({ q: true }).extend(zoneQuerySchema.shape),
        response: { 200: z.array(zoneProviderSchema) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listZoneProviders(app.db, request.query.zone, request.query);
      setPageHeaders(reply, { ...request.query, q: undefined }, total);
      reply.header('cache-control', 'private, no-store');
      return items;
    },
  );
};
export default zoneProviderRoutes;
