import { messageSchema } from '@shared/schemas/api-common';
import { idParamsSchema } from '@shared/schemas/id-param';
import { publicVolunteerSchema, unconfirmedVolunteerSchema } from '@shared/schemas/public-site';
import {
  decidedVolunteerSchema,
  decidedVolunteersQuerySchema,
  VOLUNTEER_FILES,
  VOLUNTEER_MESSAGES,
  VOLUNTEER_REFUSAL_MESSAGES,
  VOLUNTEER_REQUIRED_FILES,
  volunteerContactSchema,
  volunteerRefusalSchema,
} from '@shared/schemas/volunteer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listExport } from '../../platform/exports/csv-route-hook';
import { downloadRoute, publicImageRoute } from '../../platform/http/file-replies';
import { servePublicList } from '../../platform/http/public-lists';
import { pageQuerySchema, setPageHeaders } from '../../platform/lib/pagination';
import { readUpload, validateUpload } from '../../platform/uploads/uploads';
import { actorOf, requireRole } from '../policy';
import { unconfirmedVolunteersExport } from './exports';
import {
  confirmVolunteer,
  isConfirmedProfileImage,
  listConfirmedVolunteers,
  listDecidedVolunteers,
  listUnconfirmedVolunteers,
  refuseVolunteer,
  registerVolunteer,
} from './service';

// Volunteers: the public application form and list, their moderation, their photos and private documents.
const routes: FastifyPluginAsyncZod = async (app) => {
  const admin = { onRequest: requireRole('administrateur') };
  const security = [{ bearer: [] }];
  const moderation = ['modération'];

  const volunteersResponse = z.array(publicVolunteerSchema);
  app.get(
    '/volunteers',
    { compress: false, schema: { tags: ['site public'], querystring: pageQuerySchema, response: { 200: volunteersResponse } } },
    servePublicList(app, 'volunteers', volunteersResponse, listConfirmedVolunteers),
  );

  app.post(
    '/volunteers',
    {
      config: { rateLimit: app.limits.publicForm },
      schema: { tags: ['site public'], consumes: ['multipart/form-data'], response: { 201: messageSchema } },
    },
    async (request, reply) => {
      const upload = await readUpload(request, VOLUNTEER_FILES);
      const isRestricted = ['1', 'true', 'on'].includes(upload.fields.under_restriction ?? '');
      const required = isRestricted ? [...VOLUNTEER_REQUIRED_FILES, 'restriction_proof' as const] : VOLUNTEER_REQUIRED_FILES;
      const fields = validateUpload(volunteerContactSchema, upload, VOLUNTEER_FILES, required);
      await registerVolunteer(app.db, app.storage, fields, upload.files);
      return reply.status(201).send({ message: VOLUNTEER_MESSAGES.success });
    },
  );

  app.get(
    '/volunteers/unconfirmed',
    {
      ...admin,
      config: { csvExport: listExport(unconfirmedVolunteersExport) },
      schema: { tags: moderation, security, querystring: pageQuerySchema, response: { 200: z.array(unconfirmedVolunteerSchema) } },
    },
    async (request, reply) => {
      const page = await listUnconfirmedVolunteers(app.db, request.query);
      setPageHeaders(reply, request.query, page.total);
      return page.items;
    },
  );

  // Confirmed or refused volunteers, with what is kept of their deleted documents (docs/product/personal-data.md).
  app.get(
    '/volunteers/decided',
    {
      ...admin,
      schema: {
        tags: moderation,
        security,
        querystring: pageQuerySchema.extend(decidedVolunteersQuerySchema.shape),
        response: { 200: z.array(decidedVolunteerSchema) },
      },
    },
    async (request, reply) => {
      const page = await listDecidedVolunteers(app.db, request.query.status, request.query);
      setPageHeaders(reply, request.query, page.total);
      return page.items;
    },
  );

  app.put(
    '/volunteers/:id/confirm',
    { ...admin, schema: { tags: moderation, security, params: idParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      await confirmVolunteer(app.db, request.params.id, actorOf(request));
      return { message: VOLUNTEER_MESSAGES.confirmed };
    },
  );

  app.put(
    '/volunteers/:id/refuse',
    {
      ...admin,
      schema: { tags: moderation, security, params: idParamsSchema, body: volunteerRefusalSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      await refuseVolunteer(app.db, request.params.id, actorOf(request), request.body.reason);
      return { message: VOLUNTEER_REFUSAL_MESSAGES.refused };
    },
  );

  publicImageRoute(app, 'volunteer-profile-images', (name) => isConfirmedProfileImage(app.db, name));
  const guard = requireRole('administrateur');
  downloadRoute(app, guard, '/download/cv/:filename', 'cv', 'cv');
  downloadRoute(app, guard, '/download/criminal_record/:filename', 'criminal_record', 'casier-judiciaire');
  downloadRoute(app, guard, '/download/motivation_letter/:filename', 'motivation_letter', 'lettre-de-motivation');
  downloadRoute(app, guard, '/download/restriction_proof/:filename', 'restriction_proof', 'justificatif-restriction');
  // A pending volunteer's photo is not public yet; the administrator sees it before confirming (issue 18).
  downloadRoute(app, guard, '/download/profile_image/:filename', 'volunteer-profile-images', 'photo');
};
export default routes;
