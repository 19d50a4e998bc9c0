import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import codeLoginRoutes from './routes/code-login-routes';
import profileRoutes from './routes/profile-routes';
import recoveryRoutes from './routes/recovery-routes';
import registerRoutes from './routes/register-routes';
import sessionRoutes from './routes/session-routes';
import telephoneConflictRoutes from './routes/telephone-conflict-routes';
import userRoutes from './routes/user-routes';

// Accounts and access: sessions, registration, profile, users and act-as, password recovery.
// Registered under /api by register-modules.ts.
const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(sessionRoutes);
  await app.register(codeLoginRoutes);
  await app.register(registerRoutes);
  await app.register(profileRoutes);
  await app.register(userRoutes);
  await app.register(recoveryRoutes);
  await app.register(telephoneConflictRoutes);
};
export default routes;
