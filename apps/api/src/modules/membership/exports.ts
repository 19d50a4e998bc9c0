import { ROLE_LABELS, type Role } from '@shared/constants';
import { MEMBERSHIP_STATUS_LABELS, type MembershipStatus } from '@shared/schemas/membership';
import type { DB } from '../../platform/database/database';
import type { CsvExport } from '../../platform/exports/csv-export';
import { clock } from '../../platform/lib/clock';
import { membersQuery } from './memberships';
import { membershipStatus } from './period';

// The CSV export of the members list, with the list's status filter and search.

type Row = { id: number; name: string; telephone: string; email: string; role: string; valid_until: string | null };

export const membersExport = (db: DB, query: { status?: MembershipStatus; q?: string }): CsvExport<Row> => ({
  filename: query.status ? `membres-${query.status}` : 'membres',
  idColumn: 'users.id',
  query: membersQuery(db, query.status, query.q),
  columns: [
    { header: 'Identifiant', value: (r) => r.id },
    { header: 'Nom', value: (r) => r.name },
    { header: 'Téléphone', value: (r) => r.telephone },
    { header: 'E-mail', value: (r) => r.email },
    { header: 'Rôle', value: (r) => ROLE_LABELS[r.role as Role] ?? r.role },
    { header: 'Adhésion', value: (r) => MEMBERSHIP_STATUS_LABELS[membershipStatus(r.valid_until, clock.today())] },
    { header: 'Valable jusqu’au', value: (r) => r.valid_until },
  ],
});
