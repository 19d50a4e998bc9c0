import { adminOrganisationSchema, organisationInputSchema, organisationSchema } from '@shared/schemas/organisation';
import { FILE_RULES } from '@shared/schemas/upload-rules';
import { feeSettingsSchema, paymentFeesSchema } from '@shared/schemas/settings';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireRole } from '../policy';
import { getFeeSettings, saveFeeSettings } from './fees';
import { missingFile } from '../../platform/http/file-replies';
import { readUpload, storeThenCommit, validateUpload } from '../../platform/uploads/uploads';
import { adminOrganisation, openSignature, publicOrganisation, replaceSignature, saveOrganisationFacts } from './organisation';

const SIGNATURE_FILES = { signature: FILE_RULES.signature };

const feesOut = z.object({
  adhesion_amount: z.number(),
  cotisation_amount: z.number(),
  adhesion_min: z.number(),
  cotisation_min: z.number(),
});

// The association's settings: membership fees (administrators set them, the payment form reads them) and the
// organisation's facts (administrators set them, every page reads them). Registered under /api.
const routes: FastifyPluginAsyncZod = async (app) => {
  const admin = requireRole('administrateur');
  const security = [{ bearer: [] }];
  // The signature image is uploaded: the multipart parser, scoped to this area like the public forms'.
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart, { throwFileSizeLimit: false });

  app.get('/admin/settings', { onRequest: admin, schema: { tags: ['admin'], security, response: { 200: feesOut } } }, async () =>
    getFeeSettings(app.db),
  );
  app.put(
    '/admin/settings',
    { onRequest: admin, schema: { tags: ['admin'], security, body: feeSettingsSchema, response: { 200: feesOut } } },
    async (request) => saveFeeSettings(app.db, request.body, actorOf(request)),
  );

  app.get('/payment/fees', { schema: { tags: ['paiements'], response: { 200: paymentFeesSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { ...(await getFeeSettings(app.db)), period_months: app.payments.membershipMonths };
  });

  app.get('/organisation', { schema: { tags: ['site public'], response: { 200: organisationSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    const smsNumber = app.config.organisation.smsNumber;
    return { ...(await publicOrganisation(app.db)), ...(smsNumber ? { sms_number: smsNumber } : {}) };
  });
  app.get(
    '/admin/organisation',
    { onRequest: admin, schema: { tags: ['admin'], security, response: { 200: adminOrganisationSchema } } },
    async () => adminOrganisation(app.db),
  );

  // The receipts' signature (docs/product/payments.md "Receipts"): a PNG or JPEG checked like every upload (its real
  // type read from its bytes, its size capped), stored through the storage layer, shown on receipts at once.
  app.post(
    '/admin/organisation/signature',
    {
      onRequest: admin,
      schema: { tags: ['admin'], security, consumes: ['multipart/form-data'], response: { 200: adminOrganisationSchema } },
    },
    async (request) => {
      const upload = await readUpload(request, SIGNATURE_FILES);
      validateUpload(z.object({}), upload, SIGNATURE_FILES, ['signature']);
      const file = upload.files.signature!;
      return storeThenCommit(app.storage, [{ field: 'signature' as const, area: 'signatures', file }], (names) =>
        replaceSignature(app.db, app.storage, `signatures/${names.signature}`, actorOf(request)),
      );
    },
  );
  app.delete(
    '/admin/organisation/signature',
    { onRequest: admin, schema: { tags: ['admin'], security, response: { 200: adminOrganisationSchema } } },
    async (request) => replaceSignature(app.db, app.storage, null, actorOf(request)),
  );
  // Public like the receipts that show it; its address changes with the image (`?v=`), so it may be cached.
  app.get(
    '/organisation/signature',
    { schema: { tags: ['site public'], querystring: z.object({ v: z.string().max(20).optional() }) } },
    async (_request, reply) => {
      const opened = await openSignature(app.db, app.storage);
      if (!opened) throw missingFile();
      return reply
        .header('content-type', opened.contentType)
        .header('content-length', String(opened.size))
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(opened.stream);
    },
  );
  app.put(
    '/admin/organisation',
    { onRequest: admin, schema: { tags: ['admin'], security, body: organisationInputSchema, response: { 200: organisationSchema } } },
    async (request) => saveOrganisationFacts(app.db, app.storage, request.body, actorOf(request)),
  );
};
export default routes;
