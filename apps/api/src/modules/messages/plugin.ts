import { isSealedText, sealText } from '../../platform/storage/sealed-text';
import { sealClearSecrets } from './data';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createWhatsAppChannel, type WhatsAppChannel } from './whatsapp-channel';
import { createChannels } from './channel-factory';
import type { EmailSender, SmsSender } from './channels';
import { digestScheduler } from './digest';
import { MessageWorker } from './worker';

// The outbox worker's place in the app: built with the app, started only when asked (server.ts asks;
// tests call app.messages.worker.runOnce() for one deterministic pass), stopped when the app closes
// (SIGTERM → app.close()), after the pass in flight has recorded its outcome.

declare module 'fastify' {
  interface FastifyInstance {
    messages: { worker: MessageWorker; sms: SmsSender; email: EmailSender; whatsapp: WhatsAppChannel };
  }
}

export interface MessagesPluginOptions {
  start?: boolean;
  /** Tests replace a channel (e.g. a provider stand-in with other settings). */
  channels?: { sms?: SmsSender; email?: EmailSender; whatsapp?: WhatsAppChannel };
}

export default fp<MessagesPluginOptions>(async function messagesPlugin(app: FastifyInstance, options) {
  const defaults = createChannels(app.config.messages);
  const sms = options.channels?.sms ?? defaults.sms;
  const email = options.channels?.email ?? defaults.email;
  const whatsapp = options.channels?.whatsapp ?? createWhatsAppChannel(app.config.messages.whatsapp, { log: app.log });
  const worker = new MessageWorker({
    db: app.db,
    sms,
    email,
    whatsapp,
    log: app.log,
    onTick: digestScheduler(app.db, app.config.publicUrl),
  });
  app.decorate('messages', { worker, sms, email, whatsapp });
  // Codes queued in clear by an earlier version are sealed before anything else reads the outbox.
  app.addHook('onReady', async () => {
    await sealClearSecrets(app.db, sealText, isSealedText);
  });
  if (options.start) app.addHook('onReady', async () => worker.start());
  // onClose handlers run last-registered first: this one runs before app.ts closes the database.
  app.addHook('onClose', async () => worker.stop());
});
