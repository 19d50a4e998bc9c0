import type { DB } from '../../platform/database/database';
import {
  DELIVERY_STATUS_LABELS,
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_COST_LABELS,
  MESSAGE_STATUS_LABELS,
} from '@shared/schemas/outbox-messages';
import type { CsvExport } from '../../platform/exports/csv-export';
import { type OutboxFilter, outboxExportQuery } from './data';

// The CSV export of the sent-messages view, with the view's filters.

type Row = {
  id: number;
  channel: string;
  to_address: string;
  subject: string | null;
  body: string;
  status: string;
  attempts: number;
  last_error: string | null;
  cost_category: string | null;
  delivery_status: string | null;
  delivery_error: string | null;
  created_at: string;
  sent_at: string | null;
};

export const outboxExport = (db: DB, query: OutboxFilter & { q?: string }): CsvExport<Row> => ({
  filename: 'messages-envoyes',
  // `q` (the list's search box) is the recipient filter too, as on the list.
  query: outboxExportQuery(db, { channel: query.channel, to: query.to ?? query.q }),
  columns: [
    { header: 'Identifiant', value: (r) => r.id },
    { header: 'Canal', value: (r) => (MESSAGE_CHANNEL_LABELS as Record<string, string>)[r.channel] ?? r.channel },
    { header: 'Coût', value: (r) => (r.cost_category ? (MESSAGE_COST_LABELS[r.cost_category] ?? r.cost_category) : null) },
    { header: 'Remise', value: (r) => (r.delivery_status ? (DELIVERY_STATUS_LABELS[r.delivery_status] ?? r.delivery_status) : null) },
    { header: 'Motif de non-remise', value: (r) => r.delivery_error },
    { header: 'Destinataire', value: (r) => r.to_address },
    { header: 'Objet', value: (r) => r.subject },
    { header: 'Message', value: (r) => r.body },
    { header: 'Statut', value: (r) => (MESSAGE_STATUS_LABELS as Record<string, string>)[r.status] ?? r.status },
    { header: 'Tentatives', value: (r) => r.attempts },
    { header: 'Dernière erreur', value: (r) => r.last_error },
    { header: 'Créé le', value: (r) => r.created_at },
    { header: 'Envoyé le', value: (r) => r.sent_at },
  ],
});
