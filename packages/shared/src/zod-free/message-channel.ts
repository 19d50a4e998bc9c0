// The SMS-or-WhatsApp choice's words and values without zod (the public forms load zod at the first tap:
// apps/web/src/lib/lazy-resolver.ts); the schema field is in schemas/message-channel.ts.

export const MESSAGE_CHANNEL_CHOICES = ['sms', 'whatsapp'] as const;
export type MessageChannelChoice = (typeof MESSAGE_CHANNEL_CHOICES)[number];

export const MESSAGE_CHANNEL_CHOICE_LABELS: Record<MessageChannelChoice, string> = { sms: 'SMS', whatsapp: 'WhatsApp' };

export const MESSAGE_CHANNEL_MESSAGES = {
  invalid: 'Choisissez SMS ou WhatsApp pour recevoir vos messages.',
  legend: 'Recevoir mes messages par',
  hint: 'Reçus, rappels et billets. Sans WhatsApp sur ce numéro, ils arrivent par SMS.',
} as const;
