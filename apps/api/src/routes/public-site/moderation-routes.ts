import { BACK_OFFICE_MESSAGES, CONTACT_MESSAGE_STATUSES, contactHandledSchema } from '@shared/schemas/back-office';
import { TESTIMONIAL_MESSAGES } from '@shared/schemas/testimonial';
import { VOLUNTEER_MESSAGES, VOLUNTEER_REFUSAL_MESSAGES, volunteerRefusalSchema } from '@shared/schemas/volunteer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuerySchema, setPageHeaders } from '../../lib/pagination';
import { actorOf, requireRole } from '../../plugins/auth';
import { listContactMessages, setContactMessageHandled } from '../../services/public-site/contact-messages';
import { listSubscribers } from '../../services/public-site/newsletter';
import { listProjects } from '../../services/public-site/projects';
import { deleteTestimonial, listTestimonialsForAdmin, publishTestimonial } from '../../services/public-site/testimonials';
import { confirmVolunteer, listUnconfirmedVolunteers, refuseVolunteer } from '../../services/public-site/volunteers';
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
  const admin = { onRequest: requireRole('administrateur') };
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
      await confirmVolunteer(app.db, request.params.id, actorOf(request));
      return { message: VOLUNTEER_MESSAGES.confirmed };
    },
  );

  app.put(
    '/volunteers/:id/refuse',
    { ...admin, schema: { tags, security, params: idParamsSchema, body: volunteerRefusalSchema, response: { 200: messageSchema } } },
    async (request) => {
      await refuseVolunteer(app.db, request.params.id, actorOf(request), request.body.reason);
      return { message: VOLUNTEER_REFUSAL_MESSAGES.refused };
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
      await publishTestimonial(app.db, request.params.id, actorOf(request));
      return { message: TESTIMONIAL_MESSAGES.published };
    },
  );

  app.delete(
    '/testimonials/:id',
    { ...admin, schema: { tags, security, params: idParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      await deleteTestimonial(app.db, app.storage, request.params.id, actorOf(request));
      return { message: TESTIMONIAL_MESSAGES.deleted };
    },
  );

  app.get(
    '/contact-messages',
    {
      ...admin,
      schema: {
        tags,
        security,
        querystring: pageQuerySchema.extend({ status: z.enum(CONTACT_MESSAGE_STATUSES).optional() }),
        response: { 200: z.array(contactMessageSchema) },
      },
    },
    async (request, reply) => {
      const page = await listContactMessages(app.db, request.query, request.query.status);
      setPageHeaders(reply, request.query, page.total);
      return page.items;
    },
  );

  // Issue #18 §5: an administrator marks a message handled (or new again); the landing view counts the new ones.
  app.put(
    '/contact-messages/:id/handled',
    { ...admin, schema: { tags, security, params: idParamsSchema, body: contactHandledSchema, response: { 200: messageSchema } } },
    async (request) => {
      await setContactMessageHandled(app.db, request.params.id, request.body.handled, actorOf(request));
      return { message: request.body.handled ? BACK_OFFICE_MESSAGES.messageHandled : BACK_OFFICE_MESSAGES.messageReopened };
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
