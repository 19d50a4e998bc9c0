import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import adminRoutes from './admin-routes';
import checkInRoutes from './check-in-routes';
import type { EventsContext } from './context';
import { loadSecret } from '../../platform/database/app-secrets';
import { eventJobsSchedule } from './jobs';
import publicRoutes from './public-routes';
import { paidRegistrationHook } from './registrations';
import volunteerRoutes from './volunteer-routes';

/** The events context of an app (the same signing secret whichever process or test builds it). */
export async function eventsContextOf(app: FastifyInstance): Promise<EventsContext> {
  return {
    db: app.db,
    secret: await loadSecret(app.db, 'event_tickets'),
    publicUrl: app.config.publicUrl,
    payments: app.payments,
    log: app.log,
  };
}

// Events and volunteer shifts, under /api.
const routes: FastifyPluginAsync = async (app) => {
  const ctx = await eventsContextOf(app);
  // An approved payment confirms its registration in the transaction that records the approval.
  app.payments.moneyHooks?.add(paidRegistrationHook(ctx));
  await app.register(publicRoutes, { ctx });
  await app.register(adminRoutes, { ctx });
  await app.register(checkInRoutes, { ctx });
  await app.register(volunteerRoutes, { ctx });

  const jobs = eventJobsSchedule(ctx);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
};
export default routes;
