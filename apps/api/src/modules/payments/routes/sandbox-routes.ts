import { formatFcfa } from '@shared/format';
import type { FastifyPluginAsync } from 'fastify';
import { SANDBOX_OUTCOMES, type SandboxGateway, type SandboxOutcome } from '../gateways/sandbox-gateway';
import { forRequest, type PaymentsContext, parsePushId, pushStatusWord, refreshTransaction } from '../money';
import { findByReturnRef } from '../data/records';
import { hashRef } from '../return-refs';
import { PUSH_MESSAGES } from '@shared/schemas/payment-mode';
import { escapeHtml, RECEIPT_STYLES } from '../receipt-html';

// The payment simulator's checkout (PAYMENT_PROVIDER=sandbox): plain HTML with forms posting back,
// no script at all, so the Content-Security-Policy holds. The payer picks the outcome.

const OUTCOME_LABELS: Record<SandboxOutcome, string> = {
  approved: 'Paiement approuvé',
  declined: 'Paiement refusé',
  canceled: 'Annuler le paiement',
  pending: 'Laisser en attente',
};
const STATUS_LABELS: Record<string, string> = {
  pending: 'en attente',
  approved: 'approuvée',
  declined: 'refusée',
  canceled: 'annulée',
};

function page(title: string, body: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${RECEIPT_STYLES}
.banner{background:#fef3c7;border:1px solid #b45309;color:#78350f;border-radius:6px;padding:8px 12px;margin-bottom:16px}
form .actions button.secondary{background:#fff;color:#065f46}</style></head><body><main>${body}</main></body></html>`;
}

function returnHref(returnUrl: string, id: string, status: string): string {
  return `${returnUrl}?${new URLSearchParams({ id, status }).toString()}`;
}

const sandboxRoutes: FastifyPluginAsync<{ payments: PaymentsContext; gateway: SandboxGateway }> = async (app, { payments, gateway }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get<{ Params: { key: string } }>('/sandbox/checkout/:key', { schema: { hide: true } }, async (request, reply) => {
    const tx = await gateway.findByCheckoutKey(request.params.key);
    if (!tx) return reply.status(404).send({ message: 'Transaction introuvable.' });
    const details = `<h1>Simulateur de paiement</h1>
<p class="banner" role="note"><strong>Simulateur de paiement</strong> : aucun argent réel n'est débité. Choisissez le résultat de la transaction.</p>
<dl><dt>Montant</dt><dd class="amount">${escapeHtml(formatFcfa(tx.amount))}</dd>
<dt>Description</dt><dd>${escapeHtml(tx.description)}</dd>
${tx.customer_name ? `<dt>Client</dt><dd>${escapeHtml(tx.customer_name)}</dd>` : ''}
<dt>Transaction</dt><dd>${escapeHtml(tx.id)}</dd>
<dt>Statut</dt><dd>${escapeHtml(STATUS_LABELS[tx.status] ?? tx.status)}</dd></dl>`;
    const body =
      tx.status === 'pending'
        ? `${details}<form method="post" action="/api/sandbox/checkout/${escapeHtml(request.params.key)}"><div class="actions">
${SANDBOX_OUTCOMES.map((o) => `<button type="submit" name="outcome" value="${o}"${o === 'approved' ? '' : ' class="secondary"'}>${OUTCOME_LABELS[o]}</button>`).join('\n')}
</div></form>`
        : `${details}<div class="actions"><a href="${escapeHtml(returnHref(tx.return_url, tx.id, tx.status))}">Retourner sur le site</a></div>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page('Simulateur de paiement', body));
  });

  app.post<{ Params: { key: string }; Body: Record<string, string> | undefined }>(
    '/sandbox/checkout/:key',
    { schema: { hide: true } },
    async (request, reply) => {
      const tx = await gateway.findByCheckoutKey(request.params.key);
      if (!tx) return reply.status(404).send({ message: 'Transaction introuvable.' });
      const outcome = request.body?.outcome as SandboxOutcome | undefined;
      if (!outcome || !SANDBOX_OUTCOMES.includes(outcome)) return reply.status(422).send({ message: 'Choix de simulation invalide.' });
      await gateway.decide(tx.id, outcome);
      // Like a provider's webhook: the server is told, and asks the (simulated) provider for the status.
      await refreshTransaction(forRequest(payments, request), tx.id);
      const current = (await gateway.find(tx.id))!;
      return reply.redirect(returnHref(current.return_url, current.id, current.status), 303);
    },
  );

  // The payer's answer on the telephone, played by hand (docs/giving-by-phone.md): only with the
  // sandbox provider (this plugin is registered for it alone), and only for a request still waiting.
  app.post<{ Params: { id: string; answer: string } }>('/sandbox/push/:id/:answer', { schema: { hide: true } }, async (request, reply) => {
    const answer = request.params.answer === 'approve' ? 'approved' : request.params.answer === 'refuse' ? 'declined' : null;
    const parsed = parsePushId(request.params.id);
    const row = parsed ? await findByReturnRef(payments.db, parsed.kind, hashRef(parsed.ref)) : undefined;
    const tx = row?.transaction_id ? await gateway.find(row.transaction_id) : undefined;
    if (!answer || !parsed || !tx?.push_expires_at) return reply.status(404).send({ message: PUSH_MESSAGES.notFound });
    // An expired request is closed first (retrieve), so a late answer changes nothing.
    await refreshTransaction(forRequest(payments, request), tx.id);
    if (!(await gateway.decide(tx.id, answer))) return reply.status(409).send({ message: PUSH_MESSAGES.notPending });
    await refreshTransaction(forRequest(payments, request), tx.id);
    const current = await findByReturnRef(payments.db, parsed.kind, hashRef(parsed.ref));
    return { id: request.params.id, status: pushStatusWord(current!.transaction_status) };
  });
};
export default sandboxRoutes;
