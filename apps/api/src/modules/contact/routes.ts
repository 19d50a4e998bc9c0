import { messageSchema } from '@shared/schemas/api-common';
import { BACK_OFFICE_MESSAGES, CONTACT_MESSAGE_STATUSES, contactHandledSchema } from '@shared/schemas/back-office';
import { CONTACT_MESSAGES, contactSchema } from '@shared/schemas/contact';
import { idParamsSchema } from '@shared/schemas/id-param';
import { contactMessageSchema } from '@shared/schemas/public-site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listExport } from '../../platform/exports/csv-route-hook';
import { seekPageQuerySchema, setPageHeaders } from '../../platform/lib/pagination';
import { actorOf, requireRole } from '../policy';
import { contactMessagesExport } from './exports';
import { listContactMessages, saveContactMessage, setContactMessageHandled } from './service';

// Contact: the public form and the administrators' inbox.
const routes: FastifyPluginAsyncZod = async (app) => {
  const admin = { onRequest: requireRole('administrateur') };
  const tags = ['modération'];
  const security = [{ bearer: [] }];

  app.post(
    '/contact',
    {
      config: { rateLimit: app.limits.publicForm },
      schema: { tags: ['site public'], body: contactSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      await saveContactMessage(app.db, request.body);
      return { message: CONTACT_MESSAGES.success };
    },
  );

  app.get(
    '/contact-messages',
    {
      ...admin,
      config: { csvExport: listExport(contactMessagesExport) },
      schema: {
        tags,
        security,
        querystring: seekPageQuerySchema.extend({ status: z.enum(CONTACT_MESSAGE_STATUSES).optional() }),
        response: { 200: z.array(contactMessageSchema) },
      },
    },
    async (request, reply) => {
      const page = await listContactMessages(app.db, request.query, request.query.status);
      setPageHeaders(reply, request.query, page.total, page.next);
      return page.items;
    },
  );

  // Issue #18 §5: an administrator marks a message handled (or new again); the landing view counts the new ones.
  app.put(
    '/contact-messages/:id/handled',
    { ...admin, schema: { tags, security, params: idParamsSchema, body: contactHandledSchema, response: { 200: messageSchema } } },
    async (request) => {
      await setContactMessageHandled(app.db, request.params.id, request.body.handled, actorOf(request));
      return { message: request.body.handled ? BACK_OFFICE_MESSAGES.messageHandled : BACK_OFFICE_MESSAGES.messageReopened };
    },
  );
};
export default routes;
