import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sessionRoutes from './session-routes';

// Accounts and access (issue "Accounts and access"). Registered under /api by routes/index.ts.
const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(sessionRoutes);
};
export default routes;
