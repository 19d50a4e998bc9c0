import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Routes of the "members" area. Registered under /api by routes/index.ts.
const routes: FastifyPluginAsyncZod = async (_app) => {};
export default routes;
