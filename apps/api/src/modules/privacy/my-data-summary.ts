import { formatCotonouDateTime, formatDate, formatFcfa } from '@shared/format';
import { maskUrlTokens } from '../../platform/lib/url-tokens';
import type { PersonData } from './data/person';

// The readable French summary of everything held about a person (the `/mes-donnees/{token}` page, and resume.html in
// the ZIP): French headings and labels, Cotonou dates, amounts in FCFA, « Oui/Non » for flags, no internal columns,
// and no live token links (a ticket's or a pledge's page would act for the person).

export interface SummaryField {
  label: string;
  value: string;
}
export interface SummarySection {
  key: string;
  title: string;
  items: SummaryField[][];
}

const SECTION_TITLES: Record<keyof PersonData, string> = {
  compte: 'Votre compte',
  prestataire: 'Votre fiche de prestataire',
  prestataire_domaines: 'Vos domaines et réductions de prestataire',
  questionnaire: 'Votre questionnaire',
  adhesion: 'Votre adhésion',
  paiements: 'Vos paiements',
  dons: 'Vos dons',
  engagements: 'Vos dons réguliers',
  engagements_echeances: 'Les échéances de vos dons réguliers',
  inscriptions_evenements: 'Vos inscriptions aux événements',
  candidatures_benevoles: 'Vos candidatures de bénévole',
  creneaux_benevoles: 'Vos créneaux de bénévole',
  verifications_documents_benevoles: 'Les vérifications de vos documents',
  temoignages: 'Vos témoignages',
  messages_contact: 'Vos messages de contact',
  abonnements: 'Votre abonnement à la lettre d’information',
  projets: 'Vos projets présentés',
  consentements: 'Vos consentements',
  messages_envoyes: 'Les messages que nous vous avons envoyés',
  demandes_donnees: 'Vos demandes sur vos données',
  journal_audit: 'Le journal des actions vous concernant',
};

const LABELS: Record<string, string> = {
  id: 'Numéro',
  name: 'Nom',
  author: 'Nom affiché',
  email: 'E-mail',
  contact_email: 'E-mail de contact',
  telephone: 'Téléphone',
  phone: 'Téléphone',
  whatsapp: 'WhatsApp',
  role: 'Rôle',
  zone: 'Commune',
  is_confirmed: 'Compte confirmé',
  is_active: 'Compte actif',
  is_published: 'Publié',
  is_verified: 'Vérifié auprès du prestataire de paiement',
  created_at: 'Date',
  updated_at: 'Dernière modification',
  entreprise: 'Entreprise',
  forme_juridique: 'Forme juridique',
  rccm: 'RCCM',
  adresse: 'Adresse',
  marge_salaire: 'Marge sur salaire (%)',
  domain: 'Domaine',
  reduction: 'Réduction (%)',
  marital_status: 'Situation familiale',
  job: 'Métier',
  income: 'Revenu',
  income_total: 'Revenu du foyer',
  monthly_expenses: 'Dépenses mensuelles',
  needs: 'Besoins',
  valid_until: 'Membre jusqu’au',
  amount: 'Montant',
  currency: 'Devise',
  transaction_status: 'État',
  transaction_id: 'Référence de la transaction',
  provider: 'Moyen de paiement',
  receipt_number: 'Numéro de reçu',
  paid_at: 'Payé le',
  source: 'Origine',
  method: 'Mode de versement',
  reference: 'Référence',
  deleted_at: 'Annulé le',
  deleted_reason: 'Raison de l’annulation',
  payment_type: 'Type de paiement',
  purpose: 'Cause ou finalité',
  pledge_due: 'Échéance payée',
  frequency: 'Fréquence',
  status: 'État',
  anchor_day: 'Jour du mois',
  next_due: 'Prochaine échéance',
  counting_from: 'Depuis le',
  paused_at: 'Mis en pause le',
  cancelled_at: 'Arrêté le',
  due_date: 'Échéance',
  reminded_at: 'Rappel envoyé le',
  event_title: 'Événement',
  seats: 'Places',
  code: 'Code du billet',
  checked_in_at: 'Arrivée le',
  checked_out_at: 'Départ le',
  confirmed_at: 'Confirmé le',
  profile_image: 'Photo',
  cv: 'CV',
  motivation_letter: 'Lettre de motivation',
  criminal_record: 'Casier judiciaire',
  restriction_proof: 'Justificatif',
  refused_at: 'Refusée le',
  refusal_reason: 'Raison du refus',
  texte: 'Vérification',
  text: 'Texte',
  title: 'Titre',
  avatar: 'Photo',
  services: 'Services',
  message: 'Message',
  project_name: 'Projet',
  description: 'Description',
  goal_amount: 'Montant recherché',
  category: 'Catégorie',
  project_file: 'Fichier',
  status_message: 'Réponse reçue',
  status_changed_at: 'Réponse le',
  given: 'Accord donné',
  wording_version: 'Version du texte',
  channel: 'Canal',
  subject: 'Objet',
  to_address: 'Destinataire',
  body: 'Texte du message',
  sent_at: 'Envoyé le',
  delivery_status: 'Remise',
  kind: 'Type',
  details: 'Votre demande',
  verified_at: 'Confirmée le',
  due_at: 'Réponse due le',
  closed_at: 'Traitée le',
  outcome: 'Réponse',
  action: 'Action',
  entity: 'Concerne',
};

/** Columns that say nothing to the person (internal keys, hashes) or that hold another person's identifiers. */
const HIDDEN = new Set([
  'user_id',
  'zone_key',
  'provider_id',
  'pledge_id',
  'event_id',
  'shift_id',
  'volunteer_id',
  'entity_id',
  'details_json',
  'before_state',
  'after_state',
  'decided_by',
  'decided_at',
  'removed_at',
  'document',
  'decision',
]);

const FLAGS = new Set(['is_confirmed', 'is_active', 'is_published', 'is_verified', 'given']);
const MONEY = new Set(['amount', 'income', 'income_total', 'monthly_expenses', 'goal_amount']);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Replaces the token of a link that acts for the person (ticket, pledge, data, unsubscribe, withdraw, shift). */
export const maskLinks = maskUrlTokens;

function shown(column: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (FLAGS.has(column)) return Number(value) === 1 || value === true ? 'Oui' : 'Non';
  if (MONEY.has(column) && Number.isFinite(Number(value))) return formatFcfa(Number(value));
  if (typeof value === 'string' && ISO_TIME.test(value)) return formatCotonouDateTime(value);
  if (typeof value === 'string' && DAY.test(value)) return formatDate(`${value}T12:00:00.000Z`);
  if (typeof value === 'object') return maskLinks(JSON.stringify(value));
  return maskLinks(String(value));
}

export function summarise(data: PersonData): SummarySection[] {
  return (Object.keys(SECTION_TITLES) as Array<keyof PersonData>).map((key) => ({
    key,
    title: SECTION_TITLES[key],
    items: (data[key] as Array<Record<string, unknown>>).map((row) =>
      Object.entries(row).flatMap(([column, value]) => {
        if (HIDDEN.has(column)) return [];
        const text = shown(column, value);
        return text === null ? [] : [{ label: LABELS[column] ?? column.replace(/_/g, ' '), value: text }];
      }),
    ),
  }));
}
