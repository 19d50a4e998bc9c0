import { smsWireText } from '@shared/schemas/sms-commands';
import { SendError, type SmsMessage, type SmsSender } from './channels';

// Twilio's Programmable Messaging REST API (POST /2010-04-01/Accounts/{sid}/Messages.json, form
// encoded, HTTP Basic with the account SID and auth token). Chosen because it delivers to all three
// Beninese networks (MTN, Moov, Celtiis) with a registered alphanumeric sender, has a documented
// public HTTP API with stable error codes, and needs no SDK. Answers: 201 + {sid, status} when
// accepted; 4xx + {code, message, status} when refused (permanent, except 429); 5xx: retry later.

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** A Twilio number, an alphanumeric sender ID (e.g. "ASBE") or a Messaging Service SID (MG…). */
  from: string;
  /** https://api.twilio.com, or a stand-in speaking the same wire format. */
  apiBase: string;
  timeoutMs?: number;
}

export function createTwilioSmsSender(options: TwilioOptions): SmsSender {
  const url = `${options.apiBase}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send(message: SmsMessage): Promise<void> {
      // The outbox keeps the text as written; the wire carries it in as few segments as it can (smsWireText).
      const form = new URLSearchParams({ To: message.to, Body: smsWireText(message.body) });
      form.set(options.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', options.from);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form.toString(),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        throw new SendError(`Twilio injoignable : ${error instanceof Error ? error.message : String(error)}`);
      }
      const payload = (await response.json().catch(() => null)) as {
        sid?: string;
        code?: number;
        message?: string;
        status?: unknown;
      } | null;
      if (response.ok && payload?.sid) return;
      const detail = payload?.message ? `${payload.code ?? response.status} ${payload.message}` : `HTTP ${response.status}`;
      const permanent = response.status >= 400 && response.status < 500 && response.status !== 429 && response.status !== 401;
      throw new SendError(`Twilio a refusé le SMS : ${detail}`, permanent);
    },
  };
}
