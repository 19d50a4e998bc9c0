import type { FastifyPluginAsync } from 'fastify';
import adminRoutes from './admin-routes';
import passwordRoutes from './password-routes';

/** Account recovery, the outbox view, newsletter sending and unsubscribing. */
const messages: FastifyPluginAsync = async (app) => {
  await app.register(passwordRoutes);
  await app.register(adminRoutes);
};
export default messages;
