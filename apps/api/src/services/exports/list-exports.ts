import {
  DONATION_PURPOSE_LABELS,
  type DonationPurpose,
  PAYMENT_TYPE_LABELS,
  type PaymentType,
  ROLE_LABELS,
  type Role,
} from '@shared/constants';
import { CSV_TRANSACTION_STATUS_LABELS } from '@shared/schemas/exports';
import { MEMBERSHIP_STATUS_LABELS } from '@shared/schemas/membership';
import { MONEY_SOURCE_LABELS, OFFLINE_METHOD_LABELS, type OfflineMethod } from '@shared/schemas/offline-payment';
import type { TransactionStatus } from '@shared/constants';
import type { DB } from '../../db/database';
import { filteredOutbox } from '../../messages/outbox-list';
import { applyUserFilter, PUBLIC_USER_COLUMNS } from '../../db/repositories/users';
import { membersQuery } from '../membership/memberships';
import { membershipStatus } from '../membership/period';
import { clock } from '../../lib/clock';
import { auditQuery } from '../operations/audit-trail';
import { filteredDonations, filteredPayments } from '../payments/admin-lists';
import type { CsvColumn, CsvExport } from './csv-export';

// Which administrator list exports what: keyed by the list's route, given the list's own validated
// filters, so the file holds exactly the rows the list shows (all pages). Add a list here to export it.

type Query = any;
type Definition = (db: DB, query: Query) => CsvExport<any>;

const label = <K extends string>(labels: Record<K, string>, value: string | null) => (value === null ? '' : (labels[value as K] ?? value));
const OUTBOX_STATUS_LABELS: Record<string, string> = { queued: 'En attente', sent: 'Envoyé', failed: 'Échec' };
const yesNo = (v: number | boolean) => (v ? 'oui' : 'non');
const col = <R>(header: string, value: (row: R) => string | number | null | undefined): CsvColumn<R> => ({ header, value });

type UserRow = {
  id: number;
  name: string;
  email: string;
  telephone: string;
  role: string;
  zone: string | null;
  is_confirmed: number;
  created_at: string;
};
const userColumns: CsvColumn<UserRow>[] = [
  col('Identifiant', (r) => r.id),
  col('Nom', (r) => r.name),
  col('E-mail', (r) => r.email),
  col('Téléphone', (r) => r.telephone),
  col('Rôle', (r) => label(ROLE_LABELS as Record<Role, string>, r.role)),
  col('Zone', (r) => r.zone),
  col('Confirmé', (r) => yesNo(r.is_confirmed)),
  col('Créé le', (r) => r.created_at),
];
const users =
  (filter: Parameters<typeof applyUserFilter>[1], filename: string): Definition =>
  (db) => ({
    filename,
    columns: userColumns,
    query: applyUserFilter(db.selectFrom('users').select(PUBLIC_USER_COLUMNS), filter),
  });

type MoneyExportRow = {
  id: number;
  receipt_number: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  amount: number;
  transaction_status: string;
  source: string;
  method: string | null;
  reference: string | null;
  transaction_id: string | null;
  deleted_at: string | null;
  deleted_reason: string | null;
  paid_at: string | null;
  created_at: string;
};

/** The payments and donations exports: the same columns but the one that says what the money is for. */
const moneyColumns = <R extends MoneyExportRow>(what: CsvColumn<R>): CsvColumn<R>[] => [
  col<R>('Identifiant', (r) => r.id),
  col<R>('Reçu n°', (r) => r.receipt_number),
  col<R>('Nom', (r) => r.name),
  col<R>('E-mail', (r) => r.email),
  col<R>('Téléphone', (r) => r.phone),
  what,
  col<R>('Montant (FCFA)', (r) => r.amount),
  col<R>('Statut', (r) => label(CSV_TRANSACTION_STATUS_LABELS as Record<TransactionStatus, string>, r.transaction_status)),
  col<R>('Origine', (r) => label(MONEY_SOURCE_LABELS, r.source)),
  col<R>('Moyen', (r) => label(OFFLINE_METHOD_LABELS as Record<OfflineMethod, string>, r.method)),
  col<R>('Annulé le', (r) => r.deleted_at),
  col<R>('Motif d’annulation', (r) => r.deleted_reason),
  col<R>('Référence', (r) => r.reference ?? r.transaction_id),
  col<R>('Payé le', (r) => r.paid_at),
  col<R>('Créé le', (r) => r.created_at),
];

export const LIST_EXPORTS: Record<string, Definition> = {
  '/api/users': (db, q) => users({ role: q.role, q: q.q }, q.role ? `utilisateurs-${q.role}` : 'utilisateurs')(db, q),
  '/api/confirmation/unconfirmed': (db, q) => users({ isConfirmed: false, q: q.q }, 'comptes-a-confirmer')(db, q),
  '/api/volunteers/unconfirmed': (db) => ({
    filename: 'volontaires-a-confirmer',
    query: db
      .selectFrom('volunteers')
      .select(['id', 'name', 'email', 'domain', 'under_restriction', 'created_at'])
      .where('is_confirmed', '=', 0)
      .where('refused_at', 'is', null),
    columns: [
      col('Identifiant', (r) => r.id),
      col('Nom', (r) => r.name),
      col('E-mail', (r) => r.email),
      col('Domaine', (r) => r.domain),
      col('Sous restriction', (r) => yesNo(r.under_restriction)),
      col('Reçu le', (r) => r.created_at),
    ],
  }),
  '/api/projects/unconfirmed': (db) => ({
    filename: 'projets',
    query: db
      .selectFrom('projects')
      .select(['id', 'project_name', 'description', 'goal_amount', 'category', 'contact_email', 'created_at']),
    columns: [
      col('Identifiant', (r) => r.id),
      col('Projet', (r) => r.project_name),
      col('Description', (r) => r.description),
      col('Objectif (FCFA)', (r) => r.goal_amount),
      col('Catégorie', (r) => r.category),
      col('E-mail de contact', (r) => r.contact_email),
      col('Reçu le', (r) => r.created_at),
    ],
  }),
  '/api/admin/testimonials': (db, q) => {
    let query = db.selectFrom('testimonials').select(['id', 'author', 'title', 'text', 'is_published', 'created_at']);
    if (q.status) query = query.where('is_published', '=', q.status === 'published' ? 1 : 0);
    return {
      filename: 'temoignages',
      query,
      columns: [
        col('Identifiant', (r) => r.id),
        col('Auteur', (r) => r.author),
        col('Titre', (r) => r.title),
        col('Témoignage', (r) => r.text),
        col('Publié', (r) => yesNo(r.is_published)),
        col('Reçu le', (r) => r.created_at),
      ],
    };
  },
  '/api/contact-messages': (db, q) => {
    let query = db
      .selectFrom('contact_messages')
      .select(['id', 'name', 'email', 'phone', 'services', 'message', 'created_at', 'handled_at']);
    // The same tabs as the list: new (not handled) or handled messages only.
    if (q.status === 'nouveau') query = query.where('handled_at', 'is', null);
    if (q.status === 'traite') query = query.where('handled_at', 'is not', null);
    return {
      filename: 'messages-de-contact',
      query,
      columns: [
        col('Identifiant', (r) => r.id),
        col('Nom', (r) => r.name),
        col('E-mail', (r) => r.email),
        col('Téléphone', (r) => r.phone),
        col('Services', (r) => r.services),
        col('Message', (r) => r.message),
        col('Reçu le', (r) => r.created_at),
        col('Traité le', (r) => r.handled_at),
      ],
    };
  },
  '/api/newsletter/subscribers': (db) => ({
    filename: 'abonnes-newsletter',
    query: db.selectFrom('newsletter_subscriptions').select(['id', 'email', 'created_at']),
    columns: [col('Identifiant', (r) => r.id), col('E-mail', (r) => r.email), col('Inscrit le', (r) => r.created_at)],
  }),
  '/api/payments': (db, q) => ({
    filename: q.cancelled ? 'paiements-annules' : 'paiements',
    query: filteredPayments(db, q).selectAll(),
    columns: moneyColumns(col('Type', (r) => label(PAYMENT_TYPE_LABELS as Record<PaymentType, string>, r.payment_type))),
  }),
  '/api/donations': (db, q) => ({
    filename: q.cancelled ? 'dons-annules' : 'dons',
    query: filteredDonations(db, q).selectAll(),
    columns: moneyColumns(col('Cause', (r) => label(DONATION_PURPOSE_LABELS as Record<DonationPurpose, string>, r.purpose))),
  }),
  '/api/members': (db, q) => ({
    filename: q.status ? `membres-${q.status}` : 'membres',
    idColumn: 'users.id',
    query: membersQuery(db, q.status),
    columns: [
      col('Identifiant', (r) => r.id),
      col('Nom', (r) => r.name),
      col('Téléphone', (r) => r.telephone),
      col('E-mail', (r) => r.email),
      col('Rôle', (r) => label(ROLE_LABELS as Record<Role, string>, r.role)),
      col('Adhésion', (r) => MEMBERSHIP_STATUS_LABELS[membershipStatus(r.valid_until, clock.today())]),
      col('Valable jusqu’au', (r) => r.valid_until),
    ],
  }),
  '/api/admin/messages': (db, q) => ({
    filename: 'messages-envoyes',
    // `q` (the list's search box) is the recipient filter too, as on the list.
    query: filteredOutbox(db, { channel: q.channel, to: q.to ?? q.q }).select([
      'id',
      'channel',
      'to_address',
      'subject',
      'body',
      'status',
      'attempts',
      'last_error',
      'created_at',
      'sent_at',
    ]),
    columns: [
      col('Identifiant', (r) => r.id),
      col('Canal', (r) => (r.channel === 'sms' ? 'SMS' : 'E-mail')),
      col('Destinataire', (r) => r.to_address),
      col('Objet', (r) => r.subject),
      col('Message', (r) => r.body),
      col('Statut', (r) => OUTBOX_STATUS_LABELS[r.status] ?? r.status),
      col('Tentatives', (r) => r.attempts),
      col('Dernière erreur', (r) => r.last_error),
      col('Créé le', (r) => r.created_at),
      col('Envoyé le', (r) => r.sent_at),
    ],
  }),
  '/api/admin/audit': (db, q) => ({
    filename: 'journal-audit',
    idColumn: 'audit_log.id',
    query: auditQuery(db, q),
    columns: [
      col('Identifiant', (r) => r.id),
      col('Date', (r) => r.created_at),
      col('Auteur', (r) => r.actor_name ?? (r.actor_user_id === null ? 'Système' : r.actor_user_id)),
      col('Action', (r) => r.action),
      col('Objet', (r) => r.entity),
      col('N° de l’objet', (r) => r.entity_id),
      col('Adresse', (r) => r.ip),
      col('Avant', (r) => r.before_state),
      col('Après', (r) => r.after_state),
      col('Détails', (r) => r.details),
    ],
  }),
};
