import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

// Table types matching the migrations. Booleans are integers 0/1 on both engines.

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  telephone: string;
  password_hash: string;
  role: string;
  zone: string | null;
  zone_key: string | null;
  is_confirmed: Generated<number>;
  first_login: Generated<number>;
  /** 1 for an account created by someone else until it chooses its own password (migration 20261124_1500). */
  must_change_password: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
}

export interface ProvidersTable {
  id: Generated<number>;
  user_id: number;
  entreprise: string;
  forme_juridique: string;
  rccm: string;
  adresse: string;
  email: string;
  telephone: string;
  whatsapp: string | null;
  marge_salaire: number;
  zone: string;
  zone_key: string;
  created_at: string;
  updated_at: string;
}

export interface ProviderDomainsTable {
  provider_id: number;
  domain: string;
  reduction: number | null;
}

export interface QuestionnairesTable {
  id: Generated<number>;
  user_id: number;
  marital_status: string;
  job: string;
  income: number;
  income_total: number;
  monthly_expenses: number;
  needs: string;
  created_at: string;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  services: string | null;
  message: string | null;
  created_at: string;
  /** When an administrator marked it handled (NULL: new). */
  handled_at: string | null;
  handled_by: number | null;
}

export interface NewsletterSubscriptionsTable {
  id: Generated<number>;
  email: string;
  created_at: string;
  /** Secret of the subscriber's unsubscribe link, given at the first newsletter (migration 20261124_1100). */
  unsubscribe_token: Generated<string | null>;
}

export interface TestimonialsTable {
  id: Generated<number>;
  text: string;
  author: string;
  title: string;
  avatar: string;
  is_published: Generated<number>;
  created_at: string;
}

export interface VolunteersTable {
  id: Generated<number>;
  name: string;
  email: string;
  profile_image: string;
  cv: string;
  motivation_letter: string;
  criminal_record: string;
  domain: string;
  under_restriction: Generated<number>;
  restriction_proof: string | null;
  is_confirmed: Generated<number>;
  /** Set when an administrator refuses the application, with the reason the volunteer is told (migration 20261124_1500). */
  refused_at: string | null;
  refusal_reason: string | null;
  created_at: string;
}

export interface ProjectsTable {
  id: Generated<number>;
  project_name: string;
  description: string;
  goal_amount: number;
  category: string;
  contact_email: string;
  project_file: string | null;
  created_at: string;
}

interface MoneyColumns {
  id: Generated<number>;
  amount: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  currency: Generated<string>;
  transaction_status: string;
  transaction_id: string | null;
  provider: string;
  is_verified: Generated<number>;
  receipt_number: string | null;
  paid_at: string | null;
  /** When the background re-check last asked the provider (migration 0500). */
  checked_at: string | null;
  /** SHA-256 of the random reference of the provider's return URL (migration 1300). */
  return_ref_hash: string | null;
  deleted_at: string | null;
  deleted_by: number | null;
  created_at: string;
  updated_at: string;
  /** 'online' (through the gateway) or 'offline' (recorded by hand); migration 20261124_1200. */
  source: Generated<string>;
  /** The administrator who recorded an offline entry. */
  recorded_by: number | null;
  /** How offline money came in: especes | mobile_money | virement | cheque. */
  method: string | null;
  /** The receipt, transfer or cheque reference of an offline entry. */
  reference: string | null;
  /** Why an administrator cancelled (soft-deleted) the record. */
  deleted_reason: string | null;
}

export interface DonationsTable extends MoneyColumns {
  purpose: string;
  /** The account that donated while logged in, else null (migration 20261124_1500). */
  user_id: number | null;
}

export interface CauseGoalsTable {
  purpose: string;
  goal: number | null;
  updated_by: number | null;
  updated_at: string;
}

export interface PaymentsTable extends MoneyColumns {
  payment_type: string;
  user_id: number | null;
}

export interface PaymentEventsTable {
  id: Generated<number>;
  event_key: string;
  transaction_id: string;
  status: string;
  received_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_user_id: number | null;
  action: string;
  entity: string;
  entity_id: string;
  details: string | null;
  created_at: string;
  /** Client address of the request that made the change (migration 20261124_0100). */
  ip: string | null;
  /** JSON of the record before and after the change, when there is one. */
  before_state: string | null;
  after_state: string | null;
}

export interface OutboxMessagesTable {
  id: Generated<number>;
  /** 'sms' | 'email' */
  channel: string;
  /** E.164 telephone for SMS, address for e-mail. */
  to_address: string;
  subject: string | null;
  body: string;
  html: string | null;
  /** JSON object of extra e-mail headers (List-Unsubscribe…). */
  headers: string | null;
  /** Unique when set: a second message with the same key is not queued (send-once rules). */
  dedupe_key: string | null;
  /** 'queued' | 'sent' | 'failed' */
  status: string;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: string;
  /** A worker's claim: other workers skip the row until then. */
  locked_until: string | null;
  created_at: string;
  sent_at: string | null;
  updated_at: string;
  /** The newsletter send this e-mail belongs to (migration 20261124_1100). */
  newsletter_send_id: number | null;
}

export interface PasswordResetCodesTable {
  id: Generated<number>;
  user_id: number;
  /** Hash of the 6-digit code (same hashing as passwords). */
  code_hash: string;
  /** Wrong tries so far; the code is void at 5. */
  attempts: Generated<number>;
  /** The administrator or adviser who sent it; null when the person asked. */
  requested_by: number | null;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface NewsletterSendsTable {
  id: Generated<number>;
  subject: string;
  body: string;
  recipients: number;
  created_by: number | null;
  created_at: string;
}

/** The end of an account's current membership period (migration 20261124_1200). */
export interface MembershipsTable {
  user_id: number;
  /** YYYY-MM-DD, last day the account is a member. */
  valid_until: string;
  updated_at: string;
}

export interface SandboxTransactionsTable {
  id: string;
  amount: number;
  currency: string;
  description: string;
  customer_name: string | null;
  status: string;
  return_url: string;
  /** SHA-256 of the random key in the checkout page's URL (migration 1300); null for rows from before. */
  checkout_key_hash: string | null;
  created_at: string;
  updated_at: string;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

export interface ReceiptCountersTable {
  series: string;
  value: number;
}

export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  providers: ProvidersTable;
  provider_domains: ProviderDomainsTable;
  questionnaires: QuestionnairesTable;
  contact_messages: ContactMessagesTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  testimonials: TestimonialsTable;
  volunteers: VolunteersTable;
  projects: ProjectsTable;
  donations: DonationsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  audit_log: AuditLogTable;
  outbox_messages: OutboxMessagesTable;
  password_reset_codes: PasswordResetCodesTable;
  newsletter_sends: NewsletterSendsTable;
  memberships: MembershipsTable;
  sandbox_transactions: SandboxTransactionsTable;
  app_secrets: AppSecretsTable;
  receipt_counters: ReceiptCountersTable;
  cause_goals: CauseGoalsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
