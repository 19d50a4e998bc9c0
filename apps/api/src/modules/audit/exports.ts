import { auditActionWords, auditAuthorWords, auditChangeWords, AUDIT_ENTITY_LABELS, auditEntityNumber } from '@shared/audit-words';
import type { DB } from '../../platform/database/database';
import type { CsvExport } from '../../platform/exports/csv-export';
import { type AuditFilter, auditQuery } from './data';

// The CSV export of the audit trail, with the view's filters (actor, entity, action), in words (shared/audit-words.ts)
// as the view shows it: « Inscription », « Rôle : Membre → Conseiller. », never codes or JSON.

const parsed = (json: string | null): unknown => {
  if (json === null) return null;
  try {
    return JSON.parse(json);
  } catch {
    return json;
  }
};

type Row = {
  id: number;
  created_at: string;
  actor_user_id: number | null;
  actor_name: string | null;
  acting_user_id: number | null;
  acting_name: string | null;
  action: string;
  entity: string;
  entity_id: string;
  ip: string | null;
  before_state: string | null;
  after_state: string | null;
  details: string | null;
};

export const auditExport = (db: DB, query: AuditFilter): CsvExport<Row> => ({
  filename: 'journal-audit',
  idColumn: 'audit_log.id',
  query: auditQuery(db, query),
  columns: [
    { header: 'Identifiant', value: (r) => r.id },
    { header: 'Date', value: (r) => r.created_at },
    { header: 'Auteur', value: (r) => auditAuthorWords(r) },
    { header: 'Action', value: (r) => auditActionWords(r.action) },
    { header: 'Objet', value: (r) => AUDIT_ENTITY_LABELS[r.entity] ?? r.entity },
    {
      header: 'N° de l’objet',
      value: (r) => auditEntityNumber(r.entity, r.entity_id, { after: parsed(r.after_state), details: parsed(r.details) }),
    },
    { header: 'Adresse', value: (r) => r.ip },
    { header: 'Changement', value: (r) => auditChangeWords(parsed(r.before_state), parsed(r.after_state), parsed(r.details)) },
  ],
});
