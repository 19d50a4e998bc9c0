import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { toE164 } from '../../platform/lib/phone';
import { twilioSignature } from '../whatsapp';
import { handleSmsCommand } from './service';

// POST /api/sms/inbound: the SMS provider's inbound webhook (Twilio's form fields From, Body; X-Twilio-Signature over
// the public URL and the sorted fields). A forged or unsigned call changes nothing: 403. Without Twilio configured no
// signature is valid.

const FORBIDDEN = { message: 'Signature du webhook invalide.' };
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

const routes: FastifyPluginAsync = async (app) => {
  // The signature covers the exact fields received: the body is read as text here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));
  const sms = app.config.messages.sms;

  app.post(
    '/sms/inbound',
    { schema: { hide: true }, config: { rateLimit: { max: 600, timeWindow: '1 minute' } } },
    async (request, reply) => {
      if (sms.provider !== 'twilio') return reply.status(403).send(FORBIDDEN);
      const fields = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
      const header = request.headers['x-twilio-signature'];
      const given = Buffer.from(String(Array.isArray(header) ? header[0] : (header ?? '')), 'utf8');
      const expected = Buffer.from(twilioSignature(sms.authToken, `${app.config.publicUrl}/api/sms/inbound`, fields), 'utf8');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return reply.status(403).send(FORBIDDEN);
      const telephone = toE164(fields.get('From') ?? '');
      const sid = fields.get('MessageSid')?.slice(0, 64) || null;
      if (telephone) await handleSmsCommand(app.db, app.payments, telephone, (fields.get('Body') ?? '').slice(0, 500), sid);
      // Answers leave through the outbox like every other message.
      return reply.type('text/xml; charset=utf-8').send(EMPTY_TWIML);
    },
  );
};
export default routes;
