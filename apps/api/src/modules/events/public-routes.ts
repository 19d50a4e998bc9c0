import { messageSchema } from '@shared/schemas/api-common';
import {
  EVENT_MESSAGES,
  eventSchema,
  ownTicketSchema,
  refundNotice,
  type RegistrationStatus,
  registrationInputSchema,
  registrationResponseSchema,
  ticketSchema,
} from '@shared/schemas/events';
import { idParamsSchema } from '@shared/schemas/id-param';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, resolveUser } from '../policy';
import { ticketPath } from './context';
import type { EventsContext } from './context';
import * as data from './data';
import { refundOnCancel } from './refunds';
import { byToken, cancelRegistration, checkoutByToken, register } from './registrations';
import { publicEvent, publicEvents } from './service';

/** Registrations have their own limit, per event and address: a school registering its pupils from one address passes. */
export const REGISTRATIONS_PER_MINUTE = 300;

const tokenParams = z.object({ token: z.string().min(1).max(200) });

const publicRoutes: FastifyPluginAsyncZod<{ ctx: EventsContext }> = async (app, { ctx }) => {
  // « Mon espace »: the tickets of the signed-in person (made while signed in, or with the telephone before the
  // account existed and linked at its first code sign-in).
  app.get(
    '/profile/tickets',
    { onRequest: requireAuth, schema: { tags: ['événements'], security: [{ bearer: [] }], response: { 200: z.array(ownTicketSchema) } } },
    async (request) =>
      (await data.registrationsOfUser(ctx.db, request.user!.id)).map((r) => ({
        id: r.id,
        status: r.status as RegistrationStatus,
        seats: r.seats,
        code: r.code,
        ticket_url: ticketPath(ctx, r),
        event: { title: r.event_title, starts_at: r.event_starts_at, place: r.event_place },
      })),
  );

  app.get('/events', { schema: { tags: ['événements'], response: { 200: z.array(eventSchema) } } }, async () => publicEvents(ctx.db));

  app.get('/events/:id', { schema: { tags: ['événements'], params: idParamsSchema, response: { 200: eventSchema } } }, async (request) =>
    publicEvent(ctx.db, request.params.id),
  );

  app.post(
    '/events/:id/registrations',
    {
      config: {
        rateLimit: {
          max: Math.max(REGISTRATIONS_PER_MINUTE, app.limits.publicForm.max),
          timeWindow: '1 minute',
          keyGenerator: (request) => `${(request.params as { id?: string }).id ?? ''}:${request.ip}`,
        },
      },
      schema: {
        tags: ['événements'],
        params: idParamsSchema,
        body: registrationInputSchema,
        response: { 201: registrationResponseSchema },
      },
    },
    async (request, reply) => {
      // A signed-in member pays the member price, and proves their own telephone for the channel they choose; a bad
      // or absent token is simply a visitor.
      const user = await resolveUser(request);
      const result = await register(ctx, request.params.id, request.body, user, request.ip);
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/registrations/by-token/:token',
    {
      config: { rateLimit: app.limits.publicForm },
      schema: { tags: ['événements'], params: tokenParams, response: { 200: ticketSchema } },
    },
    async (request, reply) => {
      const r = await byToken(ctx, request.params.token);
      const event = (await data.findEvent(ctx.db, r.event_id))!;
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return {
        status: r.status as z.infer<typeof ticketSchema>['status'],
        seats: r.seats,
        event_id: r.event_id,
        code: r.code,
        name: r.name,
        amount: r.amount,
        checked_in_at: r.checked_in_at,
        waiting_position: r.status === 'liste_attente' ? await data.waitingPosition(ctx.db, r.event_id, r.id) : null,
        refund_on_cancel: r.status === 'confirme' ? ((await refundOnCancel(ctx.db, r))?.refund_due ?? 0) : 0,
        event: { title: event.title, starts_at: event.starts_at, ends_at: event.ends_at, place: event.place, status: event.status },
      };
    },
  );

  app.delete(
    '/registrations/by-token/:token',
    {
      config: { rateLimit: app.limits.publicForm },
      schema: { tags: ['événements'], params: tokenParams, response: { 200: messageSchema } },
    },
    async (request) => {
      const refund = await cancelRegistration(ctx, await byToken(ctx, request.params.token), null);
      return { message: refund ? `${EVENT_MESSAGES.cancelledOk} ${refundNotice(refund.refund_due)}` : EVENT_MESSAGES.cancelledOk };
    },
  );

  app.post(
    '/registrations/by-token/:token/checkout',
    {
      config: { rateLimit: app.limits.publicForm },
      schema: { tags: ['événements'], params: tokenParams, response: { 201: z.object({ checkout_url: z.string() }) } },
    },
    async (request, reply) => reply.status(201).send({ checkout_url: await checkoutByToken(ctx, request.params.token, request.ip) }),
  );
};
export default publicRoutes;
