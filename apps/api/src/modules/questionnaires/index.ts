// The questionnaires area: its routes (registered by register-modules.ts).
export { default as questionnaireRoutes } from './routes';
