// The newsletter area: its routes (registered by register-modules.ts).
export { sendingRoutes as newsletterSendingRoutes, subscriptionRoutes as newsletterSubscriptionRoutes } from './routes';
