import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

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
  /** The zone's commune and department in the reference list (migration 20261126_0320); null when not in it. */
  commune: string | null;
  department: string | null;
  is_confirmed: Generated<number>;
  first_login: Generated<number>;
  /** 1 for an account created by someone else until it chooses its own password (migration 20261124_1500). */
  must_change_password: Generated<number>;
  /** 0 once an administrator deactivated the account: no login, tokens revoked (migration 20261126_0500). */
  is_active: Generated<number>;
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
  /** Act-as: the adviser or administrator who obtained this token for the account; null for one's own login (migration 20261126_0110). */
  acting_user_id: number | null;
  /** When the SMS code that obtained this token was verified; null for a password login (migration 20261129_0700). */
  code_verified_at: string | null;
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
  /** Migration 20261126_0320: the zone's commune and department (null for a zone the migration could not map). */
  commune: string | null;
  department: string | null;
  created_at: string;
  updated_at: string;
}

/** Zones typed before the reference list that migration 20261126_0320 could not map (kept as typed). */
export interface ZonesUnmappedTable {
  table_name: string;
  row_id: number;
  zone: string;
  created_at: string;
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
  /** E.164 telephone, to reach the volunteer by SMS (migration 20261125_1700). */
  telephone: string | null;
  /** 1 when the volunteer chose to show their photo and name on the public site (migration 20261129_0300). */
  public_profile: Generated<number>;
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
  /** recu | en_examen | accepte | refuse (migration 20261126_0500). */
  status: Generated<string>;
  telephone: string | null;
  /** The last reply sent to the applicant with a status change. */
  status_message: string | null;
  status_changed_at: string | null;
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
  /** How an online record was asked for: 'telephone' | 'sms'; null for the checkout page or by hand (migration 20261130_0200). */
  channel: string | null;
}

export interface DonationsTable extends MoneyColumns {
  purpose: string;
  /** The account that donated while logged in, else null (migration 20261124_1500). */
  user_id: number | null;
  /** The pledge this donation pays and the due it pays (migration 20261125_0400); null for a one-time gift. */
  pledge_id: number | null;
  pledge_due: string | null;
}

export interface PledgesTable {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  /** E.164. */
  telephone: string;
  email: string | null;
  amount: number;
  purpose: string;
  /** mensuel | trimestriel | annuel */
  frequency: string;
  /** active | paused | cancelled */
  status: string;
  anchor_day: number;
  /** YYYY-MM-DD, Cotonou calendar. */
  next_due: string;
  counting_from: string;
  paused_at: string | null;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface PledgeTokensTable {
  id: Generated<number>;
  pledge_id: number;
  token_hash: string;
  expires_at: string;
  created_at: string;
}

export interface PledgeDuesTable {
  id: Generated<number>;
  pledge_id: number;
  due_date: string;
  /** due | skipped | missed */
  status: string;
  amount: number;
  reminded_at: string | null;
  created_at: string;
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
  /** The event registration whose seats this payment pays, else null (migration 20261130_1400). */
  event_registration_id: number | null;
  /** The provider's checkout page of a payment for an event's seats, given again while it is pending (same migration). */
  checkout_url: string | null;
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
  /** Written with an act-as token: the adviser or administrator who acted (actor_user_id is the person acted for). */
  acting_user_id: number | null;
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
  /** 'queued' | 'sent' | 'kept' (no provider configured: nothing left the machine) | 'failed' */
  status: string;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: string;
  /** A worker's claim: other workers skip the row until then. */
  locked_until: string | null;
  created_at: string;
  sent_at: string | null;
  updated_at: string;
  /** code | recu | rappel | echeance | billet | avis | stop: picks the WhatsApp template; codes and receipts ignore « STOP ». */
  category: string | null;
  /** whatsapp_authentication | whatsapp_utility | whatsapp_service | sms | email */
  cost_category: string | null;
  /** The provider's id of the sent message (WhatsApp's wamid…), to match its delivery statuses. */
  provider_message_id: string | null;
  /** sent | delivered | read | failed, as the provider's webhook reported. */
  delivery_status: string | null;
  delivery_error: string | null;
  /** The WhatsApp message this SMS replaces. */
  fallback_of: number | null;
  /** The newsletter send this e-mail belongs to (migration 20261124_1100). */
  newsletter_send_id: number | null;
  /**
   * A one-time code this message carries (migration 20261125_0100): body and html hold a mask in its place, the
   * worker substitutes it only when sending, then clears it. Never listed nor exported.
   */
  secret: Generated<string | null>;
}

/** One short code sent by SMS (migration 20261125_0100); see modules/codes. */
export interface OneTimeCodesTable {
  id: Generated<number>;
  /** What the code proves: 'password_reset' | 'login' | 'volunteer_login' | 'privacy_request' | 'consent' … */
  purpose: string;
  /** Whom it was sent to: an E.164 telephone, or another key of the purpose. */
  subject: string;
  user_id: number | null;
  /** Hash of the 6 digits (same hashing as passwords). */
  code_hash: string;
  /** Tries so far, counted before each check; the code is void at 5. */
  attempts: Generated<number>;
  /** The administrator or adviser who asked for it; null when the person asked. */
  requested_by: number | null;
  expires_at: string;
  /** When it was consumed or voided (a newer code, a password change). */
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
  /** A payment requested on the payer's telephone (no checkout page) expires then (migration 20261129_0600). */
  push_expires_at?: string | null;
}

/** Commands received by SMS, for the per-number limit (migration 20261129_0600). */
export interface SmsCommandsTable {
  id: Generated<number>;
  telephone: string;
  command: string;
  created_at: string;
  /** The provider's id of the message (Twilio's MessageSid), unique: a replayed call is carried out once (migration 20261130_0500). */
  message_sid: string | null;
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

// Events and volunteer shifts (migration 20261125_1700).
export interface EventsTable {
  id: Generated<number>;
  title: string;
  description: string;
  starts_at: string;
  ends_at: string;
  place: string;
  capacity: number;
  seats_taken: Generated<number>;
  price_member: number;
  price_public: number;
  registration_closes_at: string | null;
  published: number;
  status: Generated<string>;
  cancel_reason: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface EventRegistrationsTable {
  id: Generated<number>;
  event_id: number;
  user_id: number | null;
  name: string;
  telephone: string;
  email: string | null;
  seats: number;
  status: string;
  amount: number;
  payment_id: number | null;
  ticket_nonce: string;
  code: string;
  hold_expires_at: string | null;
  checked_in_at: string | null;
  checked_in_device: string | null;
  /** PBKDF2 of the short code with the event's salt, as the door device holds it (migration 20261129_0300). */
  door_code_hash: string | null;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface EventReceptionTable {
  event_id: number;
  volunteer_id: number;
}

export interface EventShiftsTable {
  id: Generated<number>;
  event_id: number;
  label: string;
  starts_at: string;
  ends_at: string;
  slots: number;
  taken: Generated<number>;
  created_at: string;
}

export interface ShiftSignupsTable {
  id: Generated<number>;
  shift_id: number;
  volunteer_id: number;
  status: string;
  confirm_nonce: string;
  confirm_requested_at: string | null;
  confirmed_at: string | null;
  checked_in_at: string | null;
  checked_out_at: string | null;
  /** Minutes served as confirmed by the coordinator (migration 20261129_0300); null until confirmed. */
  hours_minutes: number | null;
  hours_confirmed_at: string | null;
  hours_confirmed_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface VolunteerSessionsTable {
  id: Generated<number>;
  volunteer_id: number;
  token_hash: string;
  expires_at: string;
  created_at: string;
}

/** Treasury (migration 20261125_0300): accounts with their kept balance. */
export interface TreasuryAccountsTable {
  id: Generated<number>;
  name: string;
  /** caisse | banque | mobile_money */
  kind: string;
  opening_balance: number;
  /** YYYY-MM-DD */
  opening_date: string;
  /** Opening balance plus every movement, updated in the transaction that records a movement. */
  balance: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  /** Its SYCEBNL chart account (a sub-account of 52, 55 or 57), given at its first posting (migration 20261129_0400). */
  ledger_account: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Books (migration 20261129_0400): the association's own sub-accounts of the SYCEBNL chart. */
export interface BooksAccountsTable {
  number: string;
  label: string;
  created_by: number | null;
  created_at: string;
}

/** One entry of the books; `hash` chains it to the entry posted before it. */
export interface BooksEntriesTable {
  id: Generated<number>;
  number: string;
  year: number;
  /** YYYY-MM-DD */
  day: string;
  journal: string;
  label: string;
  reference: string | null;
  /** movement | opening | manual | reversal | carry_forward | dedicated_funds */
  source_type: string;
  source_id: string | null;
  reverses_id: number | null;
  /** 1 for the opening entry a year's closing carries into the next year. */
  carried: ColumnType<number, number | undefined, number>;
  validated_at: string;
  hash: string;
  /** The chain formula the hash was computed with: 1 before migration 20261130_0400, 2 since (apps/api/src/modules/books/chain.ts). */
  hash_version: ColumnType<number, number | undefined, never>;
  created_by: number | null;
  created_at: string;
}

export interface BooksLinesTable {
  id: Generated<number>;
  entry_id: number;
  line_no: number;
  account: string;
  debit: number;
  credit: number;
  cause: string | null;
}

/** Per year, account, cause ('' for none) and carried flag: the sums of the lines, kept as entries are posted. */
export interface BooksTotalsTable {
  year: number;
  account: string;
  cause: string;
  carried: number;
  debit: number;
  credit: number;
}

export interface BooksChainTable {
  id: number;
  last_hash: string;
  entries: number;
}

export interface BooksCountersTable {
  year: number;
  last: number;
}

export interface BooksYearsTable {
  year: number;
  closed: number;
  result: number | null;
  closed_by: number | null;
  closed_at: string | null;
}

export interface BooksReopeningsTable {
  id: Generated<number>;
  year: number;
  reason: string;
  /** en_attente | approuvee | rejetee */
  status: string;
  proposed_by: number;
  proposed_at: string;
  decided_by: number | null;
  decided_at: string | null;
}

export interface BooksBudgetsTable {
  year: number;
  account: string;
  cause: string;
  amount: number;
}

export interface BooksUnmappedTable {
  id: Generated<number>;
  source_type: string;
  source_id: string;
  reason: string;
  created_at: string;
}

export interface BooksMetaTable {
  name: string;
  value: string;
}

/** A setting of the association an administrator changes (migration 20261126_0610): its value as JSON. */
export interface AppSettingsTable {
  name: string;
  value: string;
  updated_by: number | null;
  updated_at: string;
}

export interface TreasurySettingsTable {
  name: string;
  value: string | null;
  updated_by: number | null;
  updated_at: string;
}

/** One movement of money on one account; signed (money out is negative); a reversal is a movement of its own. */
export interface TreasuryMovementsTable {
  id: Generated<number>;
  account_id: number;
  /** YYYY-MM-DD, Cotonou time. */
  day: string;
  amount: number;
  /** recette | depense | virement_entrant | virement_sortant | frais */
  kind: string;
  /** Receipts: don | adhesion | cotisation | autre. */
  nature: string | null;
  /** Expenses: their category. */
  category: string | null;
  purpose: string | null;
  label: string;
  reference: string | null;
  /** donation | payment | expense | transfer | statement_line */
  source_type: string;
  source_id: number | null;
  /** The movement this one reverses. */
  reverses_id: number | null;
  created_by: number | null;
  created_at: string;
}

export interface TreasuryDailyTotalsTable {
  account_id: number;
  day: string;
  amount: number;
  movements: number;
}

export interface TreasuryMonthlyTotalsTable {
  account_id: number;
  /** YYYY-MM */
  month: string;
  /** recette:<nature>[:<purpose>] | depense:<category> | virement_entrant | virement_sortant | frais */
  flow: string;
  amount: number;
}

export interface TransparencyTotalsTable {
  month: string;
  /** raised:<purpose> | spent:<category>:<purpose or -> */
  flow: string;
  amount: number;
  count: number;
}

export interface TreasuryIncomeSourcesTable {
  source_type: string;
  source_id: number;
  account_id: number | null;
  amount: number;
  month: string;
  purpose: string | null;
  counted: number;
  updated_at: string;
}

export interface TreasuryTransfersTable {
  id: Generated<number>;
  from_account_id: number;
  to_account_id: number;
  amount: number;
  day: string;
  reference: string | null;
  created_by: number | null;
  created_at: string;
  /** A cancelled transfer keeps its row; its two movements are countered (migration 20261130_0100). */
  cancelled_by: number | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
}

export interface ExpensesTable {
  id: Generated<number>;
  amount: number;
  category: string;
  purpose: string | null;
  account_id: number;
  /** YYYY-MM-DD */
  paid_at: string;
  method: string;
  payee: string;
  reference: string | null;
  description: string;
  /** Stored file name of the proof (area expense_proofs). */
  proof: string | null;
  /** en_attente | approuvee | annulee */
  status: string;
  created_by: number | null;
  approved_by: number | null;
  approved_at: string | null;
  cancelled_by: number | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  /** Cancelling an approved expense is proposed by one administrator, done by another (migration 20261129_0100). */
  cancel_proposed_by: number | null;
  cancel_proposed_at: string | null;
  cancel_proposed_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** A change to an administrator, proposed by one and approved by another (migration 20261129_0100). */
export interface AccountChangesTable {
  id: Generated<number>;
  /** The account changed; null for a new administrator until it is created. */
  user_id: number | null;
  /** 'create' | 'update' */
  kind: string;
  /** JSON of what the change sets (a new account's password already hashed). */
  changes: string;
  /** en_attente | approuvee | rejetee */
  status: Generated<string>;
  proposed_by: number;
  proposed_at: string;
  decided_by: number | null;
  decided_at: string | null;
}

export interface TreasuryStatementsTable {
  id: Generated<number>;
  account_id: number;
  filename: string | null;
  period_start: string;
  period_end: string;
  closing_balance: number | null;
  created_by: number | null;
  created_at: string;
}

export interface TreasuryStatementLinesTable {
  id: Generated<number>;
  statement_id: number;
  line_no: number;
  day: string;
  label: string;
  amount: number;
  reference: string | null;
  balance: number | null;
  movement_id: number | null;
  /** auto | manuel | saisie */
  match_kind: string | null;
  expense_id: number | null;
  /** Who matched the line and when (migration 20261130_0100); null before it. */
  matched_by: number | null;
  matched_at: string | null;
}

/** One pass of the retention job (migration 20261126_0530); counts is a JSON object of numbers, never contents. */
export interface RetentionRunsTable {
  id: Generated<number>;
  run_key: string;
  /** quotidien | manuel */
  trigger: string;
  /** en_cours | terminee | echec */
  status: string;
  counts: string;
  error: string | null;
  started_by: number | null;
  started_at: string;
  finished_at: string | null;
}

/** What is kept of a deleted criminal record or restriction proof: « vérifié le … par … » (migration 20261126_0530). */
export interface VolunteerDocumentChecksTable {
  id: Generated<number>;
  volunteer_id: number;
  /** criminal_record | restriction_proof */
  document: string;
  /** confirme | refuse */
  decision: string;
  decided_at: string;
  /** The name of the administrator who decided, when known. */
  decided_by: string | null;
  removed_at: string;
  run_id: number | null;
}

/** The breach register (migration 20261126_0530). */
export interface PrivacyBreachesTable {
  id: Generated<number>;
  description: string;
  occurred_at: string;
  discovered_at: string;
  people_affected: string;
  people_count: number | null;
  data_categories: string;
  measures: string;
  apdp_notified_at: string | null;
  people_notified_at: string | null;
  recorded_by: number | null;
  created_at: string;
}

export interface Database {
  retention_runs: RetentionRunsTable;
  volunteer_document_checks: VolunteerDocumentChecksTable;
  privacy_breaches: PrivacyBreachesTable;
  treasury_accounts: TreasuryAccountsTable;
  books_accounts: BooksAccountsTable;
  books_entries: BooksEntriesTable;
  books_lines: BooksLinesTable;
  books_totals: BooksTotalsTable;
  books_chain: BooksChainTable;
  books_counters: BooksCountersTable;
  books_years: BooksYearsTable;
  books_reopenings: BooksReopeningsTable;
  books_budgets: BooksBudgetsTable;
  books_unmapped: BooksUnmappedTable;
  books_meta: BooksMetaTable;
  treasury_settings: TreasurySettingsTable;
  app_settings: AppSettingsTable;
  treasury_movements: TreasuryMovementsTable;
  treasury_daily_totals: TreasuryDailyTotalsTable;
  treasury_monthly_totals: TreasuryMonthlyTotalsTable;
  transparency_totals: TransparencyTotalsTable;
  treasury_income_sources: TreasuryIncomeSourcesTable;
  treasury_transfers: TreasuryTransfersTable;
  expenses: ExpensesTable;
  account_changes: AccountChangesTable;
  treasury_statements: TreasuryStatementsTable;
  treasury_statement_lines: TreasuryStatementLinesTable;
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  providers: ProvidersTable;
  provider_domains: ProviderDomainsTable;
  questionnaires: QuestionnairesTable;
  contact_messages: ContactMessagesTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  testimonials: TestimonialsTable;
  volunteers: VolunteersTable;
  zones_unmapped: ZonesUnmappedTable;
  projects: ProjectsTable;
  donations: DonationsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  audit_log: AuditLogTable;
  outbox_messages: OutboxMessagesTable;
  consents: ConsentsTable;
  message_counts: MessageCountsTable;
  money_totals: MoneyTotalsTable;
  year_donor_totals: YearDonorTotalsTable;
  one_time_codes: OneTimeCodesTable;
  newsletter_sends: NewsletterSendsTable;
  memberships: MembershipsTable;
  sandbox_transactions: SandboxTransactionsTable;
  sms_commands: SmsCommandsTable;
  app_secrets: AppSecretsTable;
  receipt_counters: ReceiptCountersTable;
  cause_goals: CauseGoalsTable;
  background_jobs: BackgroundJobsTable;
  pledges: PledgesTable;
  pledge_tokens: PledgeTokensTable;
  pledge_dues: PledgeDuesTable;
  events: EventsTable;
  event_registrations: EventRegistrationsTable;
  event_reception: EventReceptionTable;
  event_shifts: EventShiftsTable;
  shift_signups: ShiftSignupsTable;
  volunteer_sessions: VolunteerSessionsTable;
  migration_reports: MigrationReportsTable;
  privacy_requests: PrivacyRequestsTable;
  data_links: DataLinksTable;
}

/** Long work run off the request thread, its progress and its finished file (migrations 20261125_1700, 20261127_0200). */
export interface BackgroundJobsTable {
  id: Generated<number>;
  kind: string;
  /** JSON of the job's parameters (e.g. {"year":2025}). */
  params: string;
  /** queued | running | done | failed */
  status: string;
  done: Generated<number>;
  total: number | null;
  file_key: string | null;
  error: string | null;
  created_by: number | null;
  created_at: string;
  finished_at: string | null;
  /** Moved by the process running the job; a running job silent for minutes is taken for dead (migration 20261127_0200). */
  heartbeat_at: string | null;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

/** Kept by triggers: per table, month (UTC, of paid_at or created_at), purpose or payment type and status, the count and amount of records not soft-deleted. */
export interface MoneyTotalsTable {
  table_name: string;
  month: string;
  category: string;
  status: string;
  n: number | string | bigint;
  amount: number | string | bigint;
}

/**
 * Kept by triggers (migration 20261127_0300): per calendar year of paid_at and donor telephone, the total and the
 * number of donations received (approved or transferred, not soft-deleted). A row whose donations all left stays at 0.
 */
export interface YearDonorTotalsTable {
  year: number;
  phone: string;
  total: number | string | bigint;
  count: number;
}

/**
 * Every choice given or withdrawn for an optional processing (migration 20261126_0100; docs/product/personal-data.md).
 * `channel`: how it was expressed (web, lien, espace_membre, administration, sms, whatsapp, legacy); `source`: the form
 * or action (stop, legacy, …); `subject`: what it is about when not a person's address (testimonial:ID, donation:ID).
 */
export interface ConsentsTable {
  id: Generated<number>;
  purpose: string;
  given: number;
  wording_version: string;
  channel: string;
  telephone: string | null;
  email: string | null;
  user_id: number | null;
  source: string;
  subject: string | null;
  ip: string | null;
  created_at: string;
}

/** Kept by triggers: outbox messages per month (UTC, of created_at) and channel. */
export interface MessageCountsTable {
  month: string;
  channel: string;
  n: number | string | bigint;
}

/** Access, rectification, erasure and objection requests (migration 20261126_0100). */
export interface PrivacyRequestsTable {
  id: Generated<number>;
  /** acces | rectification | effacement | opposition */
  kind: string;
  /** en_attente_code | a_traiter | traitee | refusee */
  status: string;
  /** E.164; removed when an erasure is fulfilled. */
  telephone: string | null;
  email: string | null;
  details: string | null;
  /** The account the telephone named when the code was entered. */
  user_id: number | null;
  ip: string | null;
  created_at: string;
  verified_at: string | null;
  /** verified_at + 45 days. */
  due_at: string | null;
  closed_at: string | null;
  closed_by: number | null;
  outcome: string | null;
}

/** A link bringing a person their data after an access request (migration 20261129_0200): the token's SHA-256 only. */
export interface DataLinksTable {
  id: Generated<number>;
  token_hash: string;
  request_id: number;
  expires_at: string;
  created_at: string;
}

/** What a migration found and left for a person to decide (migration 20261126_0100: telephone conflicts). */
export interface MigrationReportsTable {
  id: Generated<number>;
  migration: string;
  /** telephone_conflict | telephone_invalid */
  kind: string;
  table_name: string;
  /** JSON: {ids, values, e164}. */
  detail: string;
  resolved_at: string | null;
  created_at: string;
}
