import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { likePattern } from '../../lib/pagination';
import type { DB } from '../database';
import type { Database, NewUser, UserUpdate } from '../schema';

// Queries on `users` only; rules (who may do what, confirmation, first login) live in services/accounts.

export const PUBLIC_USER_COLUMNS = [
  'id',
  'name',
  'email',
  'telephone',
  'role',
  'zone',
  'is_confirmed',
  'created_by',
  'created_at',
] as const;

export function findUserById(db: DB, id: number) {
  return db.selectFrom('users').select(PUBLIC_USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findUserByTelephone(db: DB, telephone: string) {
  return db.selectFrom('users').selectAll().where('telephone', '=', telephone).executeTakeFirst();
}

/** Which of the given e-mail and telephone already belong to another account. */
export async function findTakenIdentifiers(
  db: DB,
  values: { email: string; telephone: string },
  exceptUserId?: number,
): Promise<{ email: boolean; telephone: boolean }> {
  let query = db
    .selectFrom('users')
    .select(['email', 'telephone'])
    .where((eb) => eb.or([eb('email', '=', values.email), eb('telephone', '=', values.telephone)]));
  if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
  const rows = await query.limit(2).execute();
  return { email: rows.some((r) => r.email === values.email), telephone: rows.some((r) => r.telephone === values.telephone) };
}

export async function insertUser(db: DB, values: NewUser): Promise<number> {
  const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(db: DB, id: number, values: UserUpdate): Promise<number> {
  const result = await db.updateTable('users').set(values).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface UserListFilter {
  role?: string;
  createdBy?: number;
  isConfirmed?: boolean;
  /** Searches name, e-mail and telephone, ignoring case. */
  q?: string;
}

export function applyUserFilter<O>(query: SelectQueryBuilder<Database, 'users', O>, filter: UserListFilter) {
  let q = query;
  if (filter.role !== undefined) q = q.where('role', '=', filter.role);
  if (filter.createdBy !== undefined) q = q.where('created_by', '=', filter.createdBy);
  if (filter.isConfirmed !== undefined) q = q.where('is_confirmed', '=', filter.isConfirmed ? 1 : 0);
  const term = filter.q?.trim();
  if (term) {
    const pattern = likePattern(term.toLowerCase());
    q = q.where((eb: ExpressionBuilder<Database, 'users'>) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('name')}) like ${pattern} escape '\\'`,
        sql<boolean>`lower(${eb.ref('email')}) like ${pattern} escape '\\'`,
        sql<boolean>`${eb.ref('telephone')} like ${pattern} escape '\\'`,
      ]),
    );
  }
  return q;
}

/** One page of users, newest first, and the total matching the filter. */
export async function listUsers(db: DB, filter: UserListFilter, page: { limit: number; offset: number }) {
  const [items, count] = await Promise.all([
    applyUserFilter(db.selectFrom('users').select(PUBLIC_USER_COLUMNS), filter)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    applyUserFilter(
      db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('total')),
      filter,
    ).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
}
