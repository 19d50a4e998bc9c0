// Contact form: what the browser needs without zod (the schemas in schemas/contact.ts re-export it), so a form page's first load
// skips zod and its schemas (~250 KB of JavaScript; issue #43, apps/web/src/lib/lazy-resolver.ts).
import { TEXT_MESSAGES } from './text';

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
