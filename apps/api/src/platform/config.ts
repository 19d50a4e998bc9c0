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
  WHATSAPP_PROVIDER: optional.pipe(z.enum(['none', 'meta'], { error: 'doit valoir none ou meta' }).optional()),
  WHATSAPP_TOKEN: optional,
  WHATSAPP_PHONE_NUMBER_ID: optional,
  WHATSAPP_APP_SECRET: optional,
  WHATSAPP_VERIFY_TOKEN: optional,
  WHATSAPP_API_BASE: optional.pipe(z.url().optional()),
  WHATSAPP_TEMPLATES: optional,
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
  EXPENSE_APPROVAL_THRESHOLD: optional.pipe(z.coerce.number<string | undefined>().int().min(1).optional()),
  DATA_ENCRYPTION_KEY: optional,
  DATA_ENCRYPTION_KEYS_OLD: optional,
  ORG_NAME: optional,
  ORG_ADDRESS: optional,
  ORG_EMAIL: optional.pipe(z.email({ error: 'doit être une adresse e-mail' }).optional()),
  ORG_TELEPHONE: optional,
  /** The number people send SMS commands to (DON 1000…), shown on the public site (docs/giving-by-phone.md). */
  ORG_SMS_NUMBER: optional,
  DPO_NAME: optional,
  DPO_EMAIL: optional.pipe(z.email({ error: 'doit être une adresse e-mail' }).optional()),
  RETENTION_CRIMINAL_RECORD_DAYS: optional.pipe(z.coerce.number<string | undefined>().int().min(1).max(3650).optional()),
  RETENTION_UNCONFIRMED_MONTHS: optional.pipe(z.coerce.number<string | undefined>().int().min(1).max(120).optional()),
  RETENTION_CONTACT_MONTHS: optional.pipe(z.coerce.number<string | undefined>().int().min(1).max(120).optional()),
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
  /** Where SMS and e-mails go (docs/product/messages.md). */
  messages: MessagesConfig;
  /** Length of the membership period an adhesion or cotisation buys. */
  membershipPeriodMonths: number;
  /** An expense of this many FCFA or more waits for a second administrator's approval. */
  expenseApprovalThreshold: number;
  /**
   * Keys of the volunteer documents' encryption at rest (docs/decisions/encryption-at-rest.md): `key` encrypts
   * (absent: one generated into DATA_DIR at the start), `oldKeys` only decrypt, for a rotation.
   */
  encryption: { key?: Buffer; oldKeys: Buffer[] };
  /** The controller of the personal data (ORG_*, DPO_*), as the privacy notice names it (docs/product/personal-data.md). */
  organisation: {
    name?: string;
    address?: string;
    email?: string;
    telephone?: string;
    smsNumber?: string;
    dpoName?: string;
    dpoEmail?: string;
  };
  /** How long each category of personal data is kept (RETENTION_*); the retention job and the notice read them. */
  retention: RetentionConfig;
}

export interface RetentionConfig {
  /** Criminal records and restriction proofs: days after the volunteer is confirmed or refused (default 30). */
  criminalRecordDays: number;
  /** Applications and accounts never confirmed: months (default 12). */
  unconfirmedMonths: number;
  /** Contact messages: months (default 24). */
  contactMonths: number;
  /** Message bodies in the outbox: days (fixed at 90 by docs/product). */
  outboxBodyDays: number;
}

export interface MessagesConfig {
  sms: { provider: 'outbox' } | { provider: 'twilio'; accountSid: string; authToken: string; from: string; apiBase: string };
  /** smtp:// or smtps:// URL; none: e-mails stay in the outbox. */
  smtpUrl?: string;
  mailFrom: string;
  /** WhatsApp Business Cloud API; `none`: nobody gets WhatsApp messages, SMS are sent as SMS. */
  whatsapp?: WhatsAppConfig;
}

/** The template kinds the platform sends by WhatsApp (Meta accepts business-initiated messages only as approved templates). */
export const WHATSAPP_TEMPLATE_KINDS = ['code', 'recu', 'rappel', 'echeance', 'billet', 'avis'] as const;
export type WhatsAppTemplateKind = (typeof WHATSAPP_TEMPLATE_KINDS)[number];

export type WhatsAppConfig =
  | { provider: 'none' }
  | {
      provider: 'meta';
      token: string;
      phoneNumberId: string;
      appSecret: string;
      verifyToken: string;
      /** https://graph.facebook.com/v21.0, or a stand-in speaking the same wire format. */
      apiBase: string;
      templates: Record<WhatsAppTemplateKind, { name: string; language: string }>;
    };

/** Default template names (docs/whatsapp.md says how to register them with Meta); WHATSAPP_TEMPLATES overrides any of them. */
export const DEFAULT_WHATSAPP_TEMPLATES: Record<WhatsAppTemplateKind, { name: string; language: string }> = {
  code: { name: 'code_verification', language: 'fr' },
  recu: { name: 'recu_paiement', language: 'fr' },
  rappel: { name: 'rappel_cotisation', language: 'fr' },
  echeance: { name: 'echeance_engagement', language: 'fr' },
  billet: { name: 'billet_evenement', language: 'fr' },
  avis: { name: 'avis_association', language: 'fr' },
};

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
    // docs/product/payments.md requires the whole key pair. The server only ever uses the secret key (the fedapay library has no
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
    expenseApprovalThreshold: e.EXPENSE_APPROVAL_THRESHOLD ?? 100_000,
    encryption: parseEncryption(e),
    organisation: {
      name: e.ORG_NAME,
      address: e.ORG_ADDRESS,
      email: e.ORG_EMAIL,
      telephone: e.ORG_TELEPHONE,
      smsNumber: e.ORG_SMS_NUMBER,
      dpoName: e.DPO_NAME,
      dpoEmail: e.DPO_EMAIL,
    },
    retention: {
      criminalRecordDays: e.RETENTION_CRIMINAL_RECORD_DAYS ?? 30,
      unconfirmedMonths: e.RETENTION_UNCONFIRMED_MONTHS ?? 12,
      contactMonths: e.RETENTION_CONTACT_MONTHS ?? 24,
      outboxBodyDays: 90,
    },
  };
}

/** 32 bytes in base64, as `openssl rand -base64 32` prints them. */
function parseKey(name: string, value: string): Buffer {
  const key = /^[A-Za-z0-9+/]{43}=$/.test(value) ? Buffer.from(value, 'base64') : undefined;
  if (key?.length !== 32) {
    throw new ConfigError(`Configuration invalide : ${name} doit être une clé de 32 octets en base64 (openssl rand -base64 32)`);
  }
  return key;
}

function parseEncryption(e: z.output<typeof envSchema>): Config['encryption'] {
  // Several processes (a shared database or object store) must share one key: a key generated per process would
  // leave each unable to read what another stored (docs/configuration.md, « Several processes »).
  if ((e.STORAGE_URL || e.DATABASE_URL) && !e.DATA_ENCRYPTION_KEY) {
    throw new ConfigError(
      'Configuration invalide : DATA_ENCRYPTION_KEY est obligatoire avec STORAGE_URL ou DATABASE_URL (tous les processus partagent la même clé : openssl rand -base64 32)',
    );
  }
  const oldKeys = (e.DATA_ENCRYPTION_KEYS_OLD ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .map((v) => parseKey('DATA_ENCRYPTION_KEYS_OLD', v));
  return { key: e.DATA_ENCRYPTION_KEY ? parseKey('DATA_ENCRYPTION_KEY', e.DATA_ENCRYPTION_KEY) : undefined, oldKeys };
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
  const whatsapp = parseWhatsApp(e);
  return { sms, smtpUrl: e.SMTP_URL, mailFrom, ...(whatsapp.provider === 'meta' ? { whatsapp } : {}) };
}

function parseWhatsApp(e: z.output<typeof envSchema>): WhatsAppConfig {
  if ((e.WHATSAPP_PROVIDER ?? 'none') === 'none') return { provider: 'none' };
  for (const name of ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const) {
    if (!e[name]) throw new ConfigError(`Configuration invalide : ${name} est obligatoire quand WHATSAPP_PROVIDER=meta`);
  }
  const templates = { ...DEFAULT_WHATSAPP_TEMPLATES };
  if (e.WHATSAPP_TEMPLATES) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(e.WHATSAPP_TEMPLATES);
    } catch {
      throw new ConfigError('Configuration invalide : WHATSAPP_TEMPLATES doit être un objet JSON');
    }
    const entry = z.object({
      name: z.string().regex(/^[a-z0-9_]{1,512}$/),
      language: z
        .string()
        .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/)
        .default('fr'),
    });
    const shape = z.object(Object.fromEntries(WHATSAPP_TEMPLATE_KINDS.map((k) => [k, entry.optional()]))).strict();
    const checked = shape.safeParse(parsed);
    if (!checked.success) throw new ConfigError(`Configuration invalide : WHATSAPP_TEMPLATES — ${checked.error.issues[0]!.message}`);
    for (const [kind, value] of Object.entries(checked.data)) if (value) templates[kind as WhatsAppTemplateKind] = value;
  }
  return {
    provider: 'meta',
    token: e.WHATSAPP_TOKEN!,
    phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID!,
    appSecret: e.WHATSAPP_APP_SECRET!,
    verifyToken: e.WHATSAPP_VERIFY_TOKEN!,
    apiBase: (e.WHATSAPP_API_BASE ?? 'https://graph.facebook.com/v21.0').replace(/\/+$/, ''),
    templates,
  };
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
