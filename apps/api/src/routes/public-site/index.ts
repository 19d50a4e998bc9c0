import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Routes of the "public-site" area (see the matching issue). Registered under /api by routes/index.ts.
const routes: FastifyPluginAsyncZod = async (_app) => {};
export default routes;
