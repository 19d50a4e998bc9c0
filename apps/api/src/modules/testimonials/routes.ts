import { messageSchema } from '@shared/schemas/api-common';
import { idParamsSchema } from '@shared/schemas/id-param';
import { adminTestimonialSchema, publicTestimonialSchema } from '@shared/schemas/public-site';
import { TESTIMONIAL_FILES, TESTIMONIAL_MESSAGES, testimonialFieldsSchema } from '@shared/schemas/testimonial';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listExport } from '../../platform/exports/csv-route-hook';
import { fileParams, missingFile, publicImageRoute } from '../../platform/http/file-replies';
import { servePublicList } from '../../platform/http/public-lists';
import { pageQuerySchema, setPageHeaders } from '../../platform/lib/pagination';
import { openStoredFile } from '../../platform/storage/stored-files';
import { readUpload, validateUpload } from '../../platform/uploads/uploads';
import { actorOf, requireRole } from '../policy';
import { testimonialsExport } from './exports';
import {
  deleteTestimonial,
  isPublishedAvatar,
  listPublishedTestimonials,
  listTestimonialsForAdmin,
  publishTestimonial,
  submitTestimonial,
} from './service';

// Testimonials: the public form and list, their moderation, and their avatars.
const routes: FastifyPluginAsyncZod = async (app) => {
  const admin = { onRequest: requireRole('administrateur') };
  const security = [{ bearer: [] }];
  const moderation = ['modération'];

  const testimonialsResponse = z.array(publicTestimonialSchema);
  app.get(
    '/testimonials',
    { compress: false, schema: { tags: ['site public'], querystring: pageQuerySchema, response: { 200: testimonialsResponse } } },
    servePublicList(app, 'testimonials', testimonialsResponse, listPublishedTestimonials),
  );

  app.post(
    '/testimonial',
    {
      config: { rateLimit: app.limits.publicForm },
      schema: { tags: ['site public'], consumes: ['multipart/form-data'], response: { 201: messageSchema } },
    },
    async (request, reply) => {
      const upload = await readUpload(request, TESTIMONIAL_FILES);
      const fields = validateUpload(testimonialFieldsSchema, upload, TESTIMONIAL_FILES, ['avatar']);
      await submitTestimonial(app.db, app.storage, fields, upload.files.avatar!, request.ip);
      return reply.status(201).send({ message: TESTIMONIAL_MESSAGES.success });
    },
  );

  app.get(
    '/admin/testimonials',
    {
      ...admin,
      config: { csvExport: listExport(testimonialsExport) },
      schema: {
        tags: moderation,
        security,
        querystring: pageQuerySchema.extend({ status: z.enum(['pending', 'published']).optional() }),
        response: { 200: z.array(adminTestimonialSchema) },
      },
    },
    async (request, reply) => {
      const page = await listTestimonialsForAdmin(app.db, request.query.status, request.query);
      setPageHeaders(reply, request.query, page.total);
      return page.items;
    },
  );

  app.put(
    '/testimonials/:id/publish',
    { ...admin, schema: { tags: moderation, security, params: idParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      await publishTestimonial(app.db, request.params.id, actorOf(request));
      return { message: TESTIMONIAL_MESSAGES.published };
    },
  );

  app.delete(
    '/testimonials/:id',
    { ...admin, schema: { tags: moderation, security, params: idParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      await deleteTestimonial(app.db, app.storage, request.params.id, actorOf(request));
      return { message: TESTIMONIAL_MESSAGES.deleted };
    },
  );

  publicImageRoute(app, 'avatars', (name) => isPublishedAvatar(app.db, name));

  // Issue #18 §5: administrators see a testimonial's avatar before publishing it (the public route answers 404
  // until then). Shown inline, never cached by shared caches.
  app.get('/admin/avatars/:file', { ...admin, schema: { tags: moderation, security, params: fileParams } }, async (request, reply) => {
    const opened = await openStoredFile(app.storage, 'avatars', request.params.file);
    if (!opened) throw missingFile();
    return reply
      .header('content-type', opened.contentType)
      .header('content-length', String(opened.size))
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(opened.stream);
  });
};
export default routes;
