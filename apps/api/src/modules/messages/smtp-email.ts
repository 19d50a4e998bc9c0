import nodemailer from 'nodemailer';
import { type EmailMessage, type EmailSender, SendError } from './channels';

// E-mails over SMTP (SMTP_URL, smtp:// or smtps://) with nodemailer: a text part and, when given, an HTML part.

export function createSmtpEmailSender(smtpUrl: string, from: string): EmailSender {
  // Bounded waits: a mail server that stops answering must not hold a worker pass (or a shutdown) for minutes.
  const transport = nodemailer.createTransport(
    { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
    { from },
  );
  return {
    name: 'smtp',
    async send(message: EmailMessage): Promise<void> {
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? undefined,
          headers: message.headers ?? undefined,
        });
      } catch (error) {
        const err = error as { responseCode?: number; message?: string };
        // 5xx from the server: the address or the message is refused for good.
        const permanent = typeof err.responseCode === 'number' && err.responseCode >= 500;
        throw new SendError(`SMTP : ${err.message ?? String(error)}`, permanent);
      }
    },
    close: () => transport.close(),
  };
}
