import { type ZoneCommune, zoneCommuneSchema } from '@shared/zones/zones';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZONES } from './reference';

// GET /api/zones: the reference list every zone is chosen from (public; it changes only with a release).
const zoneRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/zones', { schema: { tags: ['zones'], response: { 200: z.array(zoneCommuneSchema) } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=86400');
    return ZONES as ZoneCommune[];
  });
};
export default zoneRoutes;
