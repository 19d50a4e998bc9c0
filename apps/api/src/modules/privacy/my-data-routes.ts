import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../platform/lib/http-errors';
import { clock } from '../../platform/lib/clock';
import { openDataLink } from './my-data';
import { myDataPage, myDataRefusal } from './my-data-page';
import { summarise } from './my-data-summary';
import { exportPerson, personOfRequest, readablePerson } from './person';

// `/mes-donnees/{token}` (the printable page the person's SMS brings) and, under /api, the same summary as JSON and
// the ZIP beside it. Never cached, never sent as a referrer (the token is in the address).

const tokenParams = z.object({ token: z.string().max(100) });
const noStore = { 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex' };

const sectionSchema = z.object({
  key: z.string(),
  title: z.string(),
  items: z.array(z.array(z.object({ label: z.string(), value: z.string() }))),
});
const myDataSchema = z.object({ generated_at: z.string(), expires_at: z.string(), zip: z.string(), sections: z.array(sectionSchema) });

/** The page, at the root (outside /api): the web app's fallback never sees this path. */
export const myDataPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mes-donnees/:token',
    { config: { rateLimit: app.limits.publicForm }, schema: { hide: true, params: tokenParams } },
    async (request, reply) => {
      reply.headers(noStore).type('text/html; charset=utf-8');
      try {
        const link = await openDataLink(app.db, request.params.token);
        const data = await readablePerson(app.db, await personOfRequest(app.db, link));
        return myDataPage({
          sections: summarise(data),
          generatedAt: clock.now().toISOString(),
          expiresAt: link.expires_at,
          zipHref: `/api/my-data/${encodeURIComponent(request.params.token)}/zip`,
        });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return reply.code(error.statusCode).send(myDataRefusal(error.message));
      }
    },
  );
};

/** Under /api: the summary as JSON, and the ZIP. */
export const myDataApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['données personnelles'];
  app.get(
    '/my-data/:token',
    { config: { rateLimit: app.limits.publicForm }, schema: { tags, params: tokenParams, response: { 200: myDataSchema } } },
    async (request, reply) => {
      const link = await openDataLink(app.db, request.params.token);
      const data = await readablePerson(app.db, await personOfRequest(app.db, link));
      reply.headers(noStore);
      return {
        generated_at: clock.now().toISOString(),
        expires_at: link.expires_at,
        zip: `/api/my-data/${encodeURIComponent(request.params.token)}/zip`,
        sections: summarise(data),
      };
    },
  );

  app.get(
    '/my-data/:token/zip',
    { config: { rateLimit: app.limits.publicForm }, schema: { tags, params: tokenParams } },
    async (request, reply) => {
      const link = await openDataLink(app.db, request.params.token);
      const person = await personOfRequest(app.db, link);
      return reply
        .headers(noStore)
        .type('application/zip')
        .header('content-disposition', 'attachment; filename="mes-donnees.zip"')
        .send(await exportPerson(app.db, app.storage, app.config, person));
    },
  );
};
