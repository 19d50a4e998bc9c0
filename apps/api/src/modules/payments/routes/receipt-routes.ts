import { idParam } from '@shared/schemas/id-param';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderReceiptHtml, PRINT_SCRIPT } from '../receipt-html';
import { buildReceipt } from '../receipt-document';
import { findSignedReceipt, receiptUrl } from '../receipt-numbers';
import { renderReceiptPdf } from '../receipt-pdf';
import { publicOrganisation, readSignature } from '../../settings';

const params = z.object({ kind: z.enum(['payment', 'donation']), id: idParam });
const query = z.object({ signature: z.string().max(100).default('') });
const NOT_FOUND = { message: 'Reçu introuvable.' };

// Receipts open with a signed link (no bearer): the payer gets it on return, the administrator in the lists.
const receiptRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, { secret }) => {
  app.get('/receipts/print.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=86400').send(PRINT_SCRIPT),
  );

  app.get('/receipts/:kind/:id', { schema: { tags: ['paiements'], params, querystring: query } }, async (request, reply) => {
    const { kind, id } = request.params;
    const row = await findSignedReceipt(app.db, secret, kind, id, request.query.signature);
    if (!row) return reply.status(404).send(NOT_FOUND);
    const html = renderReceiptHtml(buildReceipt(kind, row, await publicOrganisation(app.db)), receiptUrl(secret, kind, row, 'pdf')!);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex').send(html);
  });

  app.get('/receipts/:kind/:id/pdf', { schema: { tags: ['paiements'], params, querystring: query } }, async (request, reply) => {
    const { kind, id } = request.params;
    const row = await findSignedReceipt(app.db, secret, kind, id, request.query.signature);
    if (!row) return reply.status(404).send(NOT_FOUND);
    const doc = buildReceipt(kind, row, await publicOrganisation(app.db));
    const pdf = await renderReceiptPdf(doc, doc.organisation.signatureUrl ? await readSignature(app.db, app.storage) : null);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="recu-${row.receipt_number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
};
export default receiptRoutes;
