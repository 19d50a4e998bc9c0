import {
  DONATION_PURPOSE_LABELS,
  type DonationPurpose,
  PAYMENT_TYPE_LABELS,
  PROJECT_CATEGORY_LABELS,
  type PaymentType,
  ROLE_LABELS,
  type Role,
} from '@shared/constants';
import { formatDate, formatFcfa } from '@shared/format';
import { transactionStatusLabel } from '@web/features/admin-dashboard/admin-messages';

// The read-only previews list-prefetch.ts paints before the application loads (issue #20): each list's title and its
// leading text columns, formatted as the list's own view formats them (shared formatters and labels). Action, file and
// image columns are left to the app's view. e2e/back-office.test.ts checks every preview against the view it precedes.

export type PreviewRow = Record<string, unknown>;
export interface ListPreview {
  title: string;
  /** The <h2>'s size in the view: ListPanel's lists are text-2xl, the adviser's panel text-xl. */
  titleClass: string;
  columns: ReadonlyArray<readonly [header: string, text: (row: PreviewRow) => string]>;
}

const plain = (field: string) => (row: PreviewRow) => String(row[field] ?? '');
const orDash = (field: string) => (row: PreviewRow) => String(row[field] ?? '—');
const label =
  (labels: Record<string, string>, field: string) =>
  (row: PreviewRow): string =>
    labels[String(row[field])] ?? String(row[field] ?? '');
const amount = (field: string) => (row: PreviewRow) => formatFcfa(Number(row[field]));
const date = (field: string) => (row: PreviewRow) => formatDate(String(row[field]));

const LIST = 'text-2xl font-bold text-emerald-950';
const USERS: ListPreview['columns'] = [
  ['Nom', plain('name')],
  ['Email', plain('email')],
  ['Téléphone', plain('telephone')],
  ['Ville', orDash('zone')],
];

/** By dashboard path, then by `?vue=` view: the previews of the views whose first request is a list page. */
export const LIST_PREVIEWS: Record<string, Record<string, ListPreview>> = {
  '/dashboard-administrateur': {
    membres: { title: 'Les Membres', titleClass: LIST, columns: USERS },
    sympathisants: { title: 'Les Sympathisants', titleClass: LIST, columns: USERS },
    conseillers: { title: 'Les Conseillers', titleClass: LIST, columns: USERS },
    prestataires: { title: 'Les Prestataires', titleClass: LIST, columns: USERS },
    'confirmer-compte': {
      title: 'Confirmer Compte',
      titleClass: LIST,
      columns: [
        ['Nom', plain('name')],
        ['Email', plain('email')],
        ['Téléphone', plain('telephone')],
        ['Rôle', label(ROLE_LABELS as Record<Role, string>, 'role')],
        ['Zone', orDash('zone')],
      ],
    },
    'confirmer-volontaire': {
      title: 'Confirmer Volontaire',
      titleClass: LIST,
      columns: [
        ['Nom', plain('name')],
        ['Email', plain('email')],
      ],
    },
    projets: {
      title: 'Les Projets',
      titleClass: LIST,
      columns: [
        ['Nom du projet', plain('project_name')],
        ['Description', plain('description')],
        ['Catégorie', label(PROJECT_CATEGORY_LABELS, 'category')],
        ['Montant', amount('goal_amount')],
        ['Contact', plain('contact_email')],
      ],
    },
    paiements: {
      title: 'Liste des Paiements',
      titleClass: LIST,
      columns: [
        ['ID', plain('id')],
        ['Montant', amount('amount')],
        ['Client', orDash('name')],
        ['Type', label(PAYMENT_TYPE_LABELS as Record<PaymentType, string>, 'payment_type')],
        ['Statut', (row) => transactionStatusLabel(String(row.transaction_status))],
        ['Date', date('created_at')],
      ],
    },
    dons: {
      title: 'Liste Dons',
      titleClass: LIST,
      columns: [
        ['ID', plain('id')],
        ['Montant', amount('amount')],
        ['Objet', label(DONATION_PURPOSE_LABELS as Record<DonationPurpose, string>, 'purpose')],
        ['Statut', (row) => transactionStatusLabel(String(row.transaction_status))],
        ['Date', date('created_at')],
      ],
    },
    temoignages: {
      title: 'Témoignages',
      titleClass: LIST,
      columns: [
        ['Auteur', plain('author')],
        ['Titre', plain('title')],
        ['Témoignage', plain('text')],
        ['Date', date('created_at')],
      ],
    },
    messages: {
      title: 'Messages de contact',
      titleClass: LIST,
      columns: [
        ['Date', date('created_at')],
        ['Nom', plain('name')],
        ['Email', plain('email')],
        ['Téléphone', orDash('phone')],
        ['Services', orDash('services')],
        ['Message', plain('message')],
      ],
    },
  },
  '/dashboard-conseiller': {
    utilisateurs: {
      title: 'Liste des utilisateurs créés',
      titleClass: 'text-xl font-bold text-emerald-950',
      columns: [
        ['Nom', plain('name')],
        ['Téléphone', plain('telephone')],
        ['Rôle', label(ROLE_LABELS as Record<Role, string>, 'role')],
        ['Zone', orDash('zone')],
        ['Statut', (row) => (row.is_confirmed ? 'Confirmé' : 'En attente de confirmation')],
      ],
    },
  },
};
