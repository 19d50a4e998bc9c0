import { auditEntrySchema, auditQuerySchema } from '@shared/schemas/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listExport } from '../../platform/exports/csv-route-hook';
import { seekPageQuerySchema, setPageHeaders } from '../../platform/lib/pagination';
import { requireRole } from '../policy';
import { auditExport } from './exports';
import { listAudit } from './service';

// The audit trail's view for administrators: who did what to which record, newest first.
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit',
    {
      onRequest: requireRole('administrateur'),
      config: { csvExport: listExport(auditExport) },
      schema: {
        tags: ['gestion'],
        security: [{ bearer: [] }],
        querystring: seekPageQuerySchema.extend(auditQuerySchema.shape),
        response: { 200: z.array(auditEntrySchema) },
      },
    },
    async (request, reply) => {
      const { items, total, next } = await listAudit(app.db, request.query, request.query);
      setPageHeaders(reply, request.query, total, next);
      return items;
    },
  );
};
export default routes;
