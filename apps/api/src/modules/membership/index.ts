// The membership area's public face: what changes a membership (a membership payment), reading one, and its routes.
export { DEFAULT_MEMBERSHIP_MONTHS, getMembership, paymentChanged, recomputeMembership } from './memberships';
export { default as membershipRoutes } from './routes';
