import {
  DONATION_PURPOSE_LABELS,
  PAYMENT_TYPE_LABELS,
  PROJECT_CATEGORY_LABELS,
  ROLE_LABELS,
  TRANSACTION_STATUS_LABELS,
  VOLUNTEER_DOMAIN_LABELS,
} from './constants';
import { FRENCH_COLON, formatCotonouShort, formatFcfa, formatNumber } from './format';
import {
  ACCOUNT_KIND_LABELS,
  EXPENSE_CATEGORY_LABELS,
  EXPENSE_METHOD_LABELS,
  EXPENSE_STATUS_LABELS,
  MOVEMENT_KIND_LABELS,
} from './schemas/treasury';

// The audit trail in words (issue #33 item 14): « Inscription », « Refusé », « Rôle : Membre → Conseiller »
// instead of « user.register », « declined » and JSON. One source for the back office's view and the CSV export.

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'user.register': 'Inscription',
  'user.confirm': 'Confirmation du compte',
  'user.act_as': 'Agir pour un compte',
  'user.update': 'Modification du compte',
  'user.role_change': 'Changement de rôle',
  'user.deactivate': 'Désactivation du compte',
  'user.reactivate': 'Réactivation du compte',
  'user.password_change': 'Changement de mot de passe',
  'user.password_reset_code': 'Code de réinitialisation envoyé',
  'user.profile_update': 'Modification du profil',
  'zone.choose': 'Zone choisie dans la liste',
  'telephone_conflict.resolve': 'Conflit de téléphone résolu',
  'volunteer.confirm': 'Volontaire confirmé',
  'volunteer.refuse': 'Volontaire refusé',
  'testimonial.publish': 'Témoignage publié',
  'testimonial.delete': 'Témoignage supprimé',
  'project.status': 'Statut du projet',
  'contact_message.handle': 'Message traité',
  'contact_message.reopen': 'Message rouvert',
  'donation.status': 'Statut du don',
  'donation.delete': 'Don annulé',
  'payment.status': 'Statut du paiement',
  'payment.delete': 'Paiement annulé',
  'payment.amount_mismatch': 'Montant reçu différent',
  'offline_donation.create': 'Don saisi à la main',
  'offline_payment.create': 'Paiement saisi à la main',
  'pledge.create': 'Don régulier créé',
  'pledge.pause': 'Don régulier suspendu',
  'pledge.resume': 'Don régulier repris',
  'pledge.skip': 'Échéance sautée',
  'pledge.cancel': 'Don régulier arrêté',
  'pledge.change': 'Don régulier modifié',
  'pledge.auto_pause': 'Don régulier suspendu automatiquement',
  'newsletter.send': 'Lettre d’information envoyée',
  'export.csv': 'Export CSV',
  'year_receipts.zip': 'Reçus annuels téléchargés',
  'event.create': 'Événement créé',
  'event.update': 'Événement modifié',
  'event.cancel': 'Événement annulé',
  'event.publish': 'Événement publié',
  'event.unpublish': 'Événement retiré',
  'event.reception': 'Accueil de l’événement',
  'event.shift_create': 'Créneau créé',
  'event_registration.cancel': 'Inscription à l’événement annulée',
  'event_registration.paid_without_seat': 'Inscription payée sans place',
  'event_registration.paid_twice': 'Inscription payée deux fois',
  'cause_goal.update': 'Objectif de cause modifié',
  'expense.create': 'Dépense saisie',
  'expense.approve': 'Dépense approuvée',
  'expense.cancel': 'Dépense annulée',
  'treasury_account.create': 'Compte de trésorerie créé',
  'treasury_income.create': 'Recette saisie',
  'treasury_transfer.create': 'Virement entre comptes',
  'treasury_settings.update': 'Réglages de trésorerie',
  'treasury_statement.import': 'Relevé importé',
  'treasury_statement.match': 'Relevé rapproché',
  'treasury_statement.cancel_line': 'Ligne de relevé annulée',
  'books_account.create': 'Sous-compte comptable créé',
  'books_entry.create': 'Écriture comptable saisie',
  'books_entry.reverse': 'Écriture contre-passée',
  'books_year.close': 'Exercice clôturé',
  'books_year.reopen_proposed': 'Réouverture d’exercice proposée',
  'books_year.reopen': 'Exercice rouvert',
  'books_year.reopen_rejected': 'Réouverture d’exercice refusée',
  'books_budget.update': 'Budget enregistré',
  'export.books': 'Export comptable',
  'account_change.propose': 'Modification d’administrateur proposée',
  'expense.cancel_propose': 'Annulation de dépense proposée',
  'organisation.signature': 'Signature de l’association',
  'organisation.update': 'Coordonnées de l’association modifiées',
  'privacy.breach_recorded': 'Violation de données consignée',
  'privacy.erasure': 'Effacement de données',
  'privacy.export': 'Export des données d’une personne',
  'privacy.request': 'Demande sur les données personnelles',
  'privacy.retention_run': 'Purge des données échues',
  'settings.update': 'Paramètres modifiés',
  'user.account_removed': 'Compte supprimé',
  'user.login': 'Connexion',
  'user.login_failed': 'Connexion refusée',
  'user.password_reset': 'Mot de passe réinitialisé',
  'volunteer.application_removed': 'Candidature de volontaire supprimée',
  'volunteer.document_removed': 'Document de volontaire supprimé',
  'year_receipt.download': 'Reçu annuel téléchargé',
  'year_receipts.download': 'Reçus annuels téléchargés',
  'treasury_transfer.cancel': 'Virement annulé',
};

export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  users: 'Compte',
  providers: 'Prestataire',
  migration_reports: 'Conflit de téléphone',
  donation: 'Don',
  donations: 'Don',
  payment: 'Paiement',
  payments: 'Paiement',
  testimonials: 'Témoignage',
  volunteers: 'Volontaire',
  projects: 'Projet',
  contact_messages: 'Message',
  pledges: 'Don régulier',
  newsletter: 'Lettre d’information',
  events: 'Événement',
  event: 'Événement',
  event_registrations: 'Inscription à un événement',
  event_registration: 'Inscription à un événement',
  expenses: 'Dépense',
  expense: 'Dépense',
  treasury: 'Trésorerie',
  export: 'Export',
  books_account: 'Compte comptable',
  books_entry: 'Écriture comptable',
  books_year: 'Exercice comptable',
  books_budget: 'Budget',
  treasury_account: 'Compte de trésorerie',
  treasury_movement: 'Mouvement de trésorerie',
  treasury_settings: 'Réglages de trésorerie',
  treasury_statement: 'Relevé',
  treasury_transfer: 'Virement',
  settings: 'Paramètres',
};

const FIELD_LABELS: Record<string, string> = {
  name: 'Nom',
  email: 'E-mail',
  telephone: 'Téléphone',
  phone: 'Téléphone',
  role: 'Rôle',
  zone: 'Zone',
  is_active: 'Actif',
  is_confirmed: 'Confirmé',
  is_published: 'Publié',
  status: 'Statut',
  transaction_status: 'Statut',
  amount: 'Montant',
  reason: 'Motif',
  message: 'Réponse',
  purpose: 'Cause',
  category: 'Catégorie',
  payment_type: 'Type',
  domain: 'Domaine',
  deleted_at: 'Annulé le',
  deleted_reason: 'Motif d’annulation',
  paid_at: 'Payé le',
  valid_hours: 'Durée (heures)',
  rows: 'Lignes',
  list: 'Liste',
  title: 'Titre',
  comptes: 'Comptes',
  frequency: 'Fréquence',
  year: 'Exercice',
  system: 'Système',
  account: 'Compte',
  result: 'Résultat',
  dedicated_funds: 'Fonds affectés',
  opening_entry: 'Écriture d’à-nouveaux',
  approved_by: 'Approuvé par',
  approved_at: 'Approuvé le',
  created_by: 'Saisi par',
  proposed_by: 'Proposé par',
  requested_by: 'Demandé par',
  filters: 'Filtres',
  page: 'Page',
  per_page: 'Par page',
  search: 'Recherche',
  q: 'Recherche',
  to: 'Au',
  format: 'Format',
  kind: 'Nature',
  method: 'Moyen',
  reference: 'Référence',
  total: 'Total',
  lines: 'Lignes',
  line: 'Ligne',
  matched: 'Rapprochées',
  statement: 'Relevé',
  movement: 'Mouvement',
  reversal: 'Contre-passation',
  source: 'Origine',
  via: 'Par',
  user_id: 'Compte',
  payment_id: 'Paiement',
  refund_due: 'Remboursement à faire',
  event_id: 'Événement',
  occurred_at: 'Survenu le',
  changes: 'Modifications',
  proposal: 'Proposition',
  trigger: 'Déclencheur',
  fichiers: 'Fichiers',
  compteurs: 'Compteurs',
  // Books and treasury (the rows their audit keeps whole: expenses, transfers, movements, entries, budgets).
  id: 'N°',
  number: 'Numéro',
  date: 'Date',
  day: 'Date',
  journal: 'Journal',
  label: 'Libellé',
  debit: 'Débit',
  credit: 'Crédit',
  cause: 'Cause',
  balance: 'Solde',
  opening_balance: 'Solde d’ouverture',
  opening_date: 'Date d’ouverture',
  ledger_account: 'Compte comptable',
  account_id: 'Compte',
  from: 'Du',
  from_account_id: 'Compte débité',
  to_account_id: 'Compte crédité',
  payee: 'Bénéficiaire',
  description: 'Description',
  proof: 'Justificatif',
  nature: 'Nature',
  source_type: 'Origine',
  source_id: 'N° d’origine',
  reverses_id: 'Contre-passe le n°',
  cancelled_by: 'Annulé par',
  cancelled_at: 'Annulé le',
  cancel_reason: 'Motif d’annulation',
  cancel_proposed_by: 'Annulation proposée par',
  cancel_proposed_at: 'Annulation proposée le',
  cancel_proposed_reason: 'Motif de l’annulation proposée',
  created_at: 'Créé le',
  updated_at: 'Modifié le',
  fedapay_account: 'Compte des paiements en ligne',
  expense_approval_threshold: 'Seuil d’approbation',
  filename: 'Fichier',
  receipt_signature_image: 'Signature des reçus',
  validated_at: 'Validé le',
  hash: 'Empreinte',
  carried: 'À-nouveau',
  name_key: 'Nom',
};

const STATUS_WORDS: Record<string, string> = {
  ...TRANSACTION_STATUS_LABELS,
  ...EXPENSE_STATUS_LABELS,
  approuvee: 'Approuvée',
  rejetee: 'Refusée',
  recu: 'Reçu',
  en_examen: 'En examen',
  accepte: 'Accepté',
  refuse: 'Refusé',
  active: 'Actif',
  paused: 'Suspendu',
  cancelled: 'Arrêté',
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Amounts in FCFA, whatever their key. */
const MONEY_KEYS = new Set([
  'amount',
  'debit',
  'credit',
  'balance',
  'opening_balance',
  'result',
  'dedicated_funds',
  'expense_approval_threshold',
  'refund_due',
]);
/** The words of a code, by its key (a movement's kind, an expense's category or method, an account's kind). */
const CODE_WORDS: Record<string, Record<string, string>> = {
  method: EXPENSE_METHOD_LABELS,
  kind: { ...ACCOUNT_KIND_LABELS, ...MOVEMENT_KIND_LABELS },
  cause: DONATION_PURPOSE_LABELS,
  source_type: {
    manual: 'Saisie manuelle',
    movement: 'Mouvement de trésorerie',
    opening: 'Solde d’ouverture',
    reversal: 'Contre-passation',
    carry_forward: 'À-nouveaux',
    dedicated_funds: 'Fonds affectés',
    expense: 'Dépense',
    transfer: 'Virement',
  },
};

/** One value in words: « Conseiller », « Refusé », « oui », « 5 000 », « 25/11/2026 14:54 ». */
export function auditValueWords(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  if (typeof value === 'number') {
    if (key.startsWith('is_')) return value ? 'oui' : 'non';
    // A year is a name, not a quantity: « 2026 », never « 2 026 »; identifiers neither.
    if (key === 'year' || key.endsWith('_year') || key === 'id' || key.endsWith('_id')) return String(value);
    return MONEY_KEYS.has(key) ? formatFcfa(value) : formatNumber(value);
  }
  if (typeof value === 'string') {
    if (key === 'role') return (ROLE_LABELS as Record<string, string>)[value] ?? value;
    if (key === 'category')
      return (
        (PROJECT_CATEGORY_LABELS as Record<string, string>)[value] ?? (EXPENSE_CATEGORY_LABELS as Record<string, string>)[value] ?? value
      );
    if (CODE_WORDS[key]?.[value]) return CODE_WORDS[key][value]!;
    if (key === 'purpose') return (DONATION_PURPOSE_LABELS as Record<string, string>)[value] ?? value;
    if (key === 'payment_type') return (PAYMENT_TYPE_LABELS as Record<string, string>)[value] ?? value;
    if (key === 'domain') return (VOLUNTEER_DOMAIN_LABELS as Record<string, string>)[value] ?? value;
    if (key.endsWith('status')) return STATUS_WORDS[value] ?? value;
    if (ISO_INSTANT.test(value)) return formatCotonouShort(value) || value;
    const day = ISO_DAY.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
    return value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    // A list of rows (an entry's lines, a budget's): each row in parentheses, so their fields do not run together.
    if (value.every((v) => asRecord(v))) return value.map((v) => `(${auditValueWords(key, v)})`).join(' ; ');
    return value.map((v) => auditValueWords(key, v)).join(', ');
  }
  if (typeof value === 'object') {
    const named = value as { name?: unknown; role?: unknown };
    if (typeof named.name === 'string') {
      return typeof named.role === 'string' ? `${named.name} (${auditValueWords('role', named.role)})` : named.name;
    }
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${fieldWords(k)}${FRENCH_COLON} ${auditValueWords(k, v)}`)
      .join(', ');
  }
  return String(value);
}

const fieldWords = (key: string) => FIELD_LABELS[key] ?? key.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());

/** « Motif : doublon. », without a second stop after « ! » or « ? ». */
const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

const asRecord = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** The action in words; an unknown code still reads as words (« Treasury statement import »), never as a dotted code. */
export function auditActionWords(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? fieldWords(action.replaceAll('.', ' '));
}

/**
 * The object's number as its own screen shows it: a books entry by its journal number (« 2026-000010 », recorded
 * in the entry's after-state or details), never its internal id; any other object by its id.
 */
export function auditEntityNumber(entity: string, id: string | number, recorded?: { after?: unknown; details?: unknown }): string {
  if (entity === 'books_entry') {
    const number = asRecord(recorded?.details)?.number ?? asRecord(recorded?.after)?.number;
    if (typeof number === 'string' && number) return number;
  }
  return String(id);
}

export function auditEntityWords(entity: string, id: string | number, recorded?: { after?: unknown; details?: unknown }): string {
  return `${AUDIT_ENTITY_LABELS[entity] ?? fieldWords(entity)} n° ${auditEntityNumber(entity, id, recorded)}`;
}

/**
 * The keys that hold a treasury account's id; the treasury records the accounts' names in the details'
 * `account_names` (id → name, as they were then), so the trail reads « Compte : Banque BOA », not « Compte : 3 ».
 */
const TREASURY_ACCOUNT_KEYS = new Set(['account_id', 'from_account_id', 'to_account_id', 'account']);

/**
 * What changed, as sentences: « Rôle : Membre → Conseiller. Actif : oui → non. » for each field that differs
 * between before and after, then the details (« Pour : Afi Zinsou (Consommateur). Motif : doublon. »).
 */
export function auditChangeWords(before: unknown, after: unknown, details: unknown): string {
  const parts: string[] = [];
  const b = asRecord(before);
  const a = asRecord(after);
  const d = asRecord(details);
  const accountNames = asRecord(d?.account_names);
  const valueWords = (key: string, value: unknown): string => {
    const name = TREASURY_ACCOUNT_KEYS.has(key) && value !== null && value !== undefined ? accountNames?.[String(value)] : undefined;
    return typeof name === 'string' ? name : auditValueWords(key, value);
  };
  if (b || a) {
    const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
    for (const key of keys) {
      const from = b?.[key];
      const to = a?.[key];
      if (b && a && JSON.stringify(from) === JSON.stringify(to)) continue;
      if (b && a) parts.push(sentence(`${fieldWords(key)}${FRENCH_COLON} ${valueWords(key, from)} → ${valueWords(key, to)}`));
      else parts.push(sentence(`${fieldWords(key)}${FRENCH_COLON} ${valueWords(key, a ? to : from)}`));
    }
  } else {
    // A list (a budget's lines) or a single value: before and after in full, an empty one as « — ».
    if (before !== null && before !== undefined) parts.push(sentence(`Avant${FRENCH_COLON} ${auditValueWords('', before)}`));
    if (after !== null && after !== undefined) parts.push(sentence(`Après${FRENCH_COLON} ${auditValueWords('', after)}`));
  }
  if (d) {
    for (const [key, value] of Object.entries(d)) {
      if (key === 'actor' || key === 'account_names') continue; // the « Auteur » column names them; names read above
      const label = key === 'acting_for' ? 'Pour' : fieldWords(key);
      parts.push(sentence(`${label}${FRENCH_COLON} ${valueWords(key, value)}`));
    }
  }
  return parts.join(' ');
}

/** « par X pour Y » when an adviser or administrator acted for an account, else the author's name. */
export function auditAuthorWords(e: {
  actor_user_id: number | null;
  actor_name: string | null;
  acting_user_id: number | null;
  acting_name: string | null;
}): string {
  const actor = e.actor_name ?? (e.actor_user_id === null ? 'Système' : `compte n° ${e.actor_user_id}`);
  if (e.acting_user_id === null) return actor;
  return `par ${e.acting_name ?? `compte n° ${e.acting_user_id}`} pour ${actor}`;
}
