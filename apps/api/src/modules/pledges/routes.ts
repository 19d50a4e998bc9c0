import { messageSchema } from '@shared/schemas/api-common';
import { idParamsSchema } from '@shared/schemas/id-param';
import {
  adminPledgeSchema,
  adminPledgesQuerySchema,
  pledgeActionResultSchema,
  pledgeChangeSchema,
  pledgeCheckoutSchema,
  pledgeCreatedSchema,
  pledgePayBodySchema,
  pledgePushSchema,
  pledgeCreateSchema,
  pledgeTokenParamsSchema,
  pledgeViewSchema,
} from '@shared/schemas/pledges';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../platform/exports/csv-export';
import { PAGE_HEADERS, seekPageQuerySchema, setPageHeaders } from '../../platform/lib/pagination';
import { actorOf, requireAuth, requireRole, resolveUser } from '../policy';
import { auditBy, recordAudit } from '../audit';
import { forRequest } from '../payments';
import { listPledges, pledgesCsv } from './admin';
import { pledgeDueSchedule } from './due-job';
import {
  changePledge,
  createPledge,
  hasDueToPay,
  welcomeOnFirstGift,
  listOwnPledges,
  ownPledge,
  type PledgeActor,
  type PledgesContext,
  payLatestDue,
  pledgeByToken,
  pledgeView,
  pledgeViews,
} from './service';

// Recurring giving: making a pledge (public), managing it from the donor's link or the member space, the
// administrator's list, and the due job (started with the app, like the membership reminders).
const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['engagements'];
  const ctx = (request: FastifyRequest): PledgesContext => ({
    db: app.db,
    payments: forRequest(app.payments, request),
    publicUrl: app.config.publicUrl,
  });
  const secret = () => app.payments.receiptSecret;
  const byLink = (request: FastifyRequest): PledgeActor => ({ userId: null, ip: request.ip, actingId: null, via: 'lien' });

  app.post(
    '/pledges',
    {
      config: { rateLimit: app.limits.publicForm },
      schema: { tags, body: pledgeCreateSchema, response: { 201: pledgeCreatedSchema, 202: pledgePushSchema, 503: messageSchema } },
    },
    async (request, reply) => {
      // A signed-in donor's pledge is linked to the account; a bad or absent token just means none.
      const user = await resolveUser(request);
      const created = await createPledge(ctx(request), request.body, user?.id ?? null, user?.acting_user_id ?? null, user);
      return reply.status('status' in created ? 202 : 201).send(created);
    },
  );

  app.get(
    '/pledges/by-token/:token',
    {
      config: { rateLimit: app.limits.publicForm },
      schema: { tags, params: pledgeTokenParamsSchema, response: { 200: pledgeViewSchema } },
    },
    async (request, reply) => {
      const row = await pledgeByToken(app.db, request.params.token);
      reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
      return pledgeView(app.db, secret(), row);
    },
  );

  app.patch(
    '/pledges/by-token/:token',
    {
      config: { rateLimit: app.limits.publicForm },
      schema: { tags, params: pledgeTokenParamsSchema, body: pledgeChangeSchema, response: { 200: pledgeActionResultSchema } },
    },
    async (request) => {
      const row = await pledgeByToken(app.db, request.params.token);
      const message = await changePledge(app.db, row, request.body, byLink(request), app.config.publicUrl);
      return { message, pledge: await pledgeView(app.db, secret(), await pledgeByToken(app.db, request.params.token)) };
    },
  );

  app.post(
    '/pledges/by-token/:token/pay',
    {
      config: { rateLimit: app.limits.publicForm },
      schema: {
        tags,
        params: pledgeTokenParamsSchema,
        body: pledgePayBodySchema,
        response: { 201: pledgeCheckoutSchema, 202: pledgePushSchema, 503: messageSchema },
      },
    },
    async (request, reply) => {
      const row = await pledgeByToken(app.db, request.params.token);
      const paid = await payLatestDue(ctx(request), row, request.body?.mode ?? 'checkout');
      return reply.status('status' in paid ? 202 : 201).send(paid);
    },
  );

  // The member space: the signed-in donor's pledges, managed without a link.
  const member = { onRequest: requireAuth };
  const security = [{ bearer: [] }];
  app.get('/profile/pledges', { ...member, schema: { tags, security, response: { 200: z.array(pledgeViewSchema) } } }, async (request) => {
    const rows = await listOwnPledges(app.db, request.user!.id);
    const views = await pledgeViews(app.db, secret(), rows);
    return Promise.all(views.map(async ({ collected: _c, ...view }, i) => ({ ...view, due_to_pay: await hasDueToPay(app.db, rows[i]!) })));
  });
  app.patch(
    '/profile/pledges/:id',
    {
      ...member,
      schema: { tags, security, params: idParamsSchema, body: pledgeChangeSchema, response: { 200: pledgeActionResultSchema } },
    },
    async (request) => {
      const user = request.user!;
      const row = await ownPledge(app.db, user.id, request.params.id);
      const message = await changePledge(
        app.db,
        row,
        request.body,
        {
          userId: user.id,
          ip: request.ip,
          actingId: user.acting_user_id,
          via: 'compte',
        },
        app.config.publicUrl,
      );
      return { message, pledge: await pledgeView(app.db, secret(), await ownPledge(app.db, user.id, row.id)) };
    },
  );

  app.get(
    '/admin/pledges',
    {
      onRequest: requireRole('administrateur'),
      schema: {
        tags,
        security,
        querystring: seekPageQuerySchema.extend(adminPledgesQuerySchema.shape).extend({ format: z.enum(['json', 'csv']).optional() }),
        response: { 200: z.array(adminPledgeSchema) },
      },
    },
    async (request, reply) => {
      const { status, format } = request.query;
      if (format === 'csv') {
        await recordAudit(app.db, {
          ...auditBy(actorOf(request)),
          action: 'export.csv',
          entity: 'pledges',
          entityId: 'pledges',
          details: { list: 'engagements', filters: { status: status ?? null } },
        });
        return sendCsv(reply, pledgesCsv(app.db, status));
      }
      const { items, total, next, monthly } = await listPledges(app.db, secret(), request.query);
      setPageHeaders(reply, request.query, total, next);
      reply.header('x-monthly-total', String(monthly));
      reply.header('access-control-expose-headers', `${PAGE_HEADERS}, x-monthly-total`);
      return items;
    },
  );

  // The welcome SMS of a pledge, once its first gift is approved.
  app.payments.moneyHooks?.add(welcomeOnFirstGift(app.config.publicUrl));

  // The due job runs while the app is up, in every process: its rows and dedupe keys make each message once.
  const dues = pledgeDueSchedule(app.db, app.config.publicUrl, app.log);
  app.addHook('onReady', async () => dues.start());
  app.addHook('onClose', async () => dues.stop());
};
export default routes;
