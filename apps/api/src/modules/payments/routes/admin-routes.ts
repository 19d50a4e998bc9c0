import { messageSchema } from '@shared/schemas/api-common';
import { idParamsSchema as idParams } from '@shared/schemas/id-param';
import { TRANSACTION_STATUSES } from '@shared/constants';
import { donationListItemSchema } from '@shared/schemas/donation';
import { cancelRecordSchema } from '@shared/schemas/offline-payment';
import { PAYMENT_MESSAGES, paymentListItemSchema } from '@shared/schemas/payment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ListTotal, seekPageQuerySchema, setPageHeaders } from '../../../platform/lib/pagination';
import { actorOf, requireRole } from '../../policy';
import { type ListQuery, listDonations, listPayments, softDelete } from '../admin-lists';
import { donationsExport, paymentsExport } from '../exports';
import type { PaymentsContext } from '../money';
import { type ListExport, listExport } from '../../../platform/exports/csv-route-hook';
import type { MoneyKind } from '../data/records';

const listQuery = seekPageQuerySchema.extend({
  status: z.enum(TRANSACTION_STATUSES, { error: PAYMENT_MESSAGES.statusInvalid }).optional(),
  /** `cancelled=1`: the cancelled (deleted) records instead of the live ones. */
  cancelled: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});
const admin = { onRequest: requireRole('administrateur') };

const doc = { tags: ['paiements'], security: [{ bearer: [] }] };

// Liste des Paiements / Liste Dons and their soft deletion (administrators only).
const adminRoutes: FastifyPluginAsyncZod<{ payments: PaymentsContext }> = async (app, { payments }) => {
  /** A list: GET `path`, one page of `list`'s items with the paging headers. */
  const listRoute = <T extends z.ZodType>(
    path: string,
    item: T,
    list: (
      db: typeof app.db,
      receiptSecret: string,
      query: ListQuery,
    ) => Promise<{ items: z.output<T>[]; total: ListTotal; next: string | null }>,
    csvExport: ListExport,
  ) =>
    app.get(
      path,
      { ...admin, config: { csvExport }, schema: { ...doc, querystring: listQuery, response: { 200: z.array(item) } } },
      async (request, reply) => {
        const { items, total, next } = await list(app.db, payments.receiptSecret, request.query);
        setPageHeaders(reply, request.query, total, next);
        return items;
      },
    );

  /** A soft deletion: DELETE `path`/:id with the reason, answered with `message`. */
  const deleteRoute = (path: string, kind: MoneyKind, message: string) =>
    app.delete(
      `${path}/:id`,
      { ...admin, schema: { ...doc, params: idParams, body: cancelRecordSchema, response: { 200: messageSchema } } },
      async (request) => {
        await softDelete(app.db, kind, request.params.id, actorOf(request), request.body.reason, payments.membershipMonths);
        return { message };
      },
    );

  listRoute('/payments', paymentListItemSchema, listPayments, listExport(paymentsExport));
  listRoute('/donations', donationListItemSchema, listDonations, listExport(donationsExport));
  deleteRoute('/payments', 'payment', PAYMENT_MESSAGES.paymentDeleted);
  deleteRoute('/donations', 'donation', PAYMENT_MESSAGES.donationDeleted);
};
export default adminRoutes;
