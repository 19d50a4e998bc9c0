import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fileRoutes from './file-routes';
import formRoutes from './form-routes';
import moderationRoutes from './moderation-routes';

// Public site (issue 4): public forms and lists, public images, moderation and private downloads.
// Registered under /api by routes/index.ts.
const routes: FastifyPluginAsyncZod = async (app) => {
  // Limits are given per request by lib/uploads.ts; the parser lives only in this area.
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart, { throwFileSizeLimit: false });
  await app.register(formRoutes);
  await app.register(moderationRoutes);
  await app.register(fileRoutes);
};
export default routes;
