import { messageSchema } from '@shared/schemas/api-common';
import { EVENT_MESSAGES, shiftSchema, volunteerCodeLoginSchema, volunteerCodeRequestSchema } from '@shared/schemas/events';
import { idParamsSchema } from '@shared/schemas/id-param';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../platform/lib/http-errors';
import { bearerToken } from '../policy';
import { attestationPdf } from './attestation';
import type { EventsContext } from './context';
import {
  loginVolunteerWithCode,
  requestVolunteerCodeAfterAnswer,
  settleVolunteerCodeRequests,
  VOLUNTEER_CODE_SENT,
} from './volunteer-login';
import { confirmShift, leaveShift, myShifts, stampShift, takeShift, type VolunteerIdentity, volunteerOfToken } from './shifts';

// A confirmed volunteer's own space (/benevole): the bearer token of the SMS code login.

declare module 'fastify' {
  interface FastifyRequest {
    volunteer?: VolunteerIdentity;
  }
}

const tags = ['bénévoles'];

const volunteerRoutes: FastifyPluginAsyncZod<{ ctx: EventsContext }> = async (app, { ctx }) => {
  const asVolunteer = async (request: FastifyRequest) => {
    const volunteer = await volunteerOfToken(ctx.db, bearerToken(request));
    if (!volunteer) throw unauthorized();
    request.volunteer = volunteer;
  };
  const me = (request: FastifyRequest) => request.volunteer!;
  const cost = app.config.passwordCost;
  app.addHook('onClose', async () => settleVolunteerCodeRequests());

  app.post(
    '/volunteers/login/code/request',
    { config: { rateLimit: app.limits.publicForm }, schema: { tags, body: volunteerCodeRequestSchema, response: { 202: messageSchema } } },
    async (request, reply) => {
      // Answered before any look-up: the time of the answer is the same for a volunteer's number and any other.
      requestVolunteerCodeAfterAnswer(ctx.db, request.body.telephone, cost, request.log);
      return reply.status(202).send({ message: VOLUNTEER_CODE_SENT });
    },
  );

  app.post(
    '/volunteers/login/code',
    {
      config: { rateLimit: app.limits.login },
      schema: { tags, body: volunteerCodeLoginSchema, response: { 200: z.object({ token: z.string() }) } },
    },
    async (request) => ({ token: await loginVolunteerWithCode(ctx.db, request.body.telephone, request.body.code, cost) }),
  );

  app.get('/volunteers/me/shifts', { onRequest: asVolunteer, schema: { tags, response: { 200: z.array(shiftSchema) } } }, async (request) =>
    myShifts(ctx.db, me(request).id),
  );

  app.post(
    '/shifts/:id/signups',
    { onRequest: asVolunteer, schema: { tags, params: idParamsSchema, response: { 201: messageSchema } } },
    async (request, reply) => {
      await takeShift(ctx.db, request.params.id, me(request).id);
      return reply.status(201).send({ message: 'Créneau réservé. Merci !' });
    },
  );

  app.delete(
    '/shifts/:id/signups/me',
    { onRequest: asVolunteer, schema: { tags, params: idParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      await leaveShift(ctx.db, request.params.id, me(request).id);
      return { message: EVENT_MESSAGES.signupCancelled };
    },
  );

  // Signed in, or through the link of the SMS sent 48 hours before (`s` and `sig` from the link).
  app.post(
    '/shifts/:id/confirm',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: z.object({ s: z.coerce.number().int().positive().optional(), sig: z.string().max(64).optional() }).optional(),
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const volunteer = await volunteerOfToken(ctx.db, bearerToken(request));
      const body = request.body;
      if (!volunteer && !(body?.s && body.sig)) throw unauthorized();
      await confirmShift(ctx, request.params.id, volunteer?.id ?? null, body?.s && body.sig ? { s: body.s, sig: body.sig } : undefined);
      return { message: EVENT_MESSAGES.confirmed };
    },
  );

  for (const what of ['in', 'out'] as const) {
    app.post(
      `/shifts/:id/check-${what}`,
      {
        onRequest: asVolunteer,
        schema: {
          tags,
          params: idParamsSchema,
          response: { 200: z.object({ checked_in_at: z.string().nullable(), checked_out_at: z.string().nullable() }) },
        },
      },
      async (request) => {
        const signup = await stampShift(ctx.db, request.params.id, me(request).id, what);
        return { checked_in_at: signup.checked_in_at, checked_out_at: signup.checked_out_at };
      },
    );
  }

  app.get('/volunteers/me/attestation', { onRequest: asVolunteer, schema: { tags } }, async (request, reply) => {
    const pdf = await attestationPdf(ctx.db, me(request));
    return reply
      .type('application/pdf')
      .header('content-disposition', 'attachment; filename="attestation-benevolat.pdf"')
      .header('cache-control', 'no-store')
      .send(pdf);
  });
};
export default volunteerRoutes;
