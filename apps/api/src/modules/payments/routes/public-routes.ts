import { messageSchema } from '@shared/schemas/api-common';
import { donationInitiateSchema, donationRecordSchema } from '@shared/schemas/donation';
import {
  initiateResponseSchema,
  PAYMENT_MESSAGES,
  paymentInitiateSchema,
  paymentRecordSchema,
  pushResponseSchema,
} from '@shared/schemas/payment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unprocessable } from '../../../platform/lib/http-errors';
import { zodFieldErrors } from '../../../platform/uploads/uploads';
import { resolveUser } from '../../policy';
import { recordOwnChannelChoice } from '../../privacy';
import {
  forRequest,
  initiateDonation,
  initiatePayment,
  type PaymentsContext,
  pushStatus,
  pushStatusWord,
  recordFromBrowser,
  returnLocation,
} from '../money';
import { PUSH_MESSAGES } from '@shared/schemas/payment-mode';
import type { FastifyReply } from 'fastify';

/** A donation sent to POST /api/payment/initiate: it names a purpose and no payment type (docs/product/donors.md). */
const isDonationBody = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && 'purpose' in body && !('payment_type' in body);

// Public money routes: initiation (no bearer needed), the provider's return, and the spec's record posts.
const publicRoutes: FastifyPluginAsyncZod<{ payments: PaymentsContext }> = async (app, { payments }) => {
  /** Opens a donation's checkout, for /donation/initiate and for a donation sent to /payment/initiate. */
  const openDonation = async (request: Parameters<typeof resolveUser>[0], body: unknown) => {
    const parsed = donationInitiateSchema.safeParse(body);
    if (!parsed.success) throw unprocessable(zodFieldErrors(parsed.error));
    // A signed-in donor's gift appears in their space; a bad or absent token just means anonymous.
    const user = await resolveUser(request);
    const url = await initiateDonation(forRequest(payments, request), parsed.data, user?.id ?? null);
    // Recorded only for the signed-in person's own telephone (anyone can type a number: docs/whatsapp.md).
    await recordOwnChannelChoice(app.db, parsed.data.channel, {
      telephone: parsed.data.phone,
      sender: user,
      source: 'donation_form',
      ip: request.ip,
    });
    return { url, mode: parsed.data.mode };
  };
  /** 201 with the checkout's address, or 202 with the request's id when the payer approves on the telephone. */
  const answer = (reply: FastifyReply, opened: { url: string; mode?: string }) =>
    opened.mode === 'push' ? reply.status(202).send({ id: opened.url, status: 'en_attente' }) : reply.status(201).send({ url: opened.url });

  app.post(
    '/payment/initiate',
    {
      config: { rateLimit: app.limits.publicForm },
      // docs/product/donors.md: a donation may come here too, with its purpose and optional name, telephone, e-mail.
      preValidation: async (request, reply) => {
        if (isDonationBody(request.body)) return answer(reply, await openDonation(request, request.body));
      },
      schema: {
        tags: ['paiements'],
        body: paymentInitiateSchema,
        response: { 201: initiateResponseSchema, 202: pushResponseSchema, 503: messageSchema },
      },
    },
    async (request, reply) => {
      // A signed-in member's payment is linked to the account; a bad or absent token just means anonymous.
      const user = await resolveUser(request);
      const url = await initiatePayment(forRequest(payments, request), request.body, user?.id ?? null);
      await recordOwnChannelChoice(app.db, request.body.channel, {
        telephone: request.body.phone,
        sender: user,
        source: 'payment_form',
        ip: request.ip,
      });
      return answer(reply, { url, mode: request.body.mode });
    },
  );

  app.post(
    '/donation/initiate',
    {
      config: { rateLimit: app.limits.publicForm },
      schema: {
        tags: ['paiements'],
        body: donationInitiateSchema,
        response: { 201: initiateResponseSchema, 202: pushResponseSchema, 503: messageSchema },
      },
    },
    async (request, reply) => answer(reply, await openDonation(request, request.body)),
  );

  // The state of a payment requested on the telephone (the waiting screen asks it); the server asks the provider.
  app.get(
    '/payments/push/:id',
    {
      config: { rateLimit: app.limits.publicForm },
      schema: {
        tags: ['paiements'],
        params: z.object({ id: z.string().max(100) }),
        response: { 200: pushResponseSchema, 404: messageSchema },
      },
    },
    async (request, reply) => {
      const found = await pushStatus(forRequest(payments, request), request.params.id);
      if (!found) return reply.status(404).send({ message: PUSH_MESSAGES.notFound });
      return { id: request.params.id, status: pushStatusWord(found.row.transaction_status) };
    },
  );

  app.post(
    '/payment',
    {
      config: { rateLimit: app.limits.publicForm },
      schema: { tags: ['paiements'], body: paymentRecordSchema, response: { 201: messageSchema } },
    },
    async (request, reply) => {
      await recordFromBrowser(forRequest(payments, request), 'payment', request.body.transaction_id);
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
      await recordFromBrowser(forRequest(payments, request), 'donation', request.body.transaction_id);
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
      const location = await returnLocation(forRequest(payments, request), request.params.kind, request.params.ref);
      if (!location) return reply.status(404).send({ message: 'Transaction introuvable.' });
      return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(location, 302);
    },
  );
};
export default publicRoutes;
