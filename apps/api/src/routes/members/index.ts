import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import providerRoutes from './provider-routes';
import questionnaireRoutes from './questionnaire-routes';
import zoneProviderRoutes from './zone-provider-routes';

// Routes of the "members" area (providers, questionnaire, zone providers). Registered under /api by routes/index.ts.
const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(providerRoutes);
  await app.register(questionnaireRoutes);
  await app.register(zoneProviderRoutes);
};
export default routes;
