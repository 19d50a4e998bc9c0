import { countMatches, pageOfPhrase } from '../../platform/database/bounded-search';
import type { Insertable, SelectQueryBuilder } from 'kysely';
import { telephoneSpellings } from '../../platform/lib/phone';
import type { DB } from '../../platform/database/database';
import { userSearch, userSearchPhrase } from '../../platform/database/user-search';
import { keptCount } from '../../platform/database/kept-counts';
import { type ListTotal, newestFirstSeek, type SeekPageQuery } from '../../platform/lib/pagination';
import type { AccountChangesTable, Database, NewUser, UserUpdate } from '../../platform/database/schema';

// The accounts area's queries (users, auth_tokens; recovery codes live in the codes area); rules (who may do what, confirmation,
// first login, recovery limits) live in the area's services.

export const PUBLIC_USER_COLUMNS = [
  'id',
  'name',
  'email',
  'telephone',
  'role',
  'zone',
  'is_confirmed',
  'is_active',
  'created_by',
  'created_at',
] as const;

export function findUserById(db: DB, id: number) {
  return db.selectFrom('users').select(PUBLIC_USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * The one account a telephone names, under any spelling (accounts are stored in E.164 since migration
 * 20261126_0100; rows that migration could not normalise without merging two accounts keep what was typed).
 * Two accounts answering to one number is a reported conflict (migration_reports): neither is guessed.
 */
export async function findUserByTelephone(db: DB, telephone: string) {
  const spellings = telephoneSpellings(telephone);
  if (spellings.length === 0) return undefined;
  const rows = await db.selectFrom('users').selectAll().where('telephone', 'in', spellings).orderBy('id').limit(2).execute();
  return rows.length === 1 ? rows[0] : undefined;
}

/** Which of the given e-mail and telephone already belong to another account. */
export async function findTakenIdentifiers(
  db: DB,
  values: { email: string; telephone: string },
  exceptUserId?: number,
): Promise<{ email: boolean; telephone: boolean }> {
  // Any spelling of the number counts: a row left unnormalised by migration 20261126_0100 still holds it.
  const spellings = telephoneSpellings(values.telephone);
  let query = db
    .selectFrom('users')
    .select(['email', 'telephone'])
    // No e-mail ('') is no identifier: many phone-only accounts share it (partial unique index, migration 20261126_0320).
    .where((eb) => eb.or([...(values.email ? [eb('email', '=', values.email)] : []), eb('telephone', 'in', spellings)]));
  if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
  const rows = await query.limit(3).execute();
  return {
    email: values.email !== '' && rows.some((r) => r.email === values.email),
    telephone: rows.some((r) => spellings.includes(r.telephone)),
  };
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
  /** Any of these roles (« Les Prestataires »: both provider roles). */
  roles?: readonly string[];
  createdBy?: number;
  isConfirmed?: boolean;
  /** Searches name, e-mail and telephone, ignoring case. */
  q?: string;
}

export function applyUserFilter<O>(db: DB, query: SelectQueryBuilder<Database, 'users', O>, filter: UserListFilter) {
  let q = query;
  if (filter.role !== undefined) q = q.where('role', '=', filter.role);
  if (filter.roles !== undefined) q = q.where('role', 'in', filter.roles);
  if (filter.createdBy !== undefined) q = q.where('created_by', '=', filter.createdBy);
  if (filter.isConfirmed !== undefined) q = q.where('is_confirmed', '=', filter.isConfirmed ? 1 : 0);
  const term = filter.q?.trim();
  if (term) q = q.where(userSearch(db, term));
  return q;
}

/** The kept counts (platform/database/kept-counts.ts) that sum to the filter's total; undefined when it must be counted. */
function keptCountKeys(filter: UserListFilter): string[] | undefined {
  const set = [filter.role, filter.roles, filter.createdBy, filter.isConfirmed, filter.q?.trim() || undefined].filter(
    (v) => v !== undefined,
  );
  if (set.length === 0) return ['users'];
  if (set.length > 1) return undefined;
  if (filter.role !== undefined) return [`users:role:${filter.role}`];
  if (filter.roles !== undefined) return filter.roles.map((r) => `users:role:${r}`);
  if (filter.createdBy !== undefined) return [`users:created_by:${filter.createdBy}`];
  if (filter.isConfirmed === false) return ['users:unconfirmed'];
  return undefined;
}

/** One page of users, newest first (by seek: platform/lib/pagination.ts), the total matching the filter and the next page's cursor. */
export async function listUsers(db: DB, filter: UserListFilter, page: SeekPageQuery) {
  const keys = keptCountKeys(filter);
  // A search or a combination of filters counts its matches, at most SEARCH_COUNT_CAP + 1.
  const term = filter.q?.trim();
  // A search the trigram index answers alone: its count stops at the cap, and a common name reads its newest matches.
  const phrase = term ? userSearchPhrase(db, term) : null;
  if (phrase) {
    const others = { ...filter, q: undefined };
    const { total, rows, next } = await pageOfPhrase(
      db,
      phrase,
      (qb) => applyUserFilter(db, qb as never, others) as never,
      (qb) => qb.select(PUBLIC_USER_COLUMNS),
      applyUserFilter(db, db.selectFrom('users').select(PUBLIC_USER_COLUMNS), filter),
      page,
    );
    return { items: rows, total: total as ListTotal, next };
  }
  const total: ListTotal = keys ? await keptCount(db, keys) : await countMatches(db, applyUserFilter(db, db.selectFrom('users'), filter));
  const { rows, next } = await newestFirstSeek(
    applyUserFilter(db, db.selectFrom('users').select(PUBLIC_USER_COLUMNS), filter),
    page,
    total,
  );
  return { items: rows, total, next };
}

/** The columns a login or act-as answer needs, and what act-as checks. */
export function findUserForActAs(db: DB, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'role', 'first_login', 'must_change_password', 'is_confirmed', 'is_active', 'created_by'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The adviser (or administrator) who created the account, or undefined. */
export function findCreatorOf(db: DB, userId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('users as c', 'c.id', 'u.created_by')
    .select(['c.name', 'c.telephone', 'c.role'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** Takes the row locks of every active administrator (PostgreSQL), so two demotions of the last two run one after the other. */
export async function lockActiveAdministrators(trx: DB): Promise<void> {
  await trx
    .updateTable('users')
    .set({ updated_at: (eb) => eb.ref('updated_at') })
    .where('role', '=', 'administrateur')
    .where('is_active', '=', 1)
    .execute();
}

/** How many active administrators there are besides `exceptUserId`. */

export async function hasAdministrator(db: DB): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('role', '=', 'administrateur').limit(1).executeTakeFirst();
  return row !== undefined;
}

export function findPasswordState(db: DB, id: number) {
  return db
    .selectFrom('users')
    .select(['email', 'telephone', 'password_hash', 'must_change_password'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Replaces a password hash only if it is still the one that was checked (a concurrent change wins). */
export async function replacePasswordHash(db: DB, id: number, previousHash: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('id', '=', id)
    .where('password_hash', '=', previousHash)
    .execute();
}

/** The account a recovery request names, under any spelling of its telephone; none when two accounts answer to it. */
export async function findAccountByTelephoneSpellings(db: DB, spellings: string[]) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'telephone', 'email', 'is_confirmed', 'is_active'])
    .where('telephone', 'in', spellings)
    .orderBy('id')
    .limit(2)
    .execute();
  return rows.length === 1 ? rows[0] : undefined;
}

/** Takes the user's row lock (PostgreSQL; SQLite has one writer anyway) for the rest of the transaction. */
export async function lockUserRow(trx: DB, id: number): Promise<void> {
  await trx
    .updateTable('users')
    .set({ updated_at: (eb) => eb.ref('updated_at') })
    .where('id', '=', id)
    .execute();
}

// --- auth_tokens ---

/** Ends a token's "signed in by code a moment ago" window (its password has just been chosen). */
export async function endCodeWindow(db: DB, tokenId: number) {
  await db.updateTable('auth_tokens').set({ code_verified_at: null }).where('id', '=', tokenId).execute();
}

export async function insertToken(
  db: DB,
  values: {
    user_id: number;
    token_hash: string;
    created_at: string;
    expires_at: string;
    acting_user_id?: number | null;
    code_verified_at?: string | null;
  },
) {
  await db.insertInto('auth_tokens').values(values).execute();
}

export async function deleteToken(db: DB, tokenId: number): Promise<void> {
  await db.deleteFrom('auth_tokens').where('id', '=', tokenId).execute();
}

/** Signs the user out everywhere, or everywhere but `exceptTokenId`. */
export async function deleteUserTokens(db: DB, userId: number, exceptTokenId?: number): Promise<void> {
  let query = db.deleteFrom('auth_tokens').where('user_id', '=', userId);
  if (exceptTokenId !== undefined) query = query.where('id', '!=', exceptTokenId);
  await query.execute();
}

/** The act-as tokens issued for an account (someone acting for it). */
export async function deleteTokensActingFor(db: DB, userId: number): Promise<void> {
  await db.deleteFrom('auth_tokens').where('user_id', '=', userId).where('acting_user_id', 'is not', null).execute();
}

/** Revokes the act-as tokens an adviser or administrator holds (their logout). */

export async function deleteActingTokens(db: DB, actingUserId: number): Promise<void> {
  await db.deleteFrom('auth_tokens').where('acting_user_id', '=', actingUserId).execute();
}

export async function deleteExpiredTokens(db: DB, userId: number, now: string): Promise<void> {
  await db.deleteFrom('auth_tokens').where('user_id', '=', userId).where('expires_at', '<', now).execute();
}

/** A user list's rows for its CSV export, with the list's filter. */
export const usersExportQuery = (db: DB, filter: UserListFilter) =>
  applyUserFilter(db, db.selectFrom('users').select(PUBLIC_USER_COLUMNS), filter);
/** The account a telephone names, whichever way it was stored (code sign-in); none when two accounts answer to it. */
export async function findUserBySpellings(db: DB, spellings: string[]) {
  if (spellings.length === 0) return undefined;
  const rows = await db.selectFrom('users').selectAll().where('telephone', 'in', spellings).orderBy('id').limit(2).execute();
  return rows.length === 1 ? rows[0] : undefined;
}

/** Every column of an account (code sign-in re-reads it after the code is checked). */
export function findAccountRow(db: DB, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Expired tokens of an account are dropped at each login: keeps the table small without a scheduler. */
export async function pruneExpiredTokens(db: DB, userId: number, now: string): Promise<void> {
  await db.deleteFrom('auth_tokens').where('user_id', '=', userId).where('expires_at', '<', now).execute();
}

// --- Telephone conflicts left by migration 20261126_0100 (migration_reports) ---

const openTelephoneReports = (db: DB) =>
  db.selectFrom('migration_reports').where('resolved_at', 'is', null).where('kind', 'in', ['telephone_conflict', 'telephone_invalid']);

export async function pageOfOpenTelephoneReports(db: DB, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    openTelephoneReports(db).select(['id', 'kind', 'detail', 'created_at']).orderBy('id').limit(limit).offset(offset).execute(),
    openTelephoneReports(db)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export const findOpenTelephoneReport = (db: DB, id: number) =>
  openTelephoneReports(db).select(['id', 'kind', 'detail', 'created_at']).where('id', '=', id).executeTakeFirst();

export async function markReportResolved(db: DB, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('migration_reports')
    .set({ resolved_at: now })
    .where('id', '=', id)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const usersByIds = (db: DB, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('users')
        .select(['id', 'name', 'role', 'email', 'telephone', 'is_active', 'created_at'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();

// --- Proposed changes to administrators (migration 20261129_0100) ---

export async function insertAccountChange(db: DB, row: Insertable<AccountChangesTable>): Promise<number> {
  const inserted = await db.insertInto('account_changes').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export function findAccountChange(db: DB, id: number) {
  return db.selectFrom('account_changes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Decides a waiting change; false when another request decided it first. */
export async function decideAccountChange(db: DB, id: number, status: string, decidedBy: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('account_changes')
    .set({ status, decided_by: decidedBy, decided_at: at })
    .where('id', '=', id)
    .where('status', '=', 'en_attente')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function hasPendingAccountChange(db: DB, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('account_changes')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'en_attente')
    .executeTakeFirst();
  return row !== undefined;
}

/** The newest 200 changes (a handful a year in practice), with the names of the account and the proposer. */
export function listAccountChanges(db: DB, status?: string) {
  let q = db
    .selectFrom('account_changes as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('users as p', 'p.id', 'c.proposed_by')
    .select([
      'c.id',
      'c.kind',
      'c.user_id',
      'u.name as user_name',
      'c.changes',
      'c.status',
      'c.proposed_by',
      'p.name as proposed_by_name',
      'c.proposed_at',
      'c.decided_by',
      'c.decided_at',
    ])
    .orderBy('c.id', 'desc')
    .limit(200);
  if (status) q = q.where('c.status', '=', status);
  return q.execute();
}

export async function countPendingAccountChanges(db: DB): Promise<number> {
  const row = await db
    .selectFrom('account_changes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'en_attente')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
