// What other areas may use from accounts: the guards, the signed-in actor, sessions and first login; the auth
// plugin and the first administrator (app.ts) and the area's routes (register-modules.ts).
export { type AuthUser, actorOf, bearerToken, requireAuth, requireRole, resolveUser } from './auth-plugin';
export { default as authPlugin } from './auth-plugin';
export { type BootstrapResult, ensureAdmin } from './ensure-admin';
export { userSearch, userSearchPhrase } from './data';
export { markFirstLoginDone } from './first-login';
export { default as accountRoutes } from './routes';
export { issueToken, revokeToken } from './sessions';
export { openTelephoneConflictCount } from './telephone-conflicts';
