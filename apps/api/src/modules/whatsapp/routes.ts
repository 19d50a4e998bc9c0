import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { toE164 } from '../../platform/lib/phone';
import { isValidSignature, isValidVerifyToken, STOP_WORDS } from '../messages';
import { applyWebhook, withdrawChannel } from './service';

// Webhooks from the messaging providers: WhatsApp's delivery statuses and replies, and SMS replies where the
// SMS provider forwards them (Twilio). Both are refused with 401 unless signed by a configured provider.

const UNAUTHORIZED = { message: 'Signature du webhook invalide.' };

/** Twilio's X-Twilio-Signature: base64 HMAC-SHA1 of the full URL followed by each POST field name and value, sorted by name. */
export function twilioSignature(authToken: string, url: string, fields: URLSearchParams): string {
  const names = [...new Set(fields.keys())].sort();
  const data = names.reduce(
    (acc, name) =>
      acc +
      fields
        .getAll(name)
        .map((v) => name + v)
        .join(''),
    url,
  );
  return createHmac('sha1', authToken).update(data).digest('base64');
}

const routes: FastifyPluginAsync = async (app) => {
  // Signatures are checked on the exact bytes received: this plugin keeps bodies as raw buffers.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
  const whatsapp = app.config.messages.whatsapp ?? { provider: 'none' as const };
  const sms = app.config.messages.sms;

  // Meta's subscription handshake: echo hub.challenge when hub.verify_token is ours.
  app.get<{ Querystring: Record<string, string | undefined> }>(
    '/webhooks/whatsapp',
    { schema: { hide: true }, config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const q = request.query;
      const expected = whatsapp.provider === 'meta' ? whatsapp.verifyToken : undefined;
      if (q['hub.mode'] !== 'subscribe' || !isValidVerifyToken(q['hub.verify_token'], expected))
        return reply.status(401).send(UNAUTHORIZED);
      return reply.type('text/plain; charset=utf-8').send(String(q['hub.challenge'] ?? '').slice(0, 200));
    },
  );

  app.post(
    '/webhooks/whatsapp',
    { schema: { hide: true }, config: { rateLimit: { max: 1200, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['x-hub-signature-256'];
      const secret = whatsapp.provider === 'meta' ? whatsapp.appSecret : undefined;
      if (!isValidSignature(raw, Array.isArray(header) ? header[0] : header, secret)) {
        request.log.warn('whatsapp webhook refused: bad signature');
        return reply.status(401).send(UNAUTHORIZED);
      }
      let payload: unknown;
      try {
        payload = JSON.parse(raw.toString('utf8'));
      } catch {
        return reply.status(400).send({ message: 'Corps de la requête invalide.' });
      }
      const counts = await applyWebhook(app.db, payload);
      return reply.status(200).send({ message: 'Événement reçu.', ...counts });
    },
  );

  // Twilio's incoming-message webhook (form encoded): « STOP » withdraws SMS news.
  app.post(
    '/webhooks/sms',
    { schema: { hide: true }, config: { rateLimit: { max: 600, timeWindow: '1 minute' } } },
    async (request, reply) => {
      if (sms.provider !== 'twilio') return reply.status(401).send(UNAUTHORIZED);
      const fields = new URLSearchParams(Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '');
      const header = request.headers['x-twilio-signature'];
      const given = Buffer.from(String(Array.isArray(header) ? header[0] : (header ?? '')), 'utf8');
      const expected = Buffer.from(twilioSignature(sms.authToken, `${app.config.publicUrl}/api/webhooks/sms`, fields), 'utf8');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return reply.status(401).send(UNAUTHORIZED);
      const telephone = toE164(fields.get('From') ?? '');
      if (telephone && STOP_WORDS.test(fields.get('Body') ?? '')) await withdrawChannel(app.db, 'sms', telephone);
      // An empty TwiML answer: the confirmation leaves through the outbox like every other message.
      return reply.type('text/xml; charset=utf-8').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    },
  );
};
export default routes;
