import type { MessagesConfig } from '../../platform/config';
import { type EmailSender, outboxEmailSender, outboxSmsSender, type SmsSender } from './channels';
import { createSmtpEmailSender } from './smtp-email';
import { createTwilioSmsSender } from './twilio-sms';

export function createChannels(config: MessagesConfig): { sms: SmsSender; email: EmailSender } {
  const sms = config.sms.provider === 'twilio' ? createTwilioSmsSender(config.sms) : outboxSmsSender;
  const email = config.smtpUrl ? createSmtpEmailSender(config.smtpUrl, config.mailFrom) : outboxEmailSender;
  return { sms, email };
}
