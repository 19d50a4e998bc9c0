import { CompiledQuery } from 'kysely';
import type { DB } from '../../platform/database/database';

// The one query every authenticated request runs: a bearer token's account and expiry.

const tokenUserQuery = (db: DB, tokenHash: string) =>
  db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.telephone',
      'users.role',
      'users.zone',
      'users.zone_key',
      'users.commune',
      'users.department',
      'users.is_confirmed',
      'users.is_active',
      'users.first_login',
      'users.must_change_password',
      'users.created_by',
      'users.created_at',
      'users.updated_at',
      'auth_tokens.id as token_id',
      'auth_tokens.acting_user_id',
      'auth_tokens.code_verified_at',
      'auth_tokens.expires_at',
    ])
    .where('auth_tokens.token_hash', '=', tokenHash);
export type TokenUserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof tokenUserQuery>['executeTakeFirst']>>>;

// Every authenticated request runs this query: building and compiling it through Kysely cost more than running
// it, so its SQL is compiled once per database handle and only the token hash is bound per request.
const tokenUserSql = new WeakMap<DB, string>();
function compiledTokenUserSql(db: DB): string {
  let text = tokenUserSql.get(db);
  if (text === undefined) {
    const compiled = tokenUserQuery(db, '').compile();
    if (compiled.parameters.length !== 1) throw new Error('the token lookup must bind exactly the token hash');
    text = compiled.sql;
    tokenUserSql.set(db, text);
  }
  return text;
}

/** The user and expiry of a token, by its hash. */
export async function findTokenUser(db: DB, tokenHash: string): Promise<TokenUserRow | undefined> {
  const { rows } = await db.executeQuery<TokenUserRow>(CompiledQuery.raw(compiledTokenUserSql(db), [tokenHash]));
  return rows[0];
}

/** Active administrators, but `exceptUserId`: whether a second one exists to approve a change (rules.ts). */
export async function countActiveAdministrators(db: DB, exceptUserId?: number): Promise<number> {
  let q = db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'administrateur')
    .where('is_active', '=', 1);
  if (exceptUserId !== undefined) q = q.where('id', '!=', exceptUserId);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}
