import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import providerRoutes from './provider-routes';
import zoneProviderRoutes from './zone-provider-routes';

// Routes of the providers area (provider records, zone providers). Registered under /api by register-modules.ts.
const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(providerRoutes);
  await app.register(zoneProviderRoutes);
};
export default routes;
