import { OFFLINE_MESSAGES, offlinePaymentResponseSchema, offlinePaymentSchema } from '@shared/schemas/offline-payment';
import { yearQuerySchema } from '@shared/schemas/year-receipts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/lib/http-errors';
import { actorOf, requireRole } from '../policy';
import { auditBy, recordAudit } from '../audit';
import { recordOfflinePayment } from './offline-payments';
import { receiptUrl } from '../payments';
import { notifyMoneyRecordedByHand } from '../messages';
import { yearReceiptIssuer } from './year-receipt-jobs';
import { donorYear, yearReceiptFilename, yearReceiptPdf } from './year-receipts';
import yearReceiptRoutes from './year-receipt-routes';

// Running the association (issue 12): money recorded by hand and year-end receipts.
// Registered under /api after the payments area.
const routes: FastifyPluginAsyncZod = async (app) => {
  const admin = { onRequest: requireRole('administrateur') };
  const security = [{ bearer: [] }];
  const tags = ['gestion'];

  app.post(
    '/admin/offline-payments',
    { ...admin, schema: { tags, security, body: offlinePaymentSchema, response: { 201: offlinePaymentResponseSchema } } },
    async (request, reply) => {
      const { membershipMonths, receiptSecret } = app.payments;
      const { kind, row } = await recordOfflinePayment(app.db, request.body, actorOf(request), membershipMonths);
      // The payer's receipt by SMS (and e-mail when known), queued in the outbox; the money stays recorded if it fails.
      const link = receiptUrl(receiptSecret, kind, row);
      await notifyMoneyRecordedByHand(
        app.db,
        { kind, id: row.id, amount: row.amount, telephone: row.phone, email: row.email },
        link ? `${app.config.publicUrl}${link}` : null,
      ).catch((error: unknown) =>
        request.log.warn({ err: error, kind, id: row.id }, 'receipt notice for money recorded by hand not queued'),
      );
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

  // The year's list and its ZIP (made off the request thread).
  await app.register(yearReceiptRoutes);

  app.get(
    '/admin/year-receipts/:telephone/pdf',
    { ...admin, schema: { tags, security, params: z.object({ telephone: z.string().max(20) }), querystring: yearQuerySchema } },
    async (request, reply) => {
      const donor = await donorYear(app.db, request.query.year, request.params.telephone);
      if (!donor) throw notFound('Aucun don reçu de ce numéro cette année-là.');
      // Every year-end receipt download is in the audit trail (docs/product/accounts.md).
      await recordAudit(app.db, {
        ...auditBy(actorOf(request)),
        action: 'year_receipt.download',
        entity: 'year_receipt',
        entityId: `${request.query.year}:${donor.telephone}`,
        details: { year: request.query.year, telephone: donor.telephone, rows: donor.donations.length, total: donor.total },
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${yearReceiptFilename(request.query.year, donor.telephone)}"`)
        .header('cache-control', 'private, no-store')
        .send(await yearReceiptPdf(request.query.year, donor, await yearReceiptIssuer(app.db, app.storage, request.log)));
    },
  );
};
export default routes;
