import { outboxMessageSchema, outboxQuerySchema } from '@shared/schemas/outbox-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listExport } from '../../platform/exports/csv-route-hook';
import { seekPageQuerySchema, setPageHeaders } from '../../platform/lib/pagination';
import { requireRole } from '../policy';
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
        querystring: seekPageQuerySchema.extend(outboxQuerySchema.shape),
        response: { 200: z.array(outboxMessageSchema) },
      },
    },
    async (request, reply) => {
      // `q` (the lists' generic search) works as the recipient filter too.
      const { channel, to, q } = request.query;
      const { items, total, next } = await listOutbox(app.db, { channel, to: to ?? q }, request.query);
      setPageHeaders(reply, request.query, total, next);
      return items as z.infer<typeof outboxMessageSchema>[];
    },
  );
};
export default routes;
