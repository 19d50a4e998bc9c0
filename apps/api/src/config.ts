import path from 'node:path';
import { z } from 'zod';

// Configuration is parsed once at boot; a bad value stops the start with one line naming the variable.
const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z.object({
  PORT: optional.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional()),
  DATA_DIR: optional,
  DATABASE_URL: optional,
  ADMIN_TELEPHONE: optional,
  ADMIN_PASSWORD: optional,
  ADMIN_NAME: optional,
  ADMIN_EMAIL: optional,
  PAYMENT_PROVIDER: optional.pipe(z.enum(['sandbox', 'fedapay']).optional()),
  FEDAPAY_SECRET_KEY: optional,
  FEDAPAY_PUBLIC_KEY: optional,
  FEDAPAY_ENVIRONMENT: optional.pipe(z.enum(['sandbox', 'live']).optional()),
  FEDAPAY_WEBHOOK_SECRET: optional,
  FEDAPAY_API_BASE: optional,
  PUBLIC_URL: optional.pipe(z.url().optional()),
  RATE_LIMIT_LOGIN: optional.pipe(z.coerce.number<string | undefined>().int().min(1).optional()),
  RATE_LIMIT_FORMS: optional.pipe(z.coerce.number<string | undefined>().int().min(1).optional()),
  TRUST_PROXY: optional,
  SMS_PROVIDER: optional.pipe(z.enum(['outbox', 'twilio'], { error: 'doit valoir outbox ou twilio' }).optional()),
  TWILIO_ACCOUNT_SID: optional,
  TWILIO_AUTH_TOKEN: optional,
  TWILIO_FROM: optional,
  TWILIO_API_BASE: optional.pipe(z.url().optional()),
  SMTP_URL: optional.pipe(
    z
      .url()
      .refine((v) => /^smtps?:\/\//.test(v), 'doit commencer par smtp:// ou smtps://')
      .optional(),
  ),
  MAIL_FROM: optional,
  MEMBERSHIP_PERIOD_MONTHS: optional.pipe(z.coerce.number<string | undefined>().int().min(1).max(120).optional()),
  LOG_LEVEL: optional.pipe(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional()),
});

export type DatabaseConfig = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export interface Config {
  port: number;
  dataDir: string;
  database: DatabaseConfig;
  admin: { telephone?: string; password?: string; name?: string; email?: string };
  payments:
    | { provider: 'sandbox' }
    | {
        provider: 'fedapay';
        secretKey: string;
        publicKey: string;
        environment: 'sandbox' | 'live';
        webhookSecret: string;
        apiBase?: string;
      };
  publicUrl: string;
  logLevel: string;
  /** Fastify's trustProxy: off unless the product runs behind a reverse proxy (else X-Forwarded-For could dodge rate limits). */
  trustProxy: boolean | number | string;
  /** scrypt cost parameter; lowered only by tests. */
  passwordCost: number;
  /** Rate limits per minute; tests may raise them. */
  rateLimits: { login: number; publicForms: number };
  /** Where SMS and e-mails go (CONTRACT "Messages to people"). */
  messages: MessagesConfig;
  /** Length of the membership period an adhesion or cotisation buys. */
  membershipPeriodMonths: number;
}

export interface MessagesConfig {
  sms: { provider: 'outbox' } | { provider: 'twilio'; accountSid: string; authToken: string; from: string; apiBase: string };
  /** smtp:// or smtps:// URL; none: e-mails stay in the outbox. */
  smtpUrl?: string;
  mailFrom: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Configuration invalide : ${String(issue.path[0])} — ${issue.message}`);
  }
  const e = parsed.data;
  const port = e.PORT ?? 3000;
  const dataDir = path.resolve(e.DATA_DIR ?? './data');
  const database = parseDatabaseUrl(e.DATABASE_URL, dataDir);

  const provider = e.PAYMENT_PROVIDER ?? 'sandbox';
  let payments: Config['payments'] = { provider: 'sandbox' };
  if (provider === 'fedapay') {
    for (const name of ['FEDAPAY_SECRET_KEY', 'FEDAPAY_PUBLIC_KEY', 'FEDAPAY_ENVIRONMENT', 'FEDAPAY_WEBHOOK_SECRET'] as const) {
      if (!e[name]) throw new ConfigError(`Configuration invalide : ${name} est obligatoire quand PAYMENT_PROVIDER=fedapay`);
    }
    payments = {
      provider: 'fedapay',
      secretKey: e.FEDAPAY_SECRET_KEY!,
      publicKey: e.FEDAPAY_PUBLIC_KEY!,
      environment: e.FEDAPAY_ENVIRONMENT!,
      webhookSecret: e.FEDAPAY_WEBHOOK_SECRET!,
      apiBase: e.FEDAPAY_API_BASE,
    };
  }
  const messages = parseMessages(e);
  return {
    port,
    dataDir,
    database,
    admin: { telephone: e.ADMIN_TELEPHONE, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME, email: e.ADMIN_EMAIL },
    payments,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    passwordCost: 2 ** 15,
    rateLimits: { login: e.RATE_LIMIT_LOGIN ?? 10, publicForms: e.RATE_LIMIT_FORMS ?? 20 },
    messages,
    membershipPeriodMonths: e.MEMBERSHIP_PERIOD_MONTHS ?? 12,
  };
}

function parseMessages(e: z.output<typeof envSchema>): MessagesConfig {
  let sms: MessagesConfig['sms'] = { provider: 'outbox' };
  if (e.SMS_PROVIDER === 'twilio') {
    for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
      if (!e[name]) throw new ConfigError(`Configuration invalide : ${name} est obligatoire quand SMS_PROVIDER=twilio`);
    }
    sms = {
      provider: 'twilio',
      accountSid: e.TWILIO_ACCOUNT_SID!,
      authToken: e.TWILIO_AUTH_TOKEN!,
      from: e.TWILIO_FROM!,
      apiBase: (e.TWILIO_API_BASE ?? 'https://api.twilio.com').replace(/\/+$/, ''),
    };
  }
  const mailFrom = e.MAIL_FROM ?? 'ASBE <no-reply@localhost>';
  if (!/^[^<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/.test(mailFrom)) {
    throw new ConfigError('Configuration invalide : MAIL_FROM doit être une adresse e-mail, éventuellement « Nom <adresse> »');
  }
  return { sms, smtpUrl: e.SMTP_URL, mailFrom };
}

function parseDatabaseUrl(url: string | undefined, dataDir: string): DatabaseConfig {
  if (!url) return { dialect: 'sqlite', file: path.join(dataDir, 'association.sqlite') };
  if (/^postgres(ql)?:\/\//.test(url)) return { dialect: 'postgres', url };
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\//, '');
    if (!file) throw new ConfigError('Configuration invalide : DATABASE_URL — chemin SQLite manquant (sqlite:CHEMIN)');
    return { dialect: 'sqlite', file: path.resolve(file) };
  }
  throw new ConfigError('Configuration invalide : DATABASE_URL doit commencer par postgres:// ou sqlite:');
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  if (/^[0-9a-fA-F.:/,\s]+$/.test(value)) return value; // addresses or CIDR ranges of the proxies
  throw new ConfigError("Configuration invalide : TRUST_PROXY doit valoir true, false, un nombre de proxys ou une liste d'adresses");
}
