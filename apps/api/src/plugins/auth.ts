import type { Role } from '@shared/constants';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { CompiledQuery } from 'kysely';
import type { DB } from '../db/database';
import type { User } from '../db/schema';
import type { AuditActor } from '../services/audit/record-audit';
import { forbidden, unauthorized } from '../lib/http-errors';
import { hookList } from '../lib/route-hooks';
import { hashToken } from '../lib/tokens';

// Bearer token → user. Routes declare their guard next to their schema:
//   { onRequest: requireRole('administrateur') }  or  { onRequest: requireAuth }
// Guards always run in onRequest, before the body is read or anything is validated: a request without a valid
// token gets 401 whatever its query or body. A guard declared as preHandler is moved there when the route is added.

// must_change_password is read where it matters (login, profile), not on every request.
export type AuthUser = Omit<User, 'password_hash' | 'must_change_password'> & { token_id: number };

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** The signed-in account and its request's client address, as the audit trail records who made a change. */
export const actorOf = (request: FastifyRequest): AuditActor => ({ id: request.user!.id, ip: request.ip });

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

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
      'users.is_confirmed',
      'users.first_login',
      'users.created_by',
      'users.created_at',
      'users.updated_at',
      'auth_tokens.id as token_id',
      'auth_tokens.expires_at',
    ])
    .where('auth_tokens.token_hash', '=', tokenHash);
type TokenUserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof tokenUserQuery>['executeTakeFirst']>>>;

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

export async function resolveUser(request: FastifyRequest): Promise<AuthUser | null> {
  const token = bearerToken(request);
  if (!token || token.length > 200) return null;
  const db = request.server.db;
  const { rows } = await db.executeQuery<TokenUserRow>(CompiledQuery.raw(compiledTokenUserSql(db), [hashToken(token)]));
  const row = rows[0];
  if (!row || row.expires_at <= new Date().toISOString()) return null;
  const { expires_at: _expires, ...user } = row;
  return user;
}

/** Every guard function, so that the onRoute hook below can find guards whatever hook they were declared in. */
const GUARDS = new WeakSet<object>();

export const requireAuth: preHandlerAsyncHookHandler = async function requireAuth(request: FastifyRequest, _reply: FastifyReply) {
  request.user = await resolveUser(request);
  if (!request.user) throw unauthorized();
};
GUARDS.add(requireAuth);

export function requireRole(...roles: Role[]): preHandlerAsyncHookHandler {
  const guard = async function requireRoleHandler(this: unknown, request: FastifyRequest, reply: FastifyReply) {
    await requireAuth.call(this as never, request, reply);
    if (!roles.includes(request.user!.role as Role)) throw forbidden();
  };
  GUARDS.add(guard);
  return guard;
}

type HookList = RouteOptions['preHandler'];

export default fp(async function authPlugin(app) {
  app.decorateRequest('user', null);
  // One place where guards run for every route: onRequest (see the comment at the top).
  app.addHook('onRoute', (route) => {
    const preHandlers = hookList<unknown>(route.preHandler);
    const guards = preHandlers.filter((hook) => GUARDS.has(hook as object));
    if (guards.length === 0) return;
    route.preHandler = preHandlers.filter((hook) => !GUARDS.has(hook as object)) as HookList;
    route.onRequest = [...hookList<unknown>(route.onRequest), ...guards] as RouteOptions['onRequest'];
  });
});
