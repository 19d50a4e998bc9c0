import { z } from '../zod-fr';
import { MESSAGE_CHANNEL_CHOICES, MESSAGE_CHANNEL_MESSAGES } from '../zod-free/message-channel';

// The channel a person chooses on a public form that sends them messages (docs/product/personal-data.md — Consent):
// `channel: "whatsapp"` is recorded as the WhatsApp consent given, `"sms"` as it withdrawn — the same consent the
// member space's « Mes données » switches. Absent records nothing. On the gift forms it is recorded only for the
// signed-in person's own telephone (docs/whatsapp.md — « The channel chosen on a gift form »).

export {
  MESSAGE_CHANNEL_CHOICE_LABELS,
  MESSAGE_CHANNEL_CHOICES,
  MESSAGE_CHANNEL_MESSAGES,
  type MessageChannelChoice,
} from '../zod-free/message-channel';

export const messageChannelField = () => z.enum(MESSAGE_CHANNEL_CHOICES, { error: MESSAGE_CHANNEL_MESSAGES.invalid }).optional();
