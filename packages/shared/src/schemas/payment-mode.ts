import { z } from '../zod-fr';

// Giving from any phone (docs/giving-by-phone.md): `mode: "push"` asks the provider to have the payer
// approve on the telephone itself, with no web page; the telephone is then required.

export const PAYMENT_MODES = ['checkout', 'push'] as const;
export const paymentMode = z.enum(PAYMENT_MODES, { error: 'Mode de paiement inconnu.' }).optional();

export const PUSH_MESSAGES = {
  telephoneRequired: 'Indiquez le numéro de téléphone mobile money qui paiera.',
  unavailable: 'Le paiement sur le téléphone n’est pas disponible pour le moment. Payez en ligne ou réessayez plus tard.',
  unknownOperator:
    'Ce numéro n’est pas un numéro mobile money MTN, Moov ou Celtiis du Bénin : la demande ne peut pas lui être envoyée. Vérifiez le numéro ou payez en ligne.',
  notFound: 'Demande de paiement introuvable.',
  notPending: 'Cette demande de paiement n’attend plus de réponse.',
  /** 429: LIMITS.pushRequestsPerTelephone requests reached this number within the window. */
  tooManyForTelephone: 'Trop de demandes de paiement vers ce numéro. Réessayez dans quelques minutes.',
} as const;

export function requirePushTelephone(value: { mode?: string; telephone?: string; phone?: string }, ctx: z.RefinementCtx) {
  if (value.mode === 'push' && !value.telephone && !value.phone) {
    ctx.addIssue({ code: 'custom', path: ['telephone'], message: PUSH_MESSAGES.telephoneRequired });
  }
}
