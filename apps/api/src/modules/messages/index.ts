// The messages area's public face: queuing messages to people (the outbox), the notices other areas send, the
// outbox worker's plugin (app.ts) and the outbox view's routes (register-modules.ts).
export {
  createMoneyNotifier,
  type MoneyChange,
  type MoneyKind,
  type MoneyStatusListener,
  notifyAccountConfirmed,
  notifyAccountCreated,
  notifyMoneyRecordedByHand,
  notifyVolunteerConfirmed,
  notifyVolunteerRefused,
} from './notifications';
export {
  countMessagesSince,
  enqueueMessage,
  lockSmsCounting,
  type MessageChannel,
  notifyPerson,
  type OutgoingMessage,
  outboxRow,
  type Recipient,
} from './outbox';
export { default as messagesPlugin, type MessagesPluginOptions } from './plugin';
export { ERASURE_CATEGORY } from './worker';
export { default as messageRoutes } from './routes';
export { htmlPage, newsletterEmail, resetCodeNotice } from './templates';
export { createWhatsAppChannel, categoryOf, STOP_CONFIRMATION, STOP_WORDING, STOP_WORDS, type WhatsAppChannel } from './whatsapp-channel';
export { isValidSignature, isValidVerifyToken, UNDELIVERABLE_CODES } from './whatsapp-cloud';
