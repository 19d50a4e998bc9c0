import { E164_PATTERN, normalizeTelephone } from '../phone';
import { optionalFreeText, personName, TEXT_MESSAGES } from '../text-rules';
import { z } from '../zod-fr';
import { emailField } from './public-form-fields';

// Contact form (docs/product/public-site.md "Public forms", docs/product/validation.md Contact, docs/product/http-api.md POST /contact; docs/product/validation.md "Text that people write").
export const CONTACT_MESSAGES = {
  name: 'Le nom doit comporter au moins 4 lettres et ne doit contenir que des lettres.',
  nameChars: TEXT_MESSAGES.nameChars,
  phone: "Le numéro de téléphone doit contenir entre 8 et 15 chiffres, précédé d'un signe + si nécessaire.",
  services: 'Le service contient des caractères non autorisés.',
  message: 'Le message contient des caractères non autorisés.',
  success: 'Votre message a été envoyé avec succès. Nous vous répondrons rapidement.',
  formErrors: 'Veuillez corriger les erreurs du formulaire.',
  failure: 'Une erreur est survenue. Veuillez réessayer.',
} as const;

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
