import { processingSchema } from '@shared/schemas/privacy-registers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clock } from '../../platform/lib/clock';
import { requireRole } from '../policy';
import { currentController } from './controller';
import { buildRegister, registerHtml, registerPdf } from './register';

// GET /api/admin/privacy/register: the register of processings as a page (HTML), or as a PDF with ?format=pdf or
// an Accept header asking for application/pdf first; GET /api/admin/privacy/processings: the same rows as JSON, for
// the dashboard.
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/privacy/processings',
    {
      onRequest: requireRole('administrateur'),
      schema: { tags: ['gestion'], security: [{ bearer: [] }], response: { 200: z.array(processingSchema) } },
    },
    async () => buildRegister(app.config, clock.now(), await currentController(app.db, app.config)).processings,
  );

  app.get(
    '/admin/privacy/register',
    {
      onRequest: requireRole('administrateur'),
      schema: { tags: ['gestion'], security: [{ bearer: [] }], querystring: z.object({ format: z.enum(['html', 'pdf']).optional() }) },
    },
    async (request, reply) => {
      const register = buildRegister(app.config, clock.now(), await currentController(app.db, app.config));
      const accept = request.headers.accept ?? '';
      const wantsPdf = request.query.format === 'pdf' || (!request.query.format && /^\s*application\/pdf/.test(accept));
      reply.header('cache-control', 'private, no-store');
      if (wantsPdf) {
        const day = register.generated_at.slice(0, 10);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="registre-des-traitements-${day}.pdf"`)
          .send(await registerPdf(register));
      }
      return reply.type('text/html; charset=utf-8').send(registerHtml(register));
    },
  );
};
export default routes;
