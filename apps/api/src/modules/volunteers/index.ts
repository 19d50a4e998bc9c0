// The volunteers area: its routes (registered by register-modules.ts).
export { default as volunteerRoutes } from './routes';
