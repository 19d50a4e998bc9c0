// The providers area: provider records, zone providers and the questionnaire route group (register-modules.ts).
export { default as providerRoutes } from './routes';
