import { auditEntrySchema, auditQuerySchema } from '@shared/schemas/audit';
import { memberListItemSchema, membersQuerySchema } from '@shared/schemas/membership';
import { OFFLINE_MESSAGES, offlinePaymentResponseSchema, offlinePaymentSchema } from '@shared/schemas/offline-payment';
import { yearDonorSchema, yearQuerySchema } from '@shared/schemas/year-receipts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors';
import { pageQuerySchema, setPageHeaders } from '../../lib/pagination';
import { actorOf, requireRole } from '../../plugins/auth';
import { listMembers } from '../../services/membership/memberships';
import { reminderSchedule } from '../../services/membership/reminders';
import { listAudit } from '../../services/operations/audit-trail';
import { recordOfflinePayment } from '../../services/operations/offline-payments';
import { receiptUrl } from '../../services/payments/receipt-numbers';
import { donorYear, listYearDonors, yearReceiptFilename, yearReceiptPdf, yearReceiptsZip } from '../../services/operations/year-receipts';

// Running the association (issue 12): members and their periods, money recorded by hand, the audit
// trail, year-end receipts, and the reminders job. Registered under /api after the payments area.
const routes: FastifyPluginAsyncZod = async (app) => {
  const admin = { onRequest: requireRole('administrateur') };
  const security = [{ bearer: [] }];
  const tags = ['gestion'];

  app.get(
    '/members',
    {
      ...admin,
      schema: {
        tags,
        security,
        querystring: pageQuerySchema.extend(membersQuerySchema.shape),
        response: { 200: z.array(memberListItemSchema) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listMembers(app.db, request.query.status, request.query);
      setPageHeaders(reply, request.query, total);
      return items;
    },
  );

  app.post(
    '/admin/offline-payments',
    { ...admin, schema: { tags, security, body: offlinePaymentSchema, response: { 201: offlinePaymentResponseSchema } } },
    async (request, reply) => {
      const { membershipMonths, receiptSecret } = app.payments;
      const { kind, row } = await recordOfflinePayment(app.db, request.body, actorOf(request), membershipMonths);
      return reply.status(201).send({
        id: row.id,
        kind,
        amount: row.amount,
        source: 'offline' as const,
        transaction_status: row.transaction_status,
        receipt_number: row.receipt_number!,
        receipt_url: receiptUrl(receiptSecret, kind, row),
        recorded_by: request.user!.id,
        message: OFFLINE_MESSAGES.recorded,
      });
    },
  );

  app.get(
    '/admin/audit',
    {
      ...admin,
      schema: { tags, security, querystring: pageQuerySchema.extend(auditQuerySchema.shape), response: { 200: z.array(auditEntrySchema) } },
    },
    async (request, reply) => {
      const { items, total } = await listAudit(app.db, request.query, request.query);
      setPageHeaders(reply, request.query, total);
      return items;
    },
  );

  app.get(
    '/admin/year-receipts',
    { ...admin, schema: { tags, security, querystring: yearQuerySchema, response: { 200: z.array(yearDonorSchema) } } },
    async (request) => listYearDonors(app.db, request.query.year),
  );

  app.get('/admin/year-receipts/zip', { ...admin, schema: { tags, security, querystring: yearQuerySchema } }, async (request, reply) =>
    reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="recus-annuels-${request.query.year}.zip"`)
      .header('cache-control', 'private, no-store')
      .send(await yearReceiptsZip(app.db, request.query.year, request.log)),
  );

  app.get(
    '/admin/year-receipts/:telephone/pdf',
    { ...admin, schema: { tags, security, params: z.object({ telephone: z.string().max(20) }), querystring: yearQuerySchema } },
    async (request, reply) => {
      const donor = await donorYear(app.db, request.query.year, request.params.telephone);
      if (!donor) throw notFound('Aucun don reçu de ce numéro cette année-là.');
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${yearReceiptFilename(request.query.year, donor.telephone)}"`)
        .header('cache-control', 'private, no-store')
        .send(await yearReceiptPdf(request.query.year, donor));
    },
  );

  // The membership reminders job runs while the app is up.
  const reminders = reminderSchedule(app.db, app.config.publicUrl, app.log);
  app.addHook('onReady', async () => reminders.start());
  app.addHook('onClose', async () => reminders.stop());
};
export default routes;
