import { auditActionWords, auditAuthorWords, auditEntityWords } from '@shared/audit-words';
import { formatCotonouShort } from '@shared/format';
import type { AuditEntry } from '@shared/schemas/audit';
import type { ListDefinition } from '@web/components/admin/list-definition';

// « Journal d'audit »: who did what to which record, when, from which address, what changed — in words
// (shared/audit-words.ts, the same words as the CSV export).

export const AUDIT_LIST: ListDefinition<AuditEntry> = {
  title: 'Journal d’audit',
  path: '/admin/audit',
  params: {},
  columns: [
    { key: 'date', header: 'Date', text: (e) => formatCotonouShort(e.created_at), nowrap: true },
    { key: 'actor', header: 'Auteur', text: (e) => auditAuthorWords(e) },
    { key: 'action', header: 'Action', text: (e) => auditActionWords(e.action) },
    { key: 'entity', header: 'Objet', text: (e) => auditEntityWords(e.entity, e.entity_id, e) },
    { key: 'ip', header: 'Adresse', text: (e) => e.ip ?? '—' },
    { key: 'change', header: 'Changement' },
  ],
  emptyText: 'Aucune entrée pour ces filtres.',
  errorText: 'Erreur lors de la récupération du journal d’audit.',
};
