import { z } from '../zod-fr';

// The channel a person chooses on a public form that sends them messages (docs/product/personal-data.md — Consent):
// `channel: "whatsapp"` is recorded as the WhatsApp consent given, `"sms"` as it withdrawn — the same consent the
// member space's « Mes données » switches. Absent records nothing.

export const MESSAGE_CHANNEL_CHOICES = ['sms', 'whatsapp'] as const;
export type MessageChannelChoice = (typeof MESSAGE_CHANNEL_CHOICES)[number];

export const MESSAGE_CHANNEL_CHOICE_LABELS: Record<MessageChannelChoice, string> = { sms: 'SMS', whatsapp: 'WhatsApp' };

export const MESSAGE_CHANNEL_MESSAGES = {
  invalid: 'Choisissez SMS ou WhatsApp pour recevoir vos messages.',
  legend: 'Recevoir mes messages par',
  hint: 'Reçus, rappels et billets. Sans WhatsApp sur ce numéro, ils arrivent par SMS.',
} as const;

export const messageChannelField = () => z.enum(MESSAGE_CHANNEL_CHOICES, { error: MESSAGE_CHANNEL_MESSAGES.invalid }).optional();
