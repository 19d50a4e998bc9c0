// The testimonials area: its routes (registered by register-modules.ts).
export { default as testimonialRoutes } from './routes';
