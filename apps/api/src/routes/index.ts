import type { FastifyInstance } from 'fastify';
import accounts from './accounts';
import admin from './admin';
import health from './health';
import members from './members';
import messages from './messages';
import payments from './payments';
import publicSite from './public-site';

/** Every API area, under /api. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(
    async (api) => {
      await api.register(health);
      await api.register(accounts);
      await api.register(publicSite);
      await api.register(payments);
      await api.register(members);
      await api.register(admin);
      await api.register(messages);
    },
    { prefix: '/api' },
  );
}
