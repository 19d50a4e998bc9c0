import { z } from '../zod-fr';
import { emailField } from './public-form-fields';

// Contact form (spec §2 "Contactez-Nous", §5 Contact, §7 POST /contact).
export const CONTACT_MESSAGES = {
  name: 'Le nom doit comporter au moins 4 lettres et ne doit contenir que des lettres.',
  phone: "Le numéro de téléphone doit contenir entre 8 et 15 chiffres, précédé d'un signe + si nécessaire.",
  services: 'Le service ne doit contenir que des lettres et des espaces.',
  success: 'Votre message a été envoyé avec succès. Nous vous répondrons rapidement.',
  formErrors: 'Veuillez corriger les erreurs du formulaire.',
  failure: 'Une erreur est survenue. Veuillez réessayer.',
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { abort: true })
    .optional()
    .transform((v) => (v ? v : undefined));

export const contactSchema = z.object({
  name: z
    .string({ error: CONTACT_MESSAGES.name })
    .trim()
    .max(100, { error: CONTACT_MESSAGES.name, abort: true })
    .refine((v) => /^[\p{L}\p{M} ]+$/u.test(v) && (v.match(/\p{L}/gu)?.length ?? 0) >= 4, CONTACT_MESSAGES.name),
  email: emailField(),
  // Spaces people type between digit groups ("+229 97 00 00 00") are ignored.
  phone: z
    .string()
    .optional()
    .transform((v) => (v ?? '').replace(/[\s.-]/g, ''))
    .refine((v) => v === '' || /^\+?\d{8,15}$/.test(v), CONTACT_MESSAGES.phone)
    .transform((v) => (v === '' ? undefined : v)),
  services: optionalText(200).refine((v) => v === undefined || /^[\p{L}\p{M} ]+$/u.test(v), CONTACT_MESSAGES.services),
  message: optionalText(5000),
});
export type ContactInput = z.input<typeof contactSchema>;
export type ContactValues = z.output<typeof contactSchema>;
