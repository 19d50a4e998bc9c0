import { E164_PATTERN, normalizeTelephone } from '../phone';
import { optionalFreeText, personName } from '../text-rules';
import { z } from '../zod-fr';
import { emailField } from './public-form-fields';
import { CONTACT_MESSAGES } from '../zod-free/contact';

export { CONTACT_MESSAGES };

// Contact form (docs/product/public-site.md "Public forms", docs/product/validation.md Contact, docs/product/http-api.md POST /contact; docs/product/validation.md "Text that people write").

export const contactSchema = z.object({
  name: personName({ minLetters: 4, minMessage: CONTACT_MESSAGES.name, max: 100, charsMessage: CONTACT_MESSAGES.nameChars }),
  email: emailField(),
  // Spaces people type between digit groups ("+229 97 00 00 00") are ignored.
  phone: z
    .string()
    .optional()
    .transform((v) => normalizeTelephone((v ?? '').trim()))
    .refine((v) => v === '' || E164_PATTERN.test(v), CONTACT_MESSAGES.phone)
    .transform((v) => (v === '' ? undefined : v)),
  services: optionalFreeText({ max: 200, charsMessage: CONTACT_MESSAGES.services }),
  message: optionalFreeText({ max: 5000, multiline: true, charsMessage: CONTACT_MESSAGES.message }),
});
export type ContactInput = z.input<typeof contactSchema>;
export type ContactValues = z.output<typeof contactSchema>;
