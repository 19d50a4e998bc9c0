// Who may act on whom (docs/decisions/policy.md): the guards every route declares, and the rules that decide
// whether one person may act on another's account, data or money. Routes and services ask here; none re-implements
// a rule. This module imports no other module, so every module may import it.
export {
  type Actor,
  type AuthUser,
  actorOf,
  bearerToken,
  default as authPlugin,
  ownSessionOnly,
  requireAuth,
  requireRole,
  resolveUser,
} from './guards';
export * from './rules';
export { countActiveAdministrators } from './data';
