import { z } from '../zod-fr';
import { emailField } from './public-form-fields';

// Newsletter block (spec §2.12, §4, §7 POST /subscribe {email} → {message}).
export const NEWSLETTER_MESSAGES = {
  subscribed: 'Merci ! Votre abonnement à la newsletter est confirmé.',
  alreadySubscribed: 'Vous êtes déjà abonné(e) à la newsletter. Merci pour votre fidélité !',
  failure: 'Une erreur est survenue. Veuillez réessayer.',
} as const;

export const newsletterSchema = z.object({ email: emailField() });
export type NewsletterInput = z.input<typeof newsletterSchema>;
