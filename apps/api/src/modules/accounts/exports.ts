import { PROVIDER_ROLES, ROLE_LABELS, type Role } from '@shared/constants';
import type { DB } from '../../platform/database/database';
import type { CsvExport } from '../../platform/exports/csv-export';
import { type UserListFilter, usersExportQuery } from './data';

// The CSV exports of the administrators' user lists (all users by role, accounts to confirm), with the lists' filters.

type Row = {
  id: number;
  name: string;
  email: string;
  telephone: string;
  role: string;
  zone: string | null;
  is_confirmed: number;
  is_active: number;
  created_at: string;
};

const usersCsv = (db: DB, filter: UserListFilter, filename: string): CsvExport<Row> => ({
  filename,
  query: usersExportQuery(db, filter),
  columns: [
    { header: 'Identifiant', value: (r) => r.id },
    { header: 'Nom', value: (r) => r.name },
    { header: 'E-mail', value: (r) => r.email },
    { header: 'Téléphone', value: (r) => r.telephone },
    { header: 'Rôle', value: (r) => ROLE_LABELS[r.role as Role] ?? r.role },
    { header: 'Zone', value: (r) => r.zone },
    { header: 'Confirmé', value: (r) => (r.is_confirmed ? 'oui' : 'non') },
    { header: 'Actif', value: (r) => (r.is_active ? 'oui' : 'non') },
    { header: 'Créé le', value: (r) => r.created_at },
  ],
});

export const usersExport = (db: DB, query: { role?: Role; group?: 'prestataires'; q?: string }) =>
  query.group === 'prestataires'
    ? usersCsv(db, { role: query.role, roles: PROVIDER_ROLES, q: query.q }, 'prestataires')
    : usersCsv(db, { role: query.role, q: query.q }, query.role ? `utilisateurs-${query.role}` : 'utilisateurs');

export const unconfirmedUsersExport = (db: DB, query: { q?: string }) =>
  usersCsv(db, { isConfirmed: false, q: query.q }, 'comptes-a-confirmer');
