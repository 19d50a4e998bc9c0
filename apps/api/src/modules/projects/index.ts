// The projects area: its routes (registered by register-modules.ts) and the count of new projects (« À traiter »).
export { countNewProjects } from './data';
export { default as projectRoutes } from './routes';
