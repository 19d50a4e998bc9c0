import { messageSchema } from '@shared/schemas/api-common';
import { PROJECT_FILES, PROJECT_MESSAGES, projectFieldsSchema, projectStatusUpdateSchema } from '@shared/schemas/project';
import { idParamsSchema } from '@shared/schemas/id-param';
import { projectSchema } from '@shared/schemas/public-site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listExport } from '../../platform/exports/csv-route-hook';
import { downloadRoute } from '../../platform/http/file-replies';
import { seekPageQuerySchema, setPageHeaders } from '../../platform/lib/pagination';
import { readUpload, validateUpload } from '../../platform/uploads/uploads';
import { actorOf, requireRole } from '../policy';
import { projectsExport } from './exports';
import { listProjects, setProjectStatus, submitProject } from './service';

// Projects: the public submission form, the administrators' list and the submitted files.
const routes: FastifyPluginAsyncZod = async (app) => {
  const guard = requireRole('administrateur');

  app.post(
    '/projects',
    {
      config: { rateLimit: app.limits.publicForm },
      schema: { tags: ['site public'], consumes: ['multipart/form-data'], response: { 201: messageSchema } },
    },
    async (request, reply) => {
      const upload = await readUpload(request, PROJECT_FILES);
      const fields = validateUpload(projectFieldsSchema, upload, PROJECT_FILES, []);
      await submitProject(app.db, app.storage, fields, upload.files.project_file);
      return reply.status(201).send({ message: PROJECT_MESSAGES.success });
    },
  );

  app.get(
    '/projects/unconfirmed',
    {
      onRequest: guard,
      config: { csvExport: listExport(projectsExport) },
      schema: {
        tags: ['modération'],
        security: [{ bearer: [] }],
        querystring: seekPageQuerySchema,
        response: { 200: z.array(projectSchema) },
      },
    },
    async (request, reply) => {
      const page = await listProjects(app.db, request.query);
      setPageHeaders(reply, request.query, page.total, page.next);
      return page.items;
    },
  );

  app.patch(
    '/projects/:id',
    {
      onRequest: guard,
      schema: {
        tags: ['modération'],
        security: [{ bearer: [] }],
        params: idParamsSchema,
        body: projectStatusUpdateSchema,
        response: { 200: z.object({ message: z.string(), project: projectSchema }) },
      },
    },
    async (request) => setProjectStatus(app.db, actorOf(request), request.params.id, request.body.status, request.body.message),
  );

  downloadRoute(app, guard, '/projects/download/:filename', 'projects', 'projet');
};
export default routes;
