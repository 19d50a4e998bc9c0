import http from 'node:http';
import { openText } from '../../src/platform/storage/sealed-text';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { DB } from '../../src/platform/database/database';

/** Outbox rows to one recipient, oldest first. */
export function outboxTo(db: DB, to: string) {
  return db.selectFrom('outbox_messages').selectAll().where('to_address', '=', to).orderBy('id').execute();
}

/** The 6-digit code of the newest recovery SMS sent to a telephone (E.164). */
export async function lastCode(db: DB, e164: string): Promise<string> {
  const rows = (await outboxTo(db, e164)).filter((r) => r.channel === 'sms' && /code de réinitialisation/.test(r.body));
  // The body holds the mask (CODE_MASK); the digits wait in `secret` until the worker sends the message.
  const last = rows.at(-1);
  const code = openText(last?.secret ?? null) ?? last?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no recovery code sent to ${e164}`);
  return code;
}

export type TwilioMode = 'ok' | 'unavailable' | 'invalid-number' | 'hang';

/**
 * A loopback stand-in for Twilio's Messages API: POST /2010-04-01/Accounts/{sid}/Messages.json, form encoded,
 * HTTP Basic auth; 201 + message JSON, or Twilio's error JSON ({code, message, more_info, status}).
 */
export async function startTwilioStandIn(accountSid: string, authToken: string) {
  const received: Array<{ To: string; Body: string; From: string | null; MessagingServiceSid: string | null }> = [];
  const hanging: http.ServerResponse[] = [];
  let mode: TwilioMode = 'ok';
  let requests = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      requests += 1;
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${accountSid}/Messages.json`)
        return reply(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return reply(401, { code: 20003, message: 'Authenticate', status: 401 });
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
        return reply(400, { code: 21609, message: 'Invalid content type', status: 400 });
      const form = new URLSearchParams(raw);
      if (mode === 'hang') return void hanging.push(res);
      if (mode === 'unavailable') return reply(503, { code: 20500, message: 'Internal Server Error', status: 503 });
      if (mode === 'invalid-number') {
        return reply(400, {
          code: 21211,
          message: `The 'To' number ${form.get('To')} is not a valid phone number.`,
          more_info: 'https://www.twilio.com/docs/errors/21211',
          status: 400,
        });
      }
      received.push({
        To: form.get('To') ?? '',
        Body: form.get('Body') ?? '',
        From: form.get('From'),
        MessagingServiceSid: form.get('MessagingServiceSid'),
      });
      reply(201, {
        sid: `SM${String(received.length).padStart(32, '0')}`,
        account_sid: accountSid,
        to: form.get('To'),
        from: form.get('From'),
        body: form.get('Body'),
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        error_code: null,
        error_message: null,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    get requests() {
      return requests;
    },
    setMode(next: TwilioMode) {
      mode = next;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A real SMTP server (smtp-server) on loopback that keeps each message's envelope and raw source. */
export async function startSmtpServer() {
  const mails: Array<{ from: string; to: string[]; raw: string }> = [];
  let rejectNext = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (rejectNext > 0) {
        rejectNext -= 1;
        const err = new Error('Mailbox unavailable') as Error & { responseCode: number };
        err.responseCode = 550;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c) => (raw += c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The next `n` recipients are refused with 550 (a permanent failure). */
    rejectRecipients(n: number) {
      rejectNext = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
