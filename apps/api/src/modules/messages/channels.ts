// The seams between the outbox and the outside world, like the payment gateway: the worker only
// knows these two interfaces; config picks the implementations (channel-factory.ts).

export interface SmsMessage {
  /** E.164 telephone. */
  to: string;
  body: string;
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  headers?: Record<string, string> | null;
}

export interface SmsSender {
  readonly name: string;
  /** True for the stand-in used when no provider is configured: what it "sends" stays in the outbox (status `kept`). */
  readonly keepsOnly?: boolean;
  /** Resolves once the provider accepted the message; throws SendError otherwise. */
  send(message: SmsMessage): Promise<void>;
}

export interface EmailSender {
  readonly name: string;
  readonly keepsOnly?: boolean;
  send(message: EmailMessage): Promise<void>;
  close?(): void;
}

/** A send that did not happen. `permanent`: retrying cannot help (invalid number, refused address). */
export class SendError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
  }
}

/** SMS_PROVIDER=outbox: the message is kept in the outbox (and shown there); nothing leaves the machine. */
export const outboxSmsSender: SmsSender = { name: 'outbox', keepsOnly: true, send: async () => {} };

/** No SMTP_URL: e-mails are kept in the outbox only. */
export const outboxEmailSender: EmailSender = { name: 'outbox', keepsOnly: true, send: async () => {} };
