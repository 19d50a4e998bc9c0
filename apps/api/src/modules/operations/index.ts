// The operations area: money recorded by hand and year-end receipts (routes registered by register-modules.ts).
export { default as operationsRoutes } from './routes';
