// WhatsApp's webhooks (the public face of the area): delivery reports, and « STOP » by WhatsApp or by SMS.
// Sending by WhatsApp is the outbox's business (modules/messages/whatsapp-channel.ts).
export { applyWebhook, withdrawChannel } from './service';
export { default as whatsappRoutes, twilioSignature } from './routes';
