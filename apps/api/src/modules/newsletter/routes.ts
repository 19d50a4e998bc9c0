import { messageSchema } from '@shared/schemas/api-common';
import { newsletterSchema } from '@shared/schemas/newsletter';
import {
  NEWSLETTER_SEND_MESSAGES as N,
  newsletterAudienceSchema,
  newsletterSendCreatedSchema,
  newsletterSendListItemSchema,
  newsletterSendSchema,
} from '@shared/schemas/newsletter-send';
import { subscriberSchema } from '@shared/schemas/public-site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listExport } from '../../platform/exports/csv-route-hook';
import { seekPageQuerySchema, setPageHeaders } from '../../platform/lib/pagination';
import { actorOf, requireRole } from '../policy';
import { htmlPage } from '../messages';
import { subscribersExport } from './exports';
import { countSubscribers, isSubscribed, listNewsletterSends, sendNewsletter, unsubscribe } from './sending';
import { listSubscribers, subscribe } from './service';

/** Subscribing (the public form) and the subscribers list: registered with the other public forms. */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/subscribe',
    {
      config: { rateLimit: app.limits.publicForm },
      schema: { tags: ['site public'], body: newsletterSchema, response: { 200: messageSchema } },
    },
    async (request) => ({ message: (await subscribe(app.db, request.body.email, request.ip)).message }),
  );

  app.get(
    '/newsletter/subscribers',
    {
      onRequest: requireRole('administrateur'),
      config: { csvExport: listExport(subscribersExport) },
      schema: {
        tags: ['modération'],
        security: [{ bearer: [] }],
        querystring: seekPageQuerySchema,
        response: { 200: z.array(subscriberSchema) },
      },
    },
    async (request, reply) => {
      const page = await listSubscribers(app.db, request.query);
      setPageHeaders(reply, request.query, page.total, page.next);
      return page.items;
    },
  );
};

/** Sending a newsletter (administrators) and unsubscribing (the link in each newsletter). */
export const sendingRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = requireRole('administrateur');
  const security = [{ bearer: [] }];

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
      schema: { tags: ['admin'], security, querystring: seekPageQuerySchema, response: { 200: z.array(newsletterSendListItemSchema) } },
    },
    async (request, reply) => {
      const { items, total, next } = await listNewsletterSends(app.db, request.query);
      setPageHeaders(reply, request.query, total, next);
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

  // The link in each newsletter (GET) only shows a page asking for one click: mail scanners follow links, so a GET
  // never unsubscribes. The click POSTs to the same URL, as RFC 8058 one-click unsubscribe from mail clients does
  // (form body "List-Unsubscribe=One-Click", which says nothing more than the URL: it is read and ignored).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, {}),
  );
  app.get(
    '/unsubscribe/:token',
    { config: { rateLimit: app.limits.publicForm }, schema: { tags: ['public'], params: tokenParams } },
    async (request, reply) => {
      const { token } = request.params;
      const known = /^[\w-]{16,100}$/.test(token) && (await isSubscribed(app.db, token));
      const html = known
        ? htmlPage(N.confirmUnsubscribeTitle, N.confirmUnsubscribe, app.config.publicUrl, {
            action: `/api/unsubscribe/${token}`,
            label: N.confirmUnsubscribeButton,
          })
        : htmlPage(N.unknownLinkTitle, N.unknownLink, app.config.publicUrl);
      return reply
        .status(known ? 200 : 404)
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
