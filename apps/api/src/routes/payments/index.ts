import type { FastifyPluginAsync } from 'fastify';
import { FedaPayGateway } from '../../payments/fedapay-gateway';
import type { PaymentGateway } from '../../payments/gateway';
import { SandboxGateway } from '../../payments/sandbox-gateway';
import { MoneyService } from '../../services/payments/money-service';
import { loadReceiptSecret, receiptPath } from '../../services/payments/receipt-numbers';
import adminRoutes from './admin-routes';
import causeRoutes from './cause-routes';
import ownRoutes from './own-routes';
import { setPaymentsService } from './context';
import publicRoutes from './public-routes';
import receiptRoutes from './receipt-routes';
import sandboxRoutes from './sandbox-routes';
import webhookRoutes from './webhook-routes';
import { createMoneyNotifier } from '../../messages/notifications';

/** How often pending transactions are re-checked with the provider (mobile money often stays pending for minutes). */
export const PENDING_RECHECK_INTERVAL_MS = 60_000;

// Payments and donations (issue 5). Registered under /api by routes/index.ts.
const routes: FastifyPluginAsync = async (app) => {
  const payments = app.config.payments;
  const sandbox = payments.provider === 'sandbox' ? new SandboxGateway(app.db) : null;
  const gateway: PaymentGateway =
    sandbox ??
    new FedaPayGateway({
      secretKey: payments.provider === 'fedapay' ? payments.secretKey : '',
      environment: payments.provider === 'fedapay' ? payments.environment : 'sandbox',
      webhookSecret: payments.provider === 'fedapay' ? payments.webhookSecret : '',
      apiBase: payments.provider === 'fedapay' ? payments.apiBase : undefined,
      publicUrl: app.config.publicUrl,
    });
  const secret = await loadReceiptSecret(app.db);
  const service = new MoneyService(app.db, gateway, secret, app.log);
  service.onStatusChange = createMoneyNotifier({
    publicUrl: app.config.publicUrl,
    receiptPath: (kind, id, receiptNumber) => receiptPath(secret, kind, id, receiptNumber),
  });
  service.membershipMonths = app.config.membershipPeriodMonths;
  setPaymentsService(app, service);

  await app.register(publicRoutes, { service });
  await app.register(adminRoutes, { service });
  await app.register(causeRoutes);
  await app.register(ownRoutes, { service });
  await app.register(receiptRoutes, { service, secret });
  if (sandbox) await app.register(sandboxRoutes, { service, gateway: sandbox });
  else await app.register(webhookRoutes, { service });

  // Background re-check of pending transactions: a payment approved on the phone after the browser
  // left is still recorded. Unref'd so it never keeps the process alive; stopped on close.
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return;
      running = true;
      service
        .pollPendingOnce()
        .catch((error) => app.log.warn({ err: error }, 'pending payments re-check failed'))
        .finally(() => {
          running = false;
        });
    }, PENDING_RECHECK_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
};
export default routes;
