// What other areas may use from accounts: sessions and first login; the first administrator (app.ts) and the
// area's routes (register-modules.ts). The guards and the signed-in actor are the policy module's (modules/policy).
export { type BootstrapResult, ensureAdmin } from './ensure-admin';
export { markFirstLoginDone } from './first-login';
export { default as accountRoutes } from './routes';
export { issueToken, revokeToken } from './sessions';
export { isFreshCodeSession } from './profile';
export { openTelephoneConflictCount } from './telephone-conflicts';
export { countPendingAccountChanges } from './data';
