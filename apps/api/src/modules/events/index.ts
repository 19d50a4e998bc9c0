// The events area's public face: its routes (registered under /api) and its background jobs.
export { default as eventRoutes, eventsContextOf } from './routes';
export { runEventJobsOnce } from './jobs';
export type { EventsContext } from './context';
// Linking a telephone's registrations to the account its code sign-in creates (modules/accounts/code-login.ts).
export { linkRegistrationsByTelephone, registrationNameByTelephone } from './data';
