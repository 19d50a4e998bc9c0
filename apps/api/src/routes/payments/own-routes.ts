import { DONATION_PURPOSE_LABELS, type DonationPurpose, PAYMENT_TYPE_LABELS, type PaymentType } from '@shared/constants';
import { ownMoneySchema } from '@shared/schemas/donation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import type { MoneyService } from '../../services/payments/money-service';

/** How many of one's own records the member space shows (a member pays a few times a year). */
const OWN_LIMIT = 50;

// The member space's "payments and donations made while logged in, with their receipts" (CONTRACT.md).
const ownRoutes: FastifyPluginAsyncZod<{ service: MoneyService }> = async (app, { service }) => {
  app.get(
    '/profile/money',
    { onRequest: requireAuth, schema: { tags: ['comptes'], security: [{ bearer: [] }], response: { 200: ownMoneySchema } } },
    async (request) => {
      const userId = request.user!.id;
      const columns = ['id', 'amount', 'transaction_status', 'receipt_number', 'created_at'] as const;
      const [payments, donations] = await Promise.all([
        app.db
          .selectFrom('payments')
          .select([...columns, 'payment_type'])
          .where('user_id', '=', userId)
          .where('deleted_at', 'is', null)
          .orderBy('id', 'desc')
          .limit(OWN_LIMIT)
          .execute(),
        app.db
          .selectFrom('donations')
          .select([...columns, 'purpose'])
          .where('user_id', '=', userId)
          .where('deleted_at', 'is', null)
          .orderBy('id', 'desc')
          .limit(OWN_LIMIT)
          .execute(),
      ]);
      const items = [
        ...payments.map((p) => ({
          kind: 'payment' as const,
          ...p,
          label: PAYMENT_TYPE_LABELS[p.payment_type as PaymentType] ?? p.payment_type,
          receipt_url: service.receiptUrl('payment', p),
        })),
        ...donations.map((d) => ({
          kind: 'donation' as const,
          ...d,
          label: `Don — ${DONATION_PURPOSE_LABELS[d.purpose as DonationPurpose] ?? d.purpose}`,
          receipt_url: service.receiptUrl('donation', d),
        })),
      ];
      return items.sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, OWN_LIMIT);
    },
  );
};
export default ownRoutes;
