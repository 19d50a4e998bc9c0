import { messageSchema } from '@shared/schemas/api-common';
import { idParamsSchema as idParams } from '@shared/schemas/id-param';
import { TRANSACTION_STATUSES } from '@shared/constants';
import { donationListItemSchema } from '@shared/schemas/donation';
import { cancelRecordSchema } from '@shared/schemas/offline-payment';
import { PAYMENT_MESSAGES, paymentListItemSchema } from '@shared/schemas/payment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuerySchema, setPageHeaders } from '../../lib/pagination';
import { actorOf, requireRole } from '../../plugins/auth';
import { listDonations, listPayments, softDelete } from '../../services/payments/admin-lists';
import type { PaymentsContext } from '../../services/payments/money';

const listQuery = pageQuerySchema.extend({
  status: z.enum(TRANSACTION_STATUSES, { error: PAYMENT_MESSAGES.statusInvalid }).optional(),
  /** `cancelled=1`: the cancelled (deleted) records instead of the live ones. */
  cancelled: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});
const admin = { onRequest: requireRole('administrateur') };

// Liste des Paiements / Liste Dons and their soft deletion (administrators only).
const adminRoutes: FastifyPluginAsyncZod<{ payments: PaymentsContext }> = async (app, { payments }) => {
  app.get(
    '/payments',
    {
      ...admin,
      schema: {
        tags: ['paiements'],
        security: [{ bearer: [] }],
        querystring: listQuery,
        response: { 200: z.array(paymentListItemSchema) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listPayments(app.db, payments.receiptSecret, request.query);
      setPageHeaders(reply, request.query, total);
      return items;
    },
  );

  app.get(
    '/donations',
    {
      ...admin,
      schema: {
        tags: ['paiements'],
        security: [{ bearer: [] }],
        querystring: listQuery,
        response: { 200: z.array(donationListItemSchema) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listDonations(app.db, payments.receiptSecret, request.query);
      setPageHeaders(reply, request.query, total);
      return items;
    },
  );

  app.delete(
    '/payments/:id',
    {
      ...admin,
      schema: {
        tags: ['paiements'],
        security: [{ bearer: [] }],
        params: idParams,
        body: cancelRecordSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await softDelete(app.db, 'payment', request.params.id, actorOf(request), request.body.reason, payments.membershipMonths);
      return { message: PAYMENT_MESSAGES.paymentDeleted };
    },
  );

  app.delete(
    '/donations/:id',
    {
      ...admin,
      schema: {
        tags: ['paiements'],
        security: [{ bearer: [] }],
        params: idParams,
        body: cancelRecordSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await softDelete(app.db, 'donation', request.params.id, actorOf(request), request.body.reason, payments.membershipMonths);
      return { message: PAYMENT_MESSAGES.donationDeleted };
    },
  );
};
export default adminRoutes;
