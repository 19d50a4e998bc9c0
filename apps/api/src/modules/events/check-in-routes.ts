import { checkInInputSchema, checkInListSchema, checkInResponseSchema, EVENT_MESSAGES } from '@shared/schemas/events';
import { idParamsSchema, parseId } from '@shared/schemas/id-param';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden, notFound, unauthorized } from '../../platform/lib/http-errors';
import { bearerToken, resolveUser } from '../policy';
import { checkIn, checkInList } from './check-in';
import type { EventsContext } from './context';
import * as data from './data';
import { volunteerOfToken } from './shifts';

// The door of an event: an administrator, or a confirmed volunteer assigned to its reception (signed in with
// the SMS code), checks tickets in. The guard runs before the body is read.

const checkInRoutes: FastifyPluginAsyncZod<{ ctx: EventsContext }> = async (app, { ctx }) => {
  const atReception = async (request: FastifyRequest) => {
    const eventId = parseId(String((request.params as { id?: string }).id ?? ''));
    const user = await resolveUser(request);
    if (user) {
      if (user.role !== 'administrateur') throw forbidden();
      return;
    }
    const volunteer = await volunteerOfToken(ctx.db, bearerToken(request));
    if (!volunteer) throw unauthorized();
    if (eventId === null) throw notFound(EVENT_MESSAGES.notFound);
    if (!(await data.isAtReception(ctx.db, eventId, volunteer.id))) throw forbidden(EVENT_MESSAGES.notReception);
  };

  app.post(
    '/events/:id/check-ins',
    {
      onRequest: atReception,
      schema: { tags: ['événements'], params: idParamsSchema, body: checkInInputSchema, response: { 200: checkInResponseSchema } },
    },
    async (request) => checkIn(ctx, request.params.id, request.body),
  );

  app.get(
    '/events/:id/check-ins',
    { onRequest: atReception, schema: { tags: ['événements'], params: idParamsSchema, response: { 200: checkInListSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return checkInList(ctx, request.params.id);
    },
  );
};
export default checkInRoutes;
