import { yearDonorSchema, yearQuerySchema, yearReceiptsJobSchema } from '@shared/schemas/year-receipts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, notFound } from '../../platform/lib/http-errors';
import { seekPageQuerySchema, setPageHeaders } from '../../platform/lib/pagination';
import { actorOf, requireRole } from '../policy';
import { auditBy, recordAudit } from '../audit';
import {
  latestYearReceiptsJob,
  startYearReceiptsJob,
  streamYearReceiptsZip,
  yearReceiptIssuer,
  yearReceiptsJobView,
} from './year-receipt-jobs';
import { pageYearDonors } from './data/year-donors';

// Year-end receipts: the donors of a year one page at a time (searchable), and their ZIP made off the request
// thread: streamed as a worker thread makes it, or made once as a job whose progress the dashboard follows and
// whose file is then downloaded.
const routes: FastifyPluginAsyncZod = async (app) => {
  const admin = { onRequest: requireRole('administrateur') };
  const security = [{ bearer: [] }];
  const tags = ['gestion'];
  const jobParams = z.object({
    id: z.coerce
      .number<string | number>()
      .int()
      .min(1)
      .max(2 ** 31 - 1),
  });
  const services = () => ({ db: app.db, database: app.config.database, storage: app.storage, log: app.log });

  app.get(
    '/admin/year-receipts',
    {
      ...admin,
      schema: {
        tags,
        security,
        querystring: seekPageQuerySchema.extend(yearQuerySchema.shape),
        response: { 200: z.array(yearDonorSchema) },
      },
    },
    async (request, reply) => {
      const { items, total, next } = await pageYearDonors(app.db, request.query.year, request.query);
      setPageHeaders(reply, request.query, total, next);
      return items;
    },
  );

  const auditDownload = (request: FastifyRequest, year: number, details: Record<string, unknown> = {}) => {
    return recordAudit(app.db, {
      ...auditBy(actorOf(request)),
      action: 'year_receipts.download',
      entity: 'year_receipt',
      entityId: String(year),
      details: { year, ...details },
    });
  };

  app.get('/admin/year-receipts/zip', { ...admin, schema: { tags, security, querystring: yearQuerySchema } }, async (request, reply) => {
    await auditDownload(request, request.query.year, { format: 'zip' });
    const issuer = await yearReceiptIssuer(app.db, app.storage, request.log);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="recus-annuels-${request.query.year}.zip"`)
      .header('cache-control', 'private, no-store')
      .send(streamYearReceiptsZip(app.db, app.config.database, request.query.year, issuer, request.log));
  });

  app.post(
    '/admin/year-receipts/zip-jobs',
    { ...admin, schema: { tags, security, body: yearQuerySchema, response: { 202: yearReceiptsJobSchema } } },
    async (request, reply) => {
      const id = await startYearReceiptsJob(services(), request.body.year, actorOf(request));
      const { file_key: _key, ...view } = (await yearReceiptsJobView(app.db, id))!;
      return reply.status(202).send(view);
    },
  );

  app.get(
    '/admin/year-receipts/zip-jobs',
    { ...admin, schema: { tags, security, querystring: yearQuerySchema, response: { 200: yearReceiptsJobSchema.nullable() } } },
    async (request, reply) => {
      const job = await latestYearReceiptsJob(app.db, request.query.year);
      if (!job) return reply.send(null);
      const { file_key: _key, ...view } = job;
      return view;
    },
  );

  app.get(
    '/admin/year-receipts/zip-jobs/:id',
    { ...admin, schema: { tags, security, params: jobParams, response: { 200: yearReceiptsJobSchema } } },
    async (request) => {
      const job = await yearReceiptsJobView(app.db, request.params.id);
      if (!job) throw notFound('Cette préparation de reçus annuels est introuvable.');
      const { file_key: _key, ...view } = job;
      return view;
    },
  );

  app.get(
    '/admin/year-receipts/zip-jobs/:id/download',
    { ...admin, schema: { tags, security, params: jobParams } },
    async (request, reply) => {
      const job = await yearReceiptsJobView(app.db, request.params.id);
      if (!job) throw notFound('Cette préparation de reçus annuels est introuvable.');
      if (job.status !== 'done' || !job.file_key) throw conflict('Les reçus annuels sont encore en préparation.');
      const file = await app.storage.open(job.file_key);
      if (!file) throw notFound('Cette préparation de reçus annuels est introuvable.');
      await auditDownload(request, job.year, { format: 'zip', job: job.id });
      return reply
        .type('application/zip')
        .header('content-length', String(file.size))
        .header('content-disposition', `attachment; filename="recus-annuels-${job.year}.zip"`)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
};
export default routes;
