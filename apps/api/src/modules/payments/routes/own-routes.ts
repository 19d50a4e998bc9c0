import { messageSchema } from '@shared/schemas/api-common';
import { ownMoneyCheckParamsSchema, ownMoneyItemSchema, ownMoneySchema } from '@shared/schemas/donation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../policy';
import { forRequest, type PaymentsContext } from '../money';
import { checkOwnRecord, listOwnMoney } from '../own-money';

// The member space's "payments and donations made while logged in, with their receipts" (docs/product/accounts.md).
const ownRoutes: FastifyPluginAsyncZod<{ payments: PaymentsContext }> = async (app, { payments }) => {
  const doc = { tags: ['comptes'], security: [{ bearer: [] }] };
  app.get('/profile/money', { onRequest: requireAuth, schema: { ...doc, response: { 200: ownMoneySchema } } }, async (request) =>
    listOwnMoney(app.db, payments.receiptSecret, request.user!.id),
  );

  // A pending payment checked later, from the member space on any device (docs/product/payments.md).
  app.post(
    '/profile/money/:kind/:id/check',
    {
      onRequest: requireAuth,
      config: { rateLimit: app.limits.publicForm },
      schema: { ...doc, params: ownMoneyCheckParamsSchema, response: { 200: ownMoneyItemSchema, 404: messageSchema } },
    },
    async (request) => checkOwnRecord(forRequest(payments, request), request.params.kind, request.params.id, request.user!.id),
  );
};
export default ownRoutes;
