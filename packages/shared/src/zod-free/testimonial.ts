// Testimonials: what the browser needs without zod (the schemas in schemas/testimonial.ts re-export it), so a form page's first load
// skips zod and its schemas (~250 KB of JavaScript; issue #43, apps/web/src/lib/lazy-resolver.ts).
import { FILE_RULES } from './upload';

export const TESTIMONIAL_MESSAGES = {
  textMin: 'Le témoignage doit comporter au moins 10 caractères.',
  textMax: 'Le témoignage doit comporter au plus 2000 caractères.',
  textChars: 'Le témoignage contient des caractères invisibles ou de contrôle non autorisés.',
  authorMin: "Le nom de l'auteur doit comporter au moins 3 caractères.",
  authorMax: "Le nom de l'auteur doit comporter au plus 100 caractères.",
  authorChars: "Le nom de l'auteur ne peut contenir que des lettres, des espaces, des traits d'union, des apostrophes et des points.",
  titleMin: 'Le titre doit comporter au moins 6 caractères.',
  titleMax: 'Le titre doit comporter au plus 150 caractères.',
  titleChars: 'Le titre contient des caractères invisibles ou de contrôle non autorisés.',
  avatarRequired: FILE_RULES.avatar.requiredMessage,
  success: 'Merci pour votre témoignage ! Il sera publié après validation par notre équipe.',
  published: 'Témoignage publié avec succès.',
  deleted: 'Témoignage supprimé avec succès.',
  formErrors: 'Veuillez corriger les erreurs avant de soumettre.',
  failure: 'Une erreur est survenue. Veuillez réessayer.',
  consentRequired: 'Cochez la case pour accepter que votre témoignage soit publié avec votre nom et votre photo.',
} as const;
