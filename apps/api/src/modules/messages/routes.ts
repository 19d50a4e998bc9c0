import { outboxMessageSchema, outboxQuerySchema } from '@shared/schemas/outbox-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listExport } from '../../platform/exports/csv-route-hook';
import { pageQuerySchema, setPageHeaders } from '../../platform/lib/pagination';
import { requireRole } from '../accounts';
import { outboxExport } from './exports';
import { listOutbox } from './outbox-list';

/** The outbox view: every message queued to people, for support ("I never got the code"). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/messages',
    {
      onRequest: requireRole('administrateur'),
      config: { csvExport: listExport(outboxExport) },
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        querystring: pageQuerySchema.extend(outboxQuerySchema.shape),
        response: { 200: z.array(outboxMessageSchema) },
      },
    },
    async (request, reply) => {
      // `q` (the lists' generic search) works as the recipient filter too.
      const { channel, to, q } = request.query;
      const { items, total } = await listOutbox(app.db, { channel, to: to ?? q }, request.query);
      setPageHeaders(reply, request.query, total);
      return items as z.infer<typeof outboxMessageSchema>[];
    },
  );
};
export default routes;
