import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Routes of the "admin" area. Registered under /api by routes/index.ts.
const routes: FastifyPluginAsyncZod = async (_app) => {};
export default routes;
