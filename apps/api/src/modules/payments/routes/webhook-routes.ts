import type { FastifyPluginAsync } from 'fastify';
import { WebhookSignatureError } from '../gateways/gateway';
import { applyWebhook, forRequest, type PaymentsContext } from '../money';

// POST /api/webhooks/fedapay: the signature is checked on the exact bytes received, so this plugin
// keeps JSON bodies as raw strings (its own encapsulated content-type parser).
const webhookRoutes: FastifyPluginAsync<{ payments: PaymentsContext }> = async (app, { payments }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));

  app.post(
    '/webhooks/fedapay',
    { config: { rateLimit: { max: 600, timeWindow: '1 minute' } }, schema: { hide: true } },
    async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      let verified: ReturnType<typeof payments.gateway.verifyWebhook>;
      try {
        const header = request.headers['x-fedapay-signature'];
        verified = payments.gateway.verifyWebhook(raw, Array.isArray(header) ? header[0] : header);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          request.log.warn({ reason: error.message }, 'webhook refused');
          return reply.status(400).send({ message: 'Signature du webhook invalide.' });
        }
        throw error;
      }
      const outcome = await applyWebhook(forRequest(payments, request), verified.eventKey, verified.transactionId);
      return reply.status(200).send({ message: outcome === 'duplicate' ? 'Événement déjà traité.' : 'Événement reçu.' });
    },
  );
};
export default webhookRoutes;
