import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMoneyNotifier } from '../../messages/notifications';
import { FedaPayGateway } from '../../payments/fedapay-gateway';
import type { PaymentGateway } from '../../payments/gateway';
import { SandboxGateway } from '../../payments/sandbox-gateway';
import type { PaymentsContext } from '../../services/payments/money';
import { loadReceiptSecret, receiptPath } from '../../services/payments/receipt-numbers';

// The payments context (services/payments/money.ts), built once per app and decorated as `app.payments` at the
// root, so the payments routes, the operations routes (money recorded by hand) and the tests (one pass of the
// background re-check) share it without module state.

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsContext;
  }
}

/** The gateway the configuration names, the receipt signing secret, and the listener that queues money notices. */
export async function createPaymentsContext(app: FastifyInstance): Promise<PaymentsContext> {
  const payments = app.config.payments;
  const gateway: PaymentGateway =
    payments.provider === 'sandbox'
      ? new SandboxGateway(app.db)
      : new FedaPayGateway({
          secretKey: payments.secretKey,
          environment: payments.environment,
          webhookSecret: payments.webhookSecret,
          apiBase: payments.apiBase,
          publicUrl: app.config.publicUrl,
        });
  const receiptSecret = await loadReceiptSecret(app.db);
  return {
    db: app.db,
    gateway,
    receiptSecret,
    log: app.log,
    membershipMonths: app.config.membershipPeriodMonths,
    onStatusChange: createMoneyNotifier({
      publicUrl: app.config.publicUrl,
      receiptPath: (kind, id, receiptNumber) => receiptPath(receiptSecret, kind, id, receiptNumber),
    }),
  };
}

export default fp(
  async function paymentsContext(app: FastifyInstance) {
    app.decorate('payments', await createPaymentsContext(app));
  },
  { name: 'payments-context' },
);
