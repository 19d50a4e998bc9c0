import type { Role } from '@shared/constants';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { User } from '../../platform/database/schema';
import { ACT_AS_MESSAGES, AUTH_MESSAGES } from '@shared/schemas/auth';
import { forbidden, unauthorized } from '../../platform/lib/http-errors';
import { hookList } from '../../platform/http/route-hooks';
import { hashToken } from '../../platform/lib/tokens';
import { findTokenUser } from './data';

/** Who made a change, as the audit trail records it: the account, its client address, and the adviser or
 * administrator acting for it (act-as), or null. */
export interface Actor {
  id: number;
  ip: string | null;
  actingId: number | null;
}

// Bearer token → user. Routes declare their guard next to their schema:
//   { onRequest: requireRole('administrateur') }  or  { onRequest: requireAuth }
// Guards always run in onRequest, before the body is read or anything is validated: a request without a valid
// token gets 401 whatever its query or body. A guard declared as preHandler is moved there when the route is added.

// must_change_password comes with the token: the server enforces the first-password step (see requireAuth).
export type AuthUser = Omit<User, 'password_hash' | 'is_active'> & {
  token_id: number;
  /** Act-as: the adviser or administrator using this token for the account; null for one's own login. */
  acting_user_id: number | null;
  /** When the SMS code that obtained this token was verified; null for a password login. */
  code_verified_at: string | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** Open to a token whose account must still choose its password (its profile, the change, logout). */
    beforePasswordChange?: boolean;
  }
}

/** The signed-in account and its request's client address, as the audit trail records who made a change. */
export const actorOf = (request: FastifyRequest): Actor => ({
  id: request.user!.id,
  ip: request.ip,
  actingId: request.user!.acting_user_id,
});

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export async function resolveUser(request: FastifyRequest): Promise<AuthUser | null> {
  const token = bearerToken(request);
  if (!token || token.length > 200) return null;
  const row = await findTokenUser(request.server.db, hashToken(token));
  if (!row || row.expires_at <= new Date().toISOString() || row.is_active !== 1) return null;
  // No one acts as an administrator (docs/decisions/policy.md): an act-as token whose account has become an
  // administrator since it was issued (demote, act as, promote again) opens nothing.
  if (row.acting_user_id !== null && row.role === 'administrateur') return null;
  const { expires_at: _expires, is_active: _active, ...user } = row;
  return user;
}

/** Every guard function, so that the onRoute hook below can find guards whatever hook they were declared in. */
const GUARDS = new WeakSet<object>();

export const requireAuth: preHandlerAsyncHookHandler = async function requireAuth(request: FastifyRequest, _reply: FastifyReply) {
  request.user = await resolveUser(request);
  if (!request.user) throw unauthorized();
  // An account that must choose its password may only read its profile, change its password and log out
  // (routes marked `config: { beforePasswordChange: true }`). An adviser acting for it is not held back.
  if (
    request.user.must_change_password === 1 &&
    request.user.acting_user_id === null &&
    !request.routeOptions.config?.beforePasswordChange
  ) {
    throw forbidden(AUTH_MESSAGES.mustChangePassword);
  }
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

/**
 * Declared after a guard (`onRequest: [guard, ownSessionOnly]`): refuses a token obtained by act-as, for what only
 * the person themselves may do (act for someone else, register users, request recovery codes).
 */
export const ownSessionOnly: preHandlerAsyncHookHandler = async function ownSessionOnly(request: FastifyRequest) {
  if (request.user && request.user.acting_user_id !== null) throw forbidden(ACT_AS_MESSAGES.notWithActAs);
};

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
