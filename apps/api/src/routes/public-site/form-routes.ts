import { CONTACT_MESSAGES, contactSchema } from '@shared/schemas/contact';
import { newsletterSchema } from '@shared/schemas/newsletter';
import { PROJECT_FILES, PROJECT_MESSAGES, projectFieldsSchema } from '@shared/schemas/project';
import { TESTIMONIAL_FILES, TESTIMONIAL_MESSAGES, testimonialFieldsSchema } from '@shared/schemas/testimonial';
import { VOLUNTEER_FILES, VOLUNTEER_MESSAGES, VOLUNTEER_REQUIRED_FILES, volunteerFieldsSchema } from '@shared/schemas/volunteer';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod, serializerCompiler } from 'fastify-type-provider-zod';
import type { DB } from '../../db/database';
import { z } from 'zod';
import { type PageQuery, pageQuerySchema, setPageHeaders } from '../../lib/pagination';
import { precompress, sendPrecompressedJson } from '../../lib/precompressed';
import { readUpload, validateUpload } from '../../lib/uploads';
import { saveContactMessage } from '../../services/public-site/contact-messages';
import { subscribe } from '../../services/public-site/newsletter';
import { createPublicListCache, type PublicList } from '../../services/public-site/public-list-cache';
import { submitProject } from '../../services/public-site/projects';
import { listPublishedTestimonials, submitTestimonial } from '../../services/public-site/testimonials';
import { listConfirmedVolunteers, registerVolunteer } from '../../services/public-site/volunteers';
import { messageSchema } from '@shared/schemas/api-common';
import { publicTestimonialSchema, publicVolunteerSchema } from '@shared/schemas/public-site';

const tags = ['site public'];
const multipartDoc = { consumes: ['multipart/form-data'] };

const formRoutes: FastifyPluginAsyncZod = async (app) => {
  const limited = { rateLimit: app.limits.publicForm };

  app.post('/contact', { config: limited, schema: { tags, body: contactSchema, response: { 200: messageSchema } } }, async (request) => {
    await saveContactMessage(app.db, request.body);
    return { message: CONTACT_MESSAGES.success };
  });

  app.post(
    '/subscribe',
    { config: limited, schema: { tags, body: newsletterSchema, response: { 200: messageSchema } } },
    async (request) => ({ message: (await subscribe(app.db, request.body.email)).message }),
  );

  // Public lists are served from rendered pages checked against the list's version (public-list-cache.ts), compressed
  // once with the page (lib/precompressed.ts), so @fastify/compress's per-reply hook is left off these routes.
  const publicLists = createPublicListCache(app.db);
  app.addHook('onClose', async () => publicLists.close());
  const servePublicList = (
    list: PublicList,
    response: z.ZodType,
    load: (db: DB, query: PageQuery) => Promise<{ items: unknown[]; total: number }>,
  ) => {
    // The route's own 200 serialiser (zod parse + JSON.stringify), run once per list version instead of per request.
    const serialize = serializerCompiler({ schema: response, method: 'GET', url: `/api/${list}`, httpStatus: '200' });
    return async (request: FastifyRequest<{ Querystring: PageQuery }>, reply: FastifyReply) => {
      const page = await publicLists.page(list, request.query, async () => {
        const { items, total } = await load(app.db, request.query);
        return { body: precompress(Buffer.from(serialize(items))), total };
      });
      setPageHeaders(reply, request.query, page.total);
      return sendPrecompressedJson(request, reply, page.body);
    };
  };
  const testimonialsResponse = z.array(publicTestimonialSchema);
  app.get(
    '/testimonials',
    { compress: false, schema: { tags, querystring: pageQuerySchema, response: { 200: testimonialsResponse } } },
    servePublicList('testimonials', testimonialsResponse, listPublishedTestimonials),
  );

  app.post(
    '/testimonial',
    { config: limited, schema: { tags, ...multipartDoc, response: { 201: messageSchema } } },
    async (request, reply) => {
      const upload = await readUpload(request, TESTIMONIAL_FILES);
      const fields = validateUpload(testimonialFieldsSchema, upload, TESTIMONIAL_FILES, ['avatar']);
      await submitTestimonial(app.db, app.storage, fields, upload.files.avatar!);
      return reply.status(201).send({ message: TESTIMONIAL_MESSAGES.success });
    },
  );

  const volunteersResponse = z.array(publicVolunteerSchema);
  app.get(
    '/volunteers',
    { compress: false, schema: { tags, querystring: pageQuerySchema, response: { 200: volunteersResponse } } },
    servePublicList('volunteers', volunteersResponse, listConfirmedVolunteers),
  );

  app.post(
    '/volunteers',
    { config: limited, schema: { tags, ...multipartDoc, response: { 201: messageSchema } } },
    async (request, reply) => {
      const upload = await readUpload(request, VOLUNTEER_FILES);
      const isRestricted = ['1', 'true', 'on'].includes(upload.fields.under_restriction ?? '');
      const required = isRestricted ? [...VOLUNTEER_REQUIRED_FILES, 'restriction_proof' as const] : VOLUNTEER_REQUIRED_FILES;
      const fields = validateUpload(volunteerFieldsSchema, upload, VOLUNTEER_FILES, required);
      await registerVolunteer(app.db, app.storage, fields, upload.files);
      return reply.status(201).send({ message: VOLUNTEER_MESSAGES.success });
    },
  );

  app.post(
    '/projects',
    { config: limited, schema: { tags, ...multipartDoc, response: { 201: messageSchema } } },
    async (request, reply) => {
      const upload = await readUpload(request, PROJECT_FILES);
      const fields = validateUpload(projectFieldsSchema, upload, PROJECT_FILES, []);
      await submitProject(app.db, app.storage, fields, upload.files.project_file);
      return reply.status(201).send({ message: PROJECT_MESSAGES.success });
    },
  );
};
export default formRoutes;
