import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for Meta's WhatsApp Business Cloud API: POST /{version}/{phone-number-id}/messages, bearer
 * token, JSON; 200 {messaging_product, contacts, messages: [{id}]} or {error: {message, type, code, error_data, fbtrace_id}}.
 * Numbers listed in `notOnWhatsApp` get Meta's 131026 « Message undeliverable ».
 */
export async function startWhatsAppStandIn(phoneNumberId: string, token: string) {
  const received: Array<{
    to: string;
    type: string;
    template?: { name: string; language: { code: string }; components: unknown[] };
    text?: { body: string };
  }> = [];
  const notOnWhatsApp = new Set<string>();
  let counter = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const error = (status: number, code: number, message: string, details: string) =>
        reply(status, {
          error: {
            message,
            type: 'OAuthException',
            code,
            error_data: { messaging_product: 'whatsapp', details },
            fbtrace_id: 'Az8or2yhqkZfEZ-_4Qn_Bam',
          },
        });
      if (req.method !== 'POST' || req.url !== `/v21.0/${phoneNumberId}/messages`)
        return error(404, 100, 'Unsupported post request', 'Unknown path');
      if (req.headers.authorization !== `Bearer ${token}`)
        return error(401, 190, 'Invalid OAuth access token', 'Error validating access token');
      const body = JSON.parse(raw);
      if (body.messaging_product !== 'whatsapp' || !/^\d{8,15}$/.test(body.to)) return error(400, 100, 'Invalid parameter', 'Invalid to');
      if (notOnWhatsApp.has(body.to)) return error(400, 131026, 'Message undeliverable', 'Receiver is incapable of receiving this message');
      received.push(body);
      counter += 1;
      reply(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: `wamid.HBgL${String(counter).padStart(12, '0')}` }],
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`,
    received,
    notOnWhatsApp,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A webhook body as Meta sends it, and its X-Hub-Signature-256 under `secret`. */
export function signedWebhook(secret: string, value: Record<string, unknown>) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '22990000000', phone_number_id: 'PNID' }, ...value },
          },
        ],
      },
    ],
  });
  return { body, signature: `sha256=${createHmac('sha256', secret).update(body).digest('hex')}` };
}
