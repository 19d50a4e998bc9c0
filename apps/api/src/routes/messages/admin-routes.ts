import {
  NEWSLETTER_SEND_MESSAGES as N,
  newsletterAudienceSchema,
  newsletterSendCreatedSchema,
  newsletterSendListItemSchema,
  newsletterSendSchema,
} from '@shared/schemas/newsletter-send';
import { outboxMessageSchema, outboxQuerySchema } from '@shared/schemas/outbox-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countSubscribers, listNewsletterSends, sendNewsletter, unsubscribe } from '../../messages/newsletters';
import { listOutbox } from '../../messages/outbox-list';
import { htmlPage } from '../../messages/templates';
import { pageQuerySchema, setPageHeaders } from '../../lib/pagination';
import { actorOf, requireRole } from '../../plugins/auth';

// CONTRACT.md "Messages to people" (outbox view) and "Newsletter sending".

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = requireRole('administrateur');
  const security = [{ bearer: [] }];

  app.get(
    '/admin/messages',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        security,
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

  app.post(
    '/admin/newsletters',
    { onRequest: admin, schema: { tags: ['admin'], security, body: newsletterSendSchema, response: { 202: newsletterSendCreatedSchema } } },
    async (request, reply) => {
      const created = await sendNewsletter(app.db, request.body, actorOf(request), app.config.publicUrl);
      return reply.status(202).send(created);
    },
  );

  app.get(
    '/admin/newsletters',
    {
      onRequest: admin,
      schema: { tags: ['admin'], security, querystring: pageQuerySchema, response: { 200: z.array(newsletterSendListItemSchema) } },
    },
    async (request, reply) => {
      const { items, total } = await listNewsletterSends(app.db, request.query);
      setPageHeaders(reply, request.query, total);
      return items;
    },
  );

  app.get(
    '/admin/newsletters/audience',
    { onRequest: admin, schema: { tags: ['admin'], security, response: { 200: newsletterAudienceSchema } } },
    async () => ({ recipients: await countSubscribers(app.db) }),
  );

  const tokenParams = z.object({ token: z.string().max(100) });
  const unsubscribeHandler = async (token: string) => {
    const done = /^[\w-]{16,100}$/.test(token) && (await unsubscribe(app.db, token));
    return {
      status: done ? 200 : 404,
      html: done
        ? htmlPage(N.unsubscribedTitle, N.unsubscribed, app.config.publicUrl)
        : htmlPage(N.unknownLinkTitle, N.unknownLink, app.config.publicUrl),
    };
  };

  // The link in each newsletter (GET) and RFC 8058 one-click unsubscribe from mail clients (POST with the form
  // body "List-Unsubscribe=One-Click", which says nothing more than the URL: it is read and ignored).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, {}),
  );
  app.get(
    '/unsubscribe/:token',
    { config: { rateLimit: app.limits.publicForm }, schema: { tags: ['public'], params: tokenParams } },
    async (request, reply) => {
      const { status, html } = await unsubscribeHandler(request.params.token);
      return reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .send(html);
    },
  );
  app.post(
    '/unsubscribe/:token',
    { config: { rateLimit: app.limits.publicForm }, schema: { tags: ['public'], params: tokenParams } },
    async (request, reply) => {
      const { status, html } = await unsubscribeHandler(request.params.token);
      return reply.status(status).type('text/html; charset=utf-8').send(html);
    },
  );
};
export default adminRoutes;
