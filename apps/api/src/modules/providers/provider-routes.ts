import { messageSchema } from '@shared/schemas/api-common';
import { parseId } from '@shared/schemas/id-param';
import { PROVIDER_ROLES } from '@shared/constants';
import {
  PROVIDER_MESSAGES,
  providerInformationSchema,
  providerRecordSchema,
  providerUpdateResponseSchema,
  providerUpdateSchema,
} from '@shared/schemas/provider';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/lib/http-errors';
import { requireRole } from '../policy';
import { createProvider, getOwnProvider, hasOwnProvider, updateProvider } from './service';

const security = [{ bearer: [] }];

// A provider reads, creates and edits only its own record (docs/product/roles.md).
const providerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/prestataire',
    { onRequest: requireRole(...PROVIDER_ROLES), schema: { tags: ['prestataires'], security, response: { 200: providerRecordSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getOwnProvider(app.db, request.user!.id);
    },
  );

  // A yes/no the form can ask before it shows itself (GET /prestataire answers 404 without a record, as the spec says).
  app.get(
    '/prestataire/status',
    {
      onRequest: requireRole(...PROVIDER_ROLES),
      schema: { tags: ['prestataires'], security, response: { 200: z.object({ has_record: z.boolean() }) } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { has_record: await hasOwnProvider(app.db, request.user!.id) };
    },
  );

  app.post(
    '/prestataires',
    {
      onRequest: requireRole(...PROVIDER_ROLES),
      schema: { tags: ['prestataires'], security, body: providerInformationSchema, response: { 201: messageSchema } },
    },
    async (request, reply) => {
      await createProvider(app.db, request.user!.id, request.body);
      return reply.status(201).send({ message: PROVIDER_MESSAGES.created });
    },
  );

  app.put(
    '/prestataire/:id',
    {
      onRequest: requireRole(...PROVIDER_ROLES),
      schema: {
        tags: ['prestataires'],
        security,
        params: z.object({ id: z.string().max(20) }),
        body: providerUpdateSchema,
        response: { 200: providerUpdateResponseSchema },
      },
    },
    async (request) => {
      const id = parseId(request.params.id);
      if (id === null) throw notFound(PROVIDER_MESSAGES.notFound);
      const prestataire = await updateProvider(app.db, request.user!.id, id, request.body);
      return { message: PROVIDER_MESSAGES.updated, prestataire };
    },
  );
};
export default providerRoutes;
