// The settings area's public face: membership fees and their minimums (payments, operations), the organisation's
// facts (receipts, the privacy notice, « À traiter ») and its routes (register-modules.ts).
export { assertFeeAtLeastMinimum, getFeeSettings } from './fees';
export { getOrganisationFacts, organisationIncomplete, publicOrganisation, readSignature } from './organisation';
export { default as settingsRoutes } from './routes';
