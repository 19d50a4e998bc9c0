// Volunteers: what the browser needs without zod (the schemas in schemas/volunteer.ts re-export it), so a form page's first load
// skips zod and its schemas (~250 KB of JavaScript; issue #43, apps/web/src/lib/lazy-resolver.ts).
import { UPLOAD_MESSAGES } from './upload';
import { TEXT_MESSAGES } from './text';

export const VOLUNTEER_MESSAGES = {
  /** The form's summary when something is missing (docs/product/validation.md); each field also says what it lacks. */
  required: UPLOAD_MESSAGES.requiredAll,
  nameRequired: 'Veuillez indiquer votre nom.',
  name: 'Le nom doit comporter au moins 3 lettres ou chiffres, sans caractères spéciaux.',
  nameChars: TEXT_MESSAGES.nameChars,
  emailRequired: 'Veuillez indiquer votre adresse email.',
  emailInvalid: 'Veuillez entrer une adresse email valide.',
  // docs/product/places.md: volunteers give a telephone (their notices go by SMS).
  telephoneRequired: 'Veuillez indiquer votre numéro de téléphone.',
  telephoneInvalid: "Le numéro de téléphone doit contenir entre 8 et 15 chiffres, précédé d'un signe + si nécessaire.",
  domainRequired: 'Veuillez choisir un domaine.',
  domain: 'Veuillez choisir un domaine valide.',
  restrictionProof: UPLOAD_MESSAGES.restrictionProofRequired,
  emailTaken: 'Cet email est déjà utilisé.',
  success: 'Merci pour votre inscription !',
  failure: "Erreur lors de l'inscription.",
  confirmed: 'Volontaire confirmé avec succès !',
} as const;
