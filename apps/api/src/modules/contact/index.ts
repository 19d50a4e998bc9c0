// The contact area: its routes (registered by register-modules.ts) and what the administrator's landing view counts.
export { countNewContactMessages } from './data';
export { default as contactRoutes } from './routes';
