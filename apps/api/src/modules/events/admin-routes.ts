import { REGISTRATION_STATUS_LABELS, type RegistrationStatus, refundDueLabel } from '@shared/schemas/events';
import { messageSchema } from '@shared/schemas/api-common';
import {
  attendanceItemSchema,
  EVENT_MESSAGES,
  eventInputSchema,
  eventSchema,
  adminShiftSchema,
  receptionInputSchema,
  receptionSchema,
  shiftHoursInputSchema,
  shiftInputSchema,
  shiftRosterItemSchema,
} from '@shared/schemas/events';
import { idParam, idParamsSchema } from '@shared/schemas/id-param';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../platform/exports/csv-export';
import { notFound } from '../../platform/lib/http-errors';
import { actorOf, requireRole } from '../policy';
import { auditBy, recordAudit } from '../audit';
import { attendance } from './check-in';
import type { EventsContext } from './context';
import * as data from './data';
import { cancelRegistration } from './registrations';
import { confirmHours, shiftRoster } from './shifts';
import { adminEvents, cancelEvent, createEvent, createShift, setPublished, setReception, updateEventById } from './service';

const admin = requireRole('administrateur');
const tags = ['événements (administration)'];

const adminRoutes: FastifyPluginAsyncZod<{ ctx: EventsContext }> = async (app, { ctx }) => {
  app.get('/admin/events', { onRequest: admin, schema: { tags, response: { 200: z.array(eventSchema) } } }, async () =>
    adminEvents(ctx.db),
  );

  app.post(
    '/admin/events',
    { onRequest: admin, schema: { tags, body: eventInputSchema, response: { 201: eventSchema } } },
    async (request, reply) => reply.status(201).send(await createEvent(ctx.db, request.body, actorOf(request))),
  );

  app.put(
    '/admin/events/:id',
    { onRequest: admin, schema: { tags, params: idParamsSchema, body: eventInputSchema, response: { 200: eventSchema } } },
    async (request) => updateEventById(ctx, request.params.id, request.body, actorOf(request)),
  );

  // Cancelling is never deleting: DELETE is the same cancellation, for clients that expect it.
  app.delete(
    '/admin/events/:id',
    { onRequest: admin, schema: { tags, params: idParamsSchema, response: { 200: eventSchema } } },
    async (request) => cancelEvent(ctx.db, request.params.id, null, actorOf(request)),
  );

  app.post(
    '/admin/events/:id/cancel',
    {
      onRequest: admin,
      schema: {
        tags,
        params: idParamsSchema,
        body: z.object({ reason: z.string().trim().max(500).optional() }).optional(),
        response: { 200: eventSchema },
      },
    },
    async (request) => cancelEvent(ctx.db, request.params.id, request.body?.reason || null, actorOf(request)),
  );

  for (const [path, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    app.post(
      `/admin/events/:id/${path}`,
      { onRequest: admin, schema: { tags, params: idParamsSchema, response: { 200: eventSchema } } },
      async (request) => setPublished(ctx.db, request.params.id, published, actorOf(request)),
    );
  }

  app.put(
    '/admin/events/:id/reception',
    {
      onRequest: admin,
      schema: {
        tags,
        params: idParamsSchema,
        body: receptionInputSchema,
        response: { 200: z.object({ volunteer_ids: z.array(z.number()) }) },
      },
    },
    async (request) => ({ volunteer_ids: await setReception(ctx.db, request.params.id, request.body.volunteer_ids, actorOf(request)) }),
  );

  app.get(
    '/admin/events/:id/reception',
    { onRequest: admin, schema: { tags, params: idParamsSchema, response: { 200: receptionSchema } } },
    async (request) => {
      if (!(await data.findEvent(ctx.db, request.params.id))) throw notFound(EVENT_MESSAGES.notFound);
      return { volunteer_ids: await data.receptionOf(ctx.db, request.params.id), candidates: await data.receptionCandidates(ctx.db) };
    },
  );

  app.post(
    '/admin/events/:id/shifts',
    {
      onRequest: admin,
      schema: {
        tags,
        params: idParamsSchema,
        body: shiftInputSchema,
        response: {
          201: z.object({
            id: z.number(),
            event_id: z.number(),
            label: z.string(),
            starts_at: z.string(),
            ends_at: z.string(),
            slots: z.number(),
          }),
        },
      },
    },
    async (request, reply) => {
      const row = await createShift(ctx.db, request.params.id, request.body, actorOf(request));
      return reply
        .status(201)
        .send({ id: row.id, event_id: row.event_id, label: row.label, starts_at: row.starts_at, ends_at: row.ends_at, slots: row.slots });
    },
  );

  app.get(
    '/admin/events/:id/shifts',
    { onRequest: admin, schema: { tags, params: idParamsSchema, response: { 200: z.array(adminShiftSchema) } } },
    async (request) => {
      if (!(await data.findEvent(ctx.db, request.params.id))) throw notFound(EVENT_MESSAGES.notFound);
      return (await data.shiftsOfEvent(ctx.db, request.params.id)).map((r) => ({
        id: r.id,
        event_id: r.event_id,
        label: r.label,
        starts_at: r.starts_at,
        ends_at: r.ends_at,
        slots: r.slots,
        taken: r.taken,
      }));
    },
  );

  app.get(
    '/admin/shifts/:id/signups',
    { onRequest: admin, schema: { tags, params: idParamsSchema, response: { 200: z.array(shiftRosterItemSchema) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return shiftRoster(ctx.db, request.params.id);
    },
  );

  app.post(
    '/admin/shifts/:id/signups/:signup_id/hours',
    {
      onRequest: admin,
      schema: {
        tags,
        params: z.object({ id: idParam, signup_id: idParam }),
        body: shiftHoursInputSchema,
        response: { 200: z.object({ id: z.number(), confirmed_minutes: z.number(), hours_confirmed_at: z.string(), message: z.string() }) },
      },
    },
    async (request) => ({
      ...(await confirmHours(ctx.db, request.params.id, request.params.signup_id, request.body.minutes, actorOf(request))),
      message: EVENT_MESSAGES.hoursConfirmed,
    }),
  );

  app.get(
    '/admin/events/:id/attendance',
    {
      onRequest: admin,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: z.object({ format: z.enum(['json', 'csv']).optional() }),
        response: { 200: z.array(attendanceItemSchema) },
      },
    },
    async (request, reply) => {
      if (request.query.format !== 'csv') {
        return (await attendance(ctx.db, request.params.id)).map((r) => ({ ...r, status: r.status as RegistrationStatus }));
      }
      const event = await data.findEvent(ctx.db, request.params.id);
      if (!event) throw notFound(EVENT_MESSAGES.notFound);
      await recordAudit(ctx.db, {
        ...auditBy(actorOf(request)),
        action: 'export.csv',
        entity: 'event_attendance',
        entityId: event.id,
        details: { list: 'event_attendance', event_id: event.id },
      });
      return sendCsv(reply, {
        filename: `presences-evenement-${event.id}`,
        query: data.attendanceQuery(ctx.db, event.id),
        columns: [
          { header: 'Nom', value: (r) => r.name },
          { header: 'Téléphone', value: (r) => r.telephone },
          { header: 'Places', value: (r) => r.seats },
          { header: 'Statut', value: (r) => REGISTRATION_STATUS_LABELS[r.status as RegistrationStatus] ?? r.status },
          { header: 'Code', value: (r) => r.code },
          { header: 'Montant (FCFA)', value: (r) => r.amount },
          // Instants as they are: the export writes « 25/11/2026 14:54 » in Cotonou time (docs/decisions/csv-spreadsheet-values.md).
          { header: 'Arrivée', value: (r) => r.checked_in_at },
          { header: 'Inscription', value: (r) => r.created_at },
        ],
      });
    },
  );

  app.delete(
    '/admin/registrations/:id',
    { onRequest: admin, schema: { tags, params: idParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      const registration = await data.findRegistration(ctx.db, request.params.id);
      if (!registration) throw notFound(EVENT_MESSAGES.registrationNotFound);
      const refund = await cancelRegistration(ctx, registration, actorOf(request));
      // The administrator is told what the association owes back (the holder's SMS says it too).
      return { message: refund ? `${EVENT_MESSAGES.cancelledOk} ${refundDueLabel(refund.refund_due)}.` : EVENT_MESSAGES.cancelledOk };
    },
  );
};
export default adminRoutes;
