import { z } from '../zod-fr';

// Newsletter sending (docs/product/newsletter.md).
export const NEWSLETTER_SEND_MESSAGES = {
  subjectRequired: "L'objet est requis.",
  subjectTooLong: "L'objet ne doit pas dépasser 150 caractères.",
  bodyRequired: 'Le texte de la newsletter est requis.',
  bodyTooLong: 'Le texte ne doit pas dépasser 20 000 caractères.',
  noSubscribers: "Aucun abonné actif : il n'y a personne à qui envoyer cette newsletter.",
  queued: (n: number) => `Newsletter en cours d’envoi à ${n} abonné${n > 1 ? 's' : ''}.`,
  confirmUnsubscribeTitle: 'Se désinscrire de la newsletter',
  confirmUnsubscribe: "Pour ne plus recevoir la newsletter de l'ASBE, confirmez d'un clic ci-dessous.",
  confirmUnsubscribeButton: 'Me désinscrire',
  unsubscribedTitle: 'Désinscription confirmée',
  unsubscribed: "Vous ne recevrez plus la newsletter de l'ASBE. Vous pouvez vous réabonner à tout moment depuis notre site.",
  unknownLinkTitle: 'Lien de désinscription inconnu',
  unknownLink: 'Ce lien de désinscription ne correspond à aucun abonnement : vous êtes peut-être déjà désinscrit(e).',
} as const;
const M = NEWSLETTER_SEND_MESSAGES;

export const newsletterSendSchema = z.object({
  subject: z.string({ error: M.subjectRequired }).trim().min(1, { error: M.subjectRequired, abort: true }).max(150, M.subjectTooLong),
  body: z.string({ error: M.bodyRequired }).trim().min(1, { error: M.bodyRequired, abort: true }).max(20_000, M.bodyTooLong),
});
export type NewsletterSendInput = z.input<typeof newsletterSendSchema>;

export const newsletterSendCreatedSchema = z.object({ id: z.number(), recipients: z.number() });
export type NewsletterSendCreated = z.infer<typeof newsletterSendCreatedSchema>;

export const newsletterSendListItemSchema = z.object({
  id: z.number(),
  subject: z.string(),
  recipients: z.number(),
  sent: z.number(),
  /** Kept in the outbox: no e-mail provider was configured (nothing left the machine). */
  kept: z.number(),
  failed: z.number(),
  created_at: z.string(),
});
export type NewsletterSendListItem = z.infer<typeof newsletterSendListItemSchema>;

export const newsletterAudienceSchema = z.object({ recipients: z.number() });
export type NewsletterAudience = z.infer<typeof newsletterAudienceSchema>;
