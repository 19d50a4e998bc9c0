import { z } from '../zod-fr';
import { emailField } from './public-form-fields';
import { formConsentsSchema } from './privacy';

// Newsletter block (docs/product/screens.md, docs/product/states.md, docs/product/http-api.md POST /subscribe {email} → {message}).
export const NEWSLETTER_MESSAGES = {
  subscribed: 'Merci ! Votre abonnement à la newsletter est confirmé.',
  alreadySubscribed: 'Vous êtes déjà abonné(e) à la newsletter. Merci pour votre fidélité !',
  failure: 'Une erreur est survenue. Veuillez réessayer.',
} as const;

export const newsletterSchema = z.object({
  email: emailField(),
  /** The form's explicit choice (docs/product/personal-data.md); subscribing is refused when it says no. */
  consents: formConsentsSchema.refine((c) => c?.newsletter !== false, {
    error: 'Cochez la case pour accepter de recevoir la lettre d’information.',
  }),
});
export type NewsletterInput = z.input<typeof newsletterSchema>;
