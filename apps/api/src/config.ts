import path from 'node:path';
import { z } from 'zod';
import { ARGON2_MEMORY_KIB, DEFAULT_PASSWORD_QUEUE } from './lib/passwords';

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
  RATE_LIMIT_LOGIN_ADDRESS: optional.pipe(z.coerce.number<string | undefined>().int().min(1).optional()),
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
  MAX_CONNECTIONS: optional.pipe(z.coerce.number<string | undefined>().int().min(1).optional()),
  MAX_CONCURRENT_UPLOADS: optional.pipe(z.coerce.number<string | undefined>().int().min(1).optional()),
  LOG_LEVEL: optional.pipe(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional()),
  REDIS_URL: optional,
  REDIS_KEY_PREFIX: optional.pipe(
    z
      .string()
      .regex(/^[\w:.-]{1,64}$/)
      .optional(),
  ),
  STORAGE_URL: optional,
  S3_ENDPOINT: optional.pipe(
    z
      .url()
      .refine((v) => /^https?:\/\/[^/]/.test(v), 'doit commencer par http:// ou https://')
      .optional(),
  ),
  S3_REGION: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
});

/** Where uploads live: DATA_DIR/uploads by default, or an S3-compatible bucket (STORAGE_URL=s3://BUCKET[/PREFIX]). */
export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      /** Key prefix without slashes at either end ('' for none). */
      prefix: string;
      /** Set for a store other than AWS (MinIO, …): path-style addressing is then used. */
      endpoint?: string;
      region: string;
      credentials?: { accessKeyId: string; secretAccessKey: string };
    };

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
  trustProxy: false | number | string;
  /** Argon2id memory cost in KiB (OWASP: 19 MiB); lowered only by tests. */
  passwordCost: number;
  /** Password hashes/verifications running at once and waiting; beyond: 503 + Retry-After. */
  passwordQueue: { concurrency: number; maxWaiting: number };
  /** Open TCP connections the server accepts at once (MAX_CONNECTIONS); further ones are closed at once. */
  maxConnections: number;
  /** Multipart uploads read at once by this process (MAX_CONCURRENT_UPLOADS); beyond: 503 + Retry-After. */
  maxConcurrentUploads: number;
  /**
   * Rate limits per minute; tests may raise them. `login`: wrong passwords per (telephone, address);
   * `loginPerAddress`: wrong passwords per address before it counts as attacking (default 30 × login).
   */
  rateLimits: { login: number; publicForms: number; loginPerAddress?: number };
  /** Shared counters (rate limits, login lockouts) when set; per-process memory otherwise. */
  redisUrl?: string;
  /** Prefix of every Redis key (REDIS_KEY_PREFIX, default `asbe:`): several deployments may share one Redis. */
  redisKeyPrefix?: string;
  storage: StorageConfig;
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
    // CONTRACT.md requires the whole key pair. The server only ever uses the secret key (the fedapay library has no
    // setting for the public one): payers are sent to FedaPay's hosted checkout page, whose URL the server obtains
    // with the secret key. The public key is what FedaPay's in-page Checkout.js widget takes; it is kept in the
    // configuration (`payments.publicKey`) for that use and never sent anywhere today.
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
    passwordCost: ARGON2_MEMORY_KIB,
    passwordQueue: DEFAULT_PASSWORD_QUEUE,
    maxConnections: e.MAX_CONNECTIONS ?? 2048,
    maxConcurrentUploads: e.MAX_CONCURRENT_UPLOADS ?? 16,
    rateLimits: { login: e.RATE_LIMIT_LOGIN ?? 10, publicForms: e.RATE_LIMIT_FORMS ?? 20, loginPerAddress: e.RATE_LIMIT_LOGIN_ADDRESS },
    redisUrl: parseRedisUrl(e.REDIS_URL),
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    storage: parseStorage(e),
    messages,
    membershipPeriodMonths: e.MEMBERSHIP_PERIOD_MONTHS ?? 12,
  };
}

/** For the command-line tools (backup, restore): the configuration, or its one French line and exit code 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : String(error));
    process.exit(1);
  }
}

function parseRedisUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (!/^rediss?:\/\/[^/]/.test(url)) throw new ConfigError('Configuration invalide : REDIS_URL doit commencer par redis:// ou rediss://');
  return url;
}

function parseStorage(e: z.output<typeof envSchema>): StorageConfig {
  if (!e.STORAGE_URL) return { kind: 'local' };
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(\/.*)?$/.exec(e.STORAGE_URL);
  if (!match) throw new ConfigError('Configuration invalide : STORAGE_URL doit avoir la forme s3://BUCKET ou s3://BUCKET/PREFIXE');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Configuration invalide : S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY vont ensemble');
  }
  return {
    kind: 's3',
    bucket: match[1]!,
    prefix: (match[2] ?? '').replace(/^\/+|\/+$/g, ''),
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION ?? 'us-east-1',
    // Without them the SDK's own chain applies (instance role, AWS_* variables).
    credentials: e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY! } : undefined,
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

// `true` would trust every X-Forwarded-For hop, letting any client pick its own address (and dodge per-address
// limits): it is refused, with the two safe forms named. A hop count or the proxies' addresses only.
function parseTrustProxy(value: string | undefined): false | number | string {
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') {
    throw new ConfigError(
      'Configuration invalide : TRUST_PROXY=true ferait confiance à n’importe quel client ; indiquez le nombre de proxys (ex. 1) ou leurs adresses (ex. 10.0.0.0/8)',
    );
  }
  if (/^\d+$/.test(value)) return Number(value);
  if (/^[0-9a-fA-F.:/,\s]+$/.test(value) && /[.:]/.test(value)) return value; // addresses or CIDR ranges of the proxies
  throw new ConfigError("Configuration invalide : TRUST_PROXY doit être un nombre de proxys ou une liste d'adresses");
}

/** Printed loudly at start with the payment simulator: a production started without FedaPay takes no real money. */
export function sandboxWarning(config: Pick<Config, 'payments'>): string | null {
  if (config.payments.provider !== 'sandbox') return null;
  return '\n!!! ATTENTION : paiements SIMULÉS (PAYMENT_PROVIDER=sandbox). Aucun argent réel n’est encaissé.\n!!! En production, définissez PAYMENT_PROVIDER=fedapay et les clés FEDAPAY_*.\n';
}
