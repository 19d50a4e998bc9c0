import { TESTIMONIAL_MESSAGES } from '@shared/schemas/testimonial';
import { VOLUNTEER_MESSAGES } from '@shared/schemas/volunteer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuerySchema, setPageHeaders } from '../../lib/pagination';
import { requireRole } from '../../plugins/auth';
import { listContactMessages } from '../../services/public-site/contact-messages';
import { listSubscribers } from '../../services/public-site/newsletter';
import { listProjects } from '../../services/public-site/projects';
import { deleteTestimonial, listTestimonialsForAdmin, publishTestimonial } from '../../services/public-site/testimonials';
import { confirmVolunteer, listUnconfirmedVolunteers } from '../../services/public-site/volunteers';
import { messageSchema } from '@shared/schemas/api-common';
import { idParamsSchema } from '@shared/schemas/id-param';
import {
  adminTestimonialSchema,
  contactMessageSchema,
  projectSchema,
  subscriberSchema,
  unconfirmedVolunteerSchema,
} from '@shared/schemas/public-site';

// Administrator views of what visitors sent (spec §2 admin dashboard, §7; CONTRACT.md moderation).
const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { preHandler: requireRole('administrateur') };
  const tags = ['modération'];
  const security = [{ bearer: [] }];

  app.get(
    '/volunteers/unconfirmed',
    { ...admin, schema: { tags, security, querystring: pageQuerySchema, response: { 200: z.array(unconfirmedVolunteerSchema) } } },
    async (request, reply) => {
      const page = await listUnconfirmedVolunteers(app.db, request.query);
      setPageHeaders(reply, request.query, page.total);
      return page.items;
    },
  );

  app.put(
    '/volunteers/:id/confirm',
    { ...admin, schema: { tags, security, params: idParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      await confirmVolunteer(app.db, request.params.id, request.user!.id);
      return { message: VOLUNTEER_MESSAGES.confirmed };
    },
  );

  app.get(
    '/projects/unconfirmed',
    { ...admin, schema: { tags, security, querystring: pageQuerySchema, response: { 200: z.array(projectSchema) } } },
    async (request, reply) => {
      const page = await listProjects(app.db, request.query);
      setPageHeaders(reply, request.query, page.total);
      return page.items;
    },
  );

  app.get(
    '/admin/testimonials',
    {
      ...admin,
      schema: {
        tags,
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
    { ...admin, schema: { tags, security, params: idParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      await publishTestimonial(app.db, request.params.id, request.user!.id);
      return { message: TESTIMONIAL_MESSAGES.published };
    },
  );

  app.delete(
    '/testimonials/:id',
    { ...admin, schema: { tags, security, params: idParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      await deleteTestimonial(app, request.params.id, request.user!.id);
      return { message: TESTIMONIAL_MESSAGES.deleted };
    },
  );

  app.get(
    '/contact-messages',
    { ...admin, schema: { tags, security, querystring: pageQuerySchema, response: { 200: z.array(contactMessageSchema) } } },
    async (request, reply) => {
      const page = await listContactMessages(app.db, request.query);
      setPageHeaders(reply, request.query, page.total);
      return page.items;
    },
  );

  app.get(
    '/newsletter/subscribers',
    { ...admin, schema: { tags, security, querystring: pageQuerySchema, response: { 200: z.array(subscriberSchema) } } },
    async (request, reply) => {
      const page = await listSubscribers(app.db, request.query);
      setPageHeaders(reply, request.query, page.total);
      return page.items;
    },
  );
};
export default moderationRoutes;
