import { periodicPass } from '../../platform/lib/periodic-pass';
import type { FastifyPluginAsync } from 'fastify';
import { SandboxGateway } from './gateways/sandbox-gateway';
import { pollPendingOnce } from './money';
import adminRoutes from './routes/admin-routes';
import causeRoutes from './routes/cause-routes';
import ownRoutes from './routes/own-routes';
import publicRoutes from './routes/public-routes';
import receiptRoutes from './routes/receipt-routes';
import sandboxRoutes from './routes/sandbox-routes';
import webhookRoutes from './routes/webhook-routes';

/** How often pending transactions are re-checked with the provider (mobile money often stays pending for minutes). */
export const PENDING_RECHECK_INTERVAL_MS = 60_000;

// Payments and donations (issue 5). Registered under /api by register-modules.ts; `app.payments` (./routes/context.ts) is
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
  const recheck = periodicPass('pending payments re-check', () => pollPendingOnce(payments), app.log, {
    intervalMs: PENDING_RECHECK_INTERVAL_MS,
  });
  app.addHook('onReady', async () => recheck.start());
  app.addHook('onClose', async () => recheck.stop());
};
export default routes;
