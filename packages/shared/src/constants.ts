// Every business constant of the specification (§3, §9) lives here, shared by the web app and the API.

export const ROLES = [
  'consommateur',
  'prestataire_physique',
  'prestataire_morale',
  'sympathisant',
  'membre',
  'conseiller',
  'conseiller_pro',
  'administrateur',
] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  consommateur: 'Consommateur',
  prestataire_physique: 'Prestataire (personne physique)',
  prestataire_morale: 'Prestataire (personne morale)',
  sympathisant: 'Sympathisant',
  membre: 'Membre',
  conseiller: 'Conseiller',
  conseiller_pro: 'Conseiller pro',
  administrateur: 'Administrateur',
};

/** The public registration page offers the first seven roles (docs/product/roles.md). */
export const REGISTRATION_PAGE_ROLES = ROLES.filter((r) => r !== 'administrateur');
/** Roles an adviser may create, and the only ones the dashboards' add-user modal offers. */
export const ADVISER_CREATABLE_ROLES = ['consommateur', 'prestataire_physique', 'prestataire_morale'] as const;
export const ADVISER_ROLES = ['conseiller', 'conseiller_pro'] as const satisfies readonly Role[];
export const PROVIDER_ROLES = ['prestataire_physique', 'prestataire_morale'] as const satisfies readonly Role[];
export const DEFAULT_ROLE: Role = 'consommateur';

export const isProviderRole = (role: string): boolean => (PROVIDER_ROLES as readonly string[]).includes(role);
export const isAdviserRole = (role: string): boolean => (ADVISER_ROLES as readonly string[]).includes(role);

/** Where a signed-in user lands (docs/product/states.md). Roles without a dashboard have no route. */
export const DASHBOARD_BY_ROLE: Partial<Record<Role, string>> = {
  administrateur: '/dashboard-administrateur',
  conseiller: '/dashboard-conseiller',
  prestataire_physique: '/dashboard-prestataire',
  prestataire_morale: '/dashboard-prestataire',
  // docs/product/accounts.md "Every account has a home": the roles the specification leaves without a dashboard reach
  // the member space (profile, password, membership, their payments and donations with receipts, logout).
  // conseiller_pro lands there too (docs/product/accounts.md wins over our earlier choice); its member space links to the adviser
  // dashboard (/dashboard-conseiller), which it may still open to create users (docs/product/roles.md gives it the adviser's rights).
  conseiller_pro: '/espace-membre',
  // Issue #33 item 8: a consumer's home shows their adviser and the providers near them (its « Mon espace » link leads on).
  consommateur: '/consommateur',
  membre: '/espace-membre',
  sympathisant: '/espace-membre',
};

export const MEMBER_SPACE_PATH = '/espace-membre';
/** Roles allowed in the member space. */
export const MEMBER_SPACE_ROLES = ['consommateur', 'sympathisant', 'membre', 'conseiller_pro'] as const satisfies readonly Role[];
/** Where an account created by someone else chooses its own password, before anything else. */
export const CHOOSE_PASSWORD_PATH = '/choisir-mot-de-passe';

/** Local browser storage keys (docs/product/data.md). */
export const STORAGE_KEYS = {
  token: 'token',
  role: 'role',
  userId: 'user_id',
  isFirstLogin: 'is_first_login',
  consumerToken: 'consumerToken',
  /** "true" while an account created by someone else has not chosen its own password. */
  mustChangePassword: 'must_change_password',
} as const;

/** Provider domains (docs/product/screens.md, provider information form). */
export const PROVIDER_DOMAINS = ['Alimentation', 'Santé', 'Logement', 'Éducation', 'Sécurité', 'Habillement', 'Mobilité'] as const;
export type ProviderDomain = (typeof PROVIDER_DOMAINS)[number];

export const VOLUNTEER_DOMAINS = ['education', 'alimentation', 'sante', 'environnement', 'autre'] as const;
export const VOLUNTEER_DOMAIN_LABELS: Record<(typeof VOLUNTEER_DOMAINS)[number], string> = {
  education: 'Éducation',
  alimentation: 'Alimentation',
  sante: 'Santé',
  environnement: 'Environnement',
  autre: 'Autre',
};

export const DONATION_PURPOSES = ['alimentation', 'education', 'logement', 'vetement', 'sante', 'protection', 'autres'] as const;
export type DonationPurpose = (typeof DONATION_PURPOSES)[number];
export const DONATION_PURPOSE_LABELS: Record<DonationPurpose, string> = {
  alimentation: 'Alimentation',
  education: 'Éducation',
  logement: 'Logement',
  vetement: 'Vêtements',
  sante: 'Santé',
  protection: 'Protection juridique',
  autres: 'Autres',
};
/** The spec's default ("Medical Treatment") is not an option; the nearest real option is used instead. */
export const DEFAULT_DONATION_PURPOSE: DonationPurpose = 'sante';
/** docs/product/limits.md's default purpose as the original client sends it; the server accepts it as DEFAULT_DONATION_PURPOSE. */
export const LEGACY_DEFAULT_DONATION_PURPOSE = 'Medical Treatment';

export const PROJECT_CATEGORIES = ['Education', 'Health', 'Environment', 'Other'] as const;
export const PROJECT_CATEGORY_LABELS: Record<(typeof PROJECT_CATEGORIES)[number], string> = {
  Education: 'Éducation',
  Health: 'Santé',
  Environment: 'Environnement',
  Other: 'Autre',
};
export const DEFAULT_PROJECT_CATEGORY = 'Education';

/** A submitted project's status (docs/product), in the order it moves. */
export const PROJECT_STATUSES = ['recu', 'en_examen', 'accepte', 'refuse'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  recu: 'Reçu',
  en_examen: 'En examen',
  accepte: 'Accepté',
  refuse: 'Refusé',
};

export const PAYMENT_TYPES = ['adhesion', 'cotisation'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  adhesion: "Frais d'adhésion",
  cotisation: 'Cotisation',
};
export const DEFAULT_PAYMENT_TYPE: PaymentType = 'adhesion';
/**
 * The payment type of an event's paid seats (events/registrations.ts): outside PAYMENT_TYPES, so it buys no
 * membership; the books post it to ticket income and the payment page names it.
 */
export const EVENT_PAYMENT_TYPE = 'evenement';

export const TRANSACTION_STATUSES = ['pending', 'approved', 'declined', 'canceled', 'refunded', 'transferred'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
/**
 * Statuses under which the money was received: FedaPay moves an approved transaction to "transferred" once paid
 * out, and it still counts (receipts, memberships, totals).
 */
export const RECEIVED_STATUSES = ['approved', 'transferred'] as const satisfies readonly TransactionStatus[];
/** The words the administrator's lists and their CSV exports use for the statuses (« Approuvé », not "approved"). */
export const TRANSACTION_STATUS_LABELS: Record<TransactionStatus, string> = {
  pending: 'En attente',
  approved: 'Approuvé',
  declined: 'Refusé',
  canceled: 'Annulé',
  refunded: 'Remboursé',
  transferred: 'Transféré',
};

export const MARITAL_STATUSES = ['Célibataire', 'Marié(e)', 'Divorcé(e)', 'Veuf/Veuve'] as const;

/** Needs a consumer may tick on the questionnaire (at most LIMITS.maxNeeds): the basic needs of the mission (docs/product/overview.md). */
export const QUESTIONNAIRE_NEEDS = [
  'Alimentation',
  'Santé',
  'Éducation',
  'Financement',
  'Habillement',
  'Transport',
  'Logement',
  'Sécurité',
  'Protection juridique',
  'Énergie',
] as const;

export const LIMITS = {
  apiTimeoutMs: 10_000,
  heroIntervalMs: 5_000,
  testimonialIntervalMs: 10_000,
  scrollTopThreshold: 300,
  volunteersPerPage: 4,
  toastAutoCloseMs: 5_000,
  projectFileMaxBytes: 2 * 1024 * 1024,
  imageMaxBytes: 5 * 1024 * 1024,
  documentMaxBytes: 5 * 1024 * 1024,
  /** The receipts' signature image: a scan of a few centimetres needs far less. */
  signatureMaxBytes: 1024 * 1024,
  maxNeeds: 3,
  providerRedirectMs: 4_000,
  pageSize: 20,
  maxPageSize: 100,
  /**
   * Payment requests on one telephone (docs/giving-by-phone.md), from the web forms and by SMS alike: at most this many
   * in any window, so that a number typed by a stranger is not flooded with approval prompts; the per-address limits
   * of the forms still apply.
   */
  pushRequestsPerTelephone: 3,
  pushRequestsWindowMs: 10 * 60 * 1000,
  /**
   * Event SMS one telephone receives in 24 hours — tickets, waiting-list notices, cancellations, promotions from the
   * waiting list, day-before reminders, all counted together: past it the action is still done and its page shows the
   * result, but no SMS leaves, so a stranger's number is not flooded while a school may still register all its pupils
   * with its own number (docs/product/events.md). Only an administrator's cancellation of a whole event is sent past it.
   */
  eventSmsPerTelephonePerDay: 5,
} as const;

/** Fixed statistics of the home page (docs/product/screens.md): not fetched. */
export const HOME_STATS = [
  { value: 98_520, label: 'Dons Reçus' },
  { value: 30_682, label: 'Cœurs Touchés' },
  { value: 6_184, label: 'Bénévoles Actifs' },
  { value: 14_369, label: 'Projets Réalisés' },
] as const;

/** The association's public details (footer, contact page, receipts). Phone and social links are placeholders (docs/product/screens.md). */
export const ORGANISATION = {
  name: 'Association Solidarité Besoins Essentiels',
  shortName: 'ASBE',
  city: 'Cotonou',
  country: 'Bénin',
  phone: '+229 01 00 00 00 00',
  email: 'contact@asbe-benin.org',
  social: { facebook: '#', twitter: '#', instagram: '#', youtube: '#' },
} as const;

/** The hero carousel's image set (web) — also announced by the server as a preload for "/" so the LCP image starts early. */
export const HERO_IMAGE_SET = {
  firstSlide: '/images/hero/hero-1',
  widths: [960, 1600],
  portraitMedia: '(max-aspect-ratio: 1/1)',
  portraitWidths: [480, 960],
} as const;
