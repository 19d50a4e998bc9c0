// The admin area: the administrator's home figures and landing counts (routes registered by register-modules.ts).
export { default as adminRoutes } from './routes';
