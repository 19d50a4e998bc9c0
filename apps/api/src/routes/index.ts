import type { FastifyInstance } from 'fastify';
import accounts from './accounts';
import admin from './admin';
import health from './health';
import members from './members';
import messages from './messages';
import operations from './operations';
import requestHooks from './operations/request-hooks';
import payments from './payments';
import paymentsContext from './payments/context';
import publicSite from './public-site';

/** Every API area, under /api. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  // At the root: `app.payments` is shared by the payments and operations routes, and reachable from tests.
  await app.register(paymentsContext);
  await app.register(
    async (api) => {
      // First: wraps every route declared after it (audit address, CSV exports of the admin lists).
      await api.register(requestHooks);
      await api.register(health);
      await api.register(accounts);
      await api.register(publicSite);
      await api.register(payments);
      await api.register(members);
      await api.register(admin);
      await api.register(messages);
      await api.register(operations);
    },
    { prefix: '/api' },
  );
}
