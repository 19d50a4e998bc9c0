// Health and readiness probes (routes registered by register-modules.ts).
export { default as healthRoutes } from './routes';
