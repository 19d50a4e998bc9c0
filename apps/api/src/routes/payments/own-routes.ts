import { ownMoneySchema } from '@shared/schemas/donation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import type { PaymentsContext } from '../../services/payments/money';
import { listOwnMoney } from '../../services/payments/own-money';

// The member space's "payments and donations made while logged in, with their receipts" (CONTRACT.md).
const ownRoutes: FastifyPluginAsyncZod<{ payments: PaymentsContext }> = async (app, { payments }) => {
  app.get(
    '/profile/money',
    { onRequest: requireAuth, schema: { tags: ['comptes'], security: [{ bearer: [] }], response: { 200: ownMoneySchema } } },
    async (request) => listOwnMoney(app.db, payments.receiptSecret, request.user!.id),
  );
};
export default ownRoutes;
