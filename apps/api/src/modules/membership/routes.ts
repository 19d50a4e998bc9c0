import { memberListItemSchema, membersQuerySchema } from '@shared/schemas/membership';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listExport } from '../../platform/exports/csv-route-hook';
import { seekPageQuerySchema, setPageHeaders } from '../../platform/lib/pagination';
import { requireRole } from '../policy';
import { membersExport } from './exports';
import { listMembers } from './memberships';
import { reminderSchedule } from './reminders';

// Members and their membership periods (administrators), and the membership reminders job.
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/members',
    {
      onRequest: requireRole('administrateur'),
      config: { csvExport: listExport(membersExport) },
      schema: {
        tags: ['gestion'],
        security: [{ bearer: [] }],
        querystring: seekPageQuerySchema.extend(membersQuerySchema.shape),
        response: { 200: z.array(memberListItemSchema) },
      },
    },
    async (request, reply) => {
      const { items, total, next } = await listMembers(app.db, request.query.status, request.query);
      setPageHeaders(reply, request.query, total, next);
      return items;
    },
  );

  // The membership reminders job runs while the app is up.
  const reminders = reminderSchedule(app.db, app.config.publicUrl, app.log);
  app.addHook('onReady', async () => reminders.start());
  app.addHook('onClose', async () => reminders.stop());
};
export default routes;
