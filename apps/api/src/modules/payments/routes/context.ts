import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMoneyNotifier } from '../../messages';
import { FedaPayGateway } from '../gateways/fedapay-gateway';
import type { PaymentGateway } from '../gateways/gateway';
import { SandboxGateway } from '../gateways/sandbox-gateway';
import type { PaymentsContext } from '../money';
import { type MoneyHook, withMoneyHooks } from '../money-hooks';
import { loadReceiptSecret, receiptPath } from '../receipt-numbers';

// The payments context (payments/money.ts), built once per app and decorated as `app.payments` at the
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
  const moneyHooks = new Set<MoneyHook>();
  return {
    moneyHooks,
    db: app.db,
    gateway,
    receiptSecret,
    log: app.log,
    membershipMonths: app.config.membershipPeriodMonths,
    onStatusChange: withMoneyHooks(
      createMoneyNotifier({
        publicUrl: app.config.publicUrl,
        receiptPath: (kind, id, receiptNumber) => receiptPath(receiptSecret, kind, id, receiptNumber),
      }),
      moneyHooks,
    ),
  };
}

export default fp(
  async function paymentsContext(app: FastifyInstance) {
    app.decorate('payments', await createPaymentsContext(app));
  },
  { name: 'payments-context' },
);
