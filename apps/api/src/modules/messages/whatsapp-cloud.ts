import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WhatsAppConfig, WhatsAppTemplateKind } from '../../platform/config';

// Meta's WhatsApp Business Cloud API over plain HTTP (no SDK: Meta's own Node SDK is archived).
// Send: POST {apiBase}/{phone-number-id}/messages, bearer token, JSON
//   {messaging_product: 'whatsapp', to, type: 'template', template: {name, language: {code}, components}}
// → 200 {messaging_product, contacts: [{input, wa_id}], messages: [{id: 'wamid…'}]}
// or 4xx/5xx {error: {message, type, code, error_data: {details}, fbtrace_id}}.
// Webhooks are signed with X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app secret>.

export type MetaConfig = Extract<WhatsAppConfig, { provider: 'meta' }>;

export interface TemplateMessage {
  /** E.164 telephone (+229…). */
  to: string;
  kind: WhatsAppTemplateKind;
  /** Values of the template's body variables {{1}}, {{2}}… */
  params: string[];
}

/** What a refusal means for the message: try later, send it by SMS instead, or give up. */
export type RefusalAction = 'retry' | 'fallback';

export class WhatsAppError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
    readonly action: RefusalAction,
  ) {
    super(message);
  }
}

// Meta's error codes (Cloud API "Error codes" reference), sorted by what they mean for one message:
// transient throttling or outages are retried; everything that says this number cannot get this message
// by WhatsApp (not on WhatsApp, not in the allowed list, template missing or paused, account restricted)
// sends it by SMS instead, so the person is never left without it.
const RETRY_CODES = new Set([
  1, // API unknown
  2, // API service temporarily unavailable
  4, // application request limit reached
  80007, // WhatsApp Business Account rate limit
  130429, // throughput limit reached
  131000, // something went wrong
  131016, // service unavailable
  131048, // spam rate limit hit
  131056, // (business, consumer) pair rate limit
  133004, // server temporarily unavailable
]);
/** "Not on WhatsApp" and friends: the number cannot receive this message there (used by the webhook's failed statuses too). */
export const UNDELIVERABLE_CODES = new Set([131026, 131030, 131021, 131047, 131049, 131050, 131051, 131052, 131053]);

export function refusalAction(code: number | null, httpStatus: number): RefusalAction {
  if (code !== null && RETRY_CODES.has(code)) return 'retry';
  if (code === null && (httpStatus >= 500 || httpStatus === 429 || httpStatus === 0)) return 'retry';
  return 'fallback';
}

/** The API's `components` for a template: authentication templates repeat the code in their copy-code button. */
export function templateComponents(kind: WhatsAppTemplateKind, params: string[]) {
  const body = { type: 'body', parameters: params.map((text) => ({ type: 'text', text })) };
  if (kind !== 'code') return [body];
  return [body, { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: params[0] ?? '' }] }];
}

export interface WhatsAppSender {
  readonly name: string;
  /** Resolves with the provider's message id (wamid…); throws WhatsAppError otherwise. */
  send(message: TemplateMessage): Promise<{ id: string }>;
  /** A free-form reply, allowed within 24 hours of the person's own message (the STOP confirmation). */
  sendText(to: string, body: string): Promise<{ id: string }>;
}

export function createCloudApiSender(config: MetaConfig, timeoutMs = 15_000): WhatsAppSender {
  const url = `${config.apiBase}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  const post = async (payload: Record<string, unknown>): Promise<{ id: string }> => {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new WhatsAppError(`WhatsApp injoignable : ${error instanceof Error ? error.message : String(error)}`, null, 'retry');
    }
    const answer = (await response.json().catch(() => null)) as {
      messages?: Array<{ id?: string }>;
      error?: { code?: number; message?: string; error_data?: { details?: string } };
    } | null;
    const id = answer?.messages?.[0]?.id;
    if (response.ok && id) return { id };
    const code = typeof answer?.error?.code === 'number' ? answer.error.code : null;
    const detail = answer?.error?.error_data?.details ?? answer?.error?.message ?? `HTTP ${response.status}`;
    throw new WhatsAppError(
      `WhatsApp a refusé le message : ${code ?? response.status} ${detail}`.slice(0, 500),
      code,
      refusalAction(code, response.status),
    );
  };
  // The Cloud API takes the number without the leading +.
  const base = (to: string) => ({ messaging_product: 'whatsapp', recipient_type: 'individual', to: to.replace(/^\+/, '') });
  return {
    name: 'whatsapp',
    send(message) {
      const template = config.templates[message.kind];
      return post({
        ...base(message.to),
        type: 'template',
        template: {
          name: template.name,
          language: { code: template.language },
          components: templateComponents(message.kind, message.params),
        },
      });
    },
    sendText(to, body) {
      return post({ ...base(to), type: 'text', text: { preview_url: false, body } });
    },
  };
}

/** X-Hub-Signature-256 on the exact bytes received; constant-time comparison. */
export function isValidSignature(rawBody: Buffer, header: string | undefined, appSecret: string | undefined): boolean {
  if (!appSecret || !header || header.length > 200 || !header.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Constant-time comparison of the GET handshake's verify token. */
export function isValidVerifyToken(given: string | undefined, expected: string | undefined): boolean {
  if (!expected || typeof given !== 'string') return false;
  const a = createHmac('sha256', 'verify').update(given).digest();
  const b = createHmac('sha256', 'verify').update(expected).digest();
  return timingSafeEqual(a, b);
}
