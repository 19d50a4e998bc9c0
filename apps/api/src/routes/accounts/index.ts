import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import profileRoutes from './profile-routes';
import registerRoutes from './register-routes';
import sessionRoutes from './session-routes';
import userRoutes from './user-routes';

// Accounts and access (issue "Accounts and access"). Registered under /api by routes/index.ts.
const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(sessionRoutes);
  await app.register(registerRoutes);
  await app.register(profileRoutes);
  await app.register(userRoutes);
};
export default routes;
