import type { FastifyPluginAsync } from 'fastify';
import { SandboxGateway } from '../../payments/sandbox-gateway';
import { pollPendingOnce } from '../../services/payments/money';
import adminRoutes from './admin-routes';
import causeRoutes from './cause-routes';
import ownRoutes from './own-routes';
import publicRoutes from './public-routes';
import receiptRoutes from './receipt-routes';
import sandboxRoutes from './sandbox-routes';
import webhookRoutes from './webhook-routes';

/** How often pending transactions are re-checked with the provider (mobile money often stays pending for minutes). */
export const PENDING_RECHECK_INTERVAL_MS = 60_000;

// Payments and donations (issue 5). Registered under /api by routes/index.ts; `app.payments` (./context.ts) is
// the context every money flow is given.
const routes: FastifyPluginAsync = async (app) => {
  const payments = app.payments;
  await app.register(publicRoutes, { payments });
  await app.register(adminRoutes, { payments });
  await app.register(causeRoutes);
  await app.register(ownRoutes, { payments });
  await app.register(receiptRoutes, { secret: payments.receiptSecret });
  if (payments.gateway instanceof SandboxGateway) await app.register(sandboxRoutes, { payments, gateway: payments.gateway });
  else await app.register(webhookRoutes, { payments });

  // Background re-check of pending transactions: a payment approved on the phone after the browser
  // left is still recorded. Unref'd so it never keeps the process alive; stopped on close.
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return;
      running = true;
      pollPendingOnce(payments)
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
