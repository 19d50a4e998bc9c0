import { donationInitiateSchema, donationRecordSchema } from '@shared/schemas/donation';
import { initiateResponseSchema, PAYMENT_MESSAGES, paymentInitiateSchema, paymentRecordSchema } from '@shared/schemas/payment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolveUser } from '../../plugins/auth';
import type { MoneyService } from '../../services/payments/money-service';

const messageSchema = z.object({ message: z.string() });

// Public money routes: initiation (no bearer needed), the provider's return, and the spec's record posts.
const publicRoutes: FastifyPluginAsyncZod<{ service: MoneyService }> = async (app, { service }) => {
  app.post(
    '/payment/initiate',
    {
      config: { rateLimit: app.limits.publicForm },
      schema: { tags: ['paiements'], body: paymentInitiateSchema, response: { 201: initiateResponseSchema, 503: messageSchema } },
    },
    async (request, reply) => {
      // A signed-in member's payment is linked to the account; a bad or absent token just means anonymous.
      const user = await resolveUser(request);
      const url = await service.initiatePayment(request.body, user?.id ?? null);
      return reply.status(201).send({ url });
    },
  );

  app.post(
    '/donation/initiate',
    {
      config: { rateLimit: app.limits.publicForm },
      schema: { tags: ['paiements'], body: donationInitiateSchema, response: { 201: initiateResponseSchema, 503: messageSchema } },
    },
    async (request, reply) => {
      // A signed-in donor's gift appears in their space; a bad or absent token just means anonymous.
      const user = await resolveUser(request);
      return reply.status(201).send({ url: await service.initiateDonation(request.body, user?.id ?? null) });
    },
  );

  app.post(
    '/payment',
    {
      config: { rateLimit: app.limits.publicForm },
      schema: { tags: ['paiements'], body: paymentRecordSchema, response: { 201: messageSchema } },
    },
    async (request, reply) => {
      await service.recordFromBrowser('payment', request.body.transaction_id);
      return reply.status(201).send({ message: PAYMENT_MESSAGES.recorded });
    },
  );

  app.post(
    '/donation',
    {
      config: { rateLimit: app.limits.publicForm },
      schema: { tags: ['paiements'], body: donationRecordSchema, response: { 201: messageSchema } },
    },
    async (request, reply) => {
      await service.recordFromBrowser('donation', request.body.transaction_id);
      return reply.status(201).send({ message: PAYMENT_MESSAGES.recorded });
    },
  );

  // The payer's way back from the provider. The reference is random per checkout (not the record's id), the
  // route is rate-limited, and the provider is asked at most every few seconds per record (returnLocation).
  app.get(
    '/payments/return/:kind/:ref',
    {
      config: { rateLimit: app.limits.publicForm },
      schema: {
        tags: ['paiements'],
        params: z.object({ kind: z.enum(['payment', 'donation']), ref: z.string().max(100) }),
        // FedaPay appends ?id=…&status=…; neither is trusted, the server asks the provider.
        querystring: z.object({ id: z.string().max(100).optional(), status: z.string().max(50).optional() }).passthrough(),
      },
    },
    async (request, reply) => {
      const location = await service.returnLocation(request.params.kind, request.params.ref);
      if (!location) return reply.status(404).send({ message: 'Transaction introuvable.' });
      return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(location, 302);
    },
  );
};
export default publicRoutes;
