import { DONATION_PURPOSES } from '../constants';
import { personName } from '../text-rules';
import { z } from '../zod-fr';
import { E164_PATTERN, normalizeTelephone } from '../phone';
import { DONATION_MESSAGES, donationAmount, donationPurpose } from './donation';
import { PAYMENT_MESSAGES } from './payment';
import { messageChannelField } from './message-channel';
import { paymentMode } from './payment-mode';
import {
  PLEDGE_FREQUENCIES,
  PLEDGE_STATUSES,
  PLEDGE_FREQUENCY_LABELS,
  PLEDGE_STATUS_LABELS,
  PLEDGE_PENDING_MAX_PER_TELEPHONE,
  PLEDGE_PENDING_LAPSE_HOURS,
  type PledgeFrequency,
  type PledgeStatus,
} from '../zod-free/pledges';

export {
  PLEDGE_FREQUENCIES,
  PLEDGE_STATUSES,
  PLEDGE_FREQUENCY_LABELS,
  PLEDGE_STATUS_LABELS,
  PLEDGE_PENDING_MAX_PER_TELEPHONE,
  PLEDGE_PENDING_LAPSE_HOURS,
  type PledgeFrequency,
  type PledgeStatus,
};

// Recurring giving: a pledge (« engagement ») to give the same amount every month, quarter or year.
// Each due is paid through the ordinary donation checkout; the donor manages the pledge from a link.

export const PLEDGE_ACTIONS = ['pause', 'resume', 'skip', 'cancel'] as const;
export type PledgeAction = (typeof PLEDGE_ACTIONS)[number];

/** Months between two dues. */
export const PLEDGE_MONTHS: Record<PledgeFrequency, number> = { mensuel: 1, trimestriel: 3, annuel: 12 };

/** « votre don mensuel » */
export const PLEDGE_FREQUENCY_ADJECTIVES: Record<PledgeFrequency, string> = {
  mensuel: 'mensuel',
  trimestriel: 'trimestriel',
  annuel: 'annuel',
};

/** What a pledge is worth per month, in whole FCFA (a quarterly 9 000 is 3 000). */
export function monthlyAmount(amount: number, frequency: PledgeFrequency): number {
  return Math.round(amount / PLEDGE_MONTHS[frequency]);
}

export const PLEDGE_MESSAGES = {
  nameRequired: 'Le nom est requis.',
  nameTooShort: DONATION_MESSAGES.nameTooShort,
  nameTooLong: DONATION_MESSAGES.nameTooLong,
  telephoneRequired: 'Le numéro de téléphone est requis.',
  telephoneInvalid: DONATION_MESSAGES.telephoneInvalid,
  frequencyInvalid: 'Fréquence invalide : mensuel, trimestriel ou annuel.',
  actionInvalid: 'Action invalide : pause, resume, skip ou cancel.',
  changeRequired: 'Indiquez une action, un montant ou une fréquence.',
  actionAlone: 'Une action ne se combine pas avec un changement de montant ou de fréquence.',
  tokenNotFound: 'Ce lien d’engagement est invalide ou a expiré.',
  notFound: 'Engagement introuvable.',
  cancelled: 'Cet engagement est arrêté : il ne peut plus être modifié.',
  alreadyPaused: 'Cet engagement est déjà en pause.',
  notPaused: 'Cet engagement n’est pas en pause.',
  pausedNoSkip: 'Cet engagement est en pause : reprenez-le pour sauter une échéance.',
  nothingToPay: 'Aucune échéance à régler pour le moment : merci !',
  notActive: 'Cet engagement n’est pas actif : reprenez-le pour payer.',
  pendingFirstGift: 'Cet engagement attend son premier don : réglez-le d’abord.',
  tooManyPending: 'Trop d’engagements attendent déjà leur premier don pour ce numéro. Réglez l’un d’eux ou réessayez demain.',
  created: 'Merci ! Votre engagement est enregistré.',
  paused: 'Votre engagement est en pause.',
  resumed: 'Votre engagement a repris.',
  skipped: 'La prochaine échéance est sautée.',
  cancelledDone: 'Votre engagement est arrêté.',
  changed: 'Votre engagement est modifié.',
} as const;

const requiredTelephone = () =>
  z
    .union([z.string(), z.number()], { error: PLEDGE_MESSAGES.telephoneRequired })
    .transform((v) => normalizeTelephone(String(v).trim()))
    .pipe(
      z.string().min(1, { error: PLEDGE_MESSAGES.telephoneRequired, abort: true }).regex(E164_PATTERN, PLEDGE_MESSAGES.telephoneInvalid),
    );

const frequency = () => z.enum(PLEDGE_FREQUENCIES, { error: PLEDGE_MESSAGES.frequencyInvalid });

/** POST /api/pledges and the « Donner chaque mois » form. */
export const pledgeCreateSchema = z.object({
  name: personName({
    minLetters: 2,
    minMessage: PLEDGE_MESSAGES.nameTooShort,
    requiredMessage: PLEDGE_MESSAGES.nameRequired,
    max: 100,
    maxMessage: PLEDGE_MESSAGES.nameTooLong,
  }),
  telephone: requiredTelephone(),
  email: z
    .string()
    .trim()
    .max(150, PAYMENT_MESSAGES.emailInvalid)
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : undefined))
    .pipe(z.email(PAYMENT_MESSAGES.emailInvalid).optional()),
  amount: donationAmount(),
  purpose: donationPurpose(),
  frequency: frequency().default('mensuel'),
  /** « push »: the first gift is approved on the telephone, no page (docs/giving-by-phone.md). */
  mode: paymentMode,
  /** SMS or WhatsApp, recorded as the WhatsApp consent only for the signed-in person's own telephone (docs/whatsapp.md). */
  channel: messageChannelField(),
});
export type PledgeCreateInput = z.input<typeof pledgeCreateSchema>;
export type PledgeCreate = z.output<typeof pledgeCreateSchema>;

export const pledgeCreatedSchema = z.object({ id: z.number(), manage_url: z.string(), checkout_url: z.string() });
/** 202 of a pledge or a due paid on the telephone: `id` names the payment request (GET /api/payments/push/{id}). */
export const pledgePushSchema = z.object({
  id: z.string(),
  status: z.literal('en_attente'),
  pledge_id: z.number(),
  manage_url: z.string().optional(),
  due_date: z.string().optional(),
  amount: z.number().optional(),
});
export type PledgePush = z.infer<typeof pledgePushSchema>;
/** POST /api/pledges/by-token/{token}/pay: `{mode: "push"}` asks on the telephone instead of a checkout page. */
export const pledgePayBodySchema = z.object({ mode: paymentMode }).nullish();
export type PledgeCreated = z.infer<typeof pledgeCreatedSchema>;

/** PATCH /api/pledges/by-token/{token}: `{action}` alone, or a new amount and/or frequency. */
export const pledgeChangeSchema = z
  .object({
    action: z.enum(PLEDGE_ACTIONS, { error: PLEDGE_MESSAGES.actionInvalid }).optional(),
    amount: donationAmount().optional(),
    frequency: frequency().optional(),
  })
  .superRefine((body, ctx) => {
    const changes = body.amount !== undefined || body.frequency !== undefined;
    if (!body.action && !changes) ctx.addIssue({ code: 'custom', path: ['action'], message: PLEDGE_MESSAGES.changeRequired });
    if (body.action && changes) ctx.addIssue({ code: 'custom', path: ['action'], message: PLEDGE_MESSAGES.actionAlone });
  });
export type PledgeChangeInput = z.input<typeof pledgeChangeSchema>;
export type PledgeChange = z.output<typeof pledgeChangeSchema>;

export const pledgeTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

export const pledgePaymentSchema = z.object({
  id: z.number(),
  amount: z.number(),
  transaction_status: z.string(),
  /** The due this payment is for (YYYY-MM-DD, Cotonou calendar). */
  due_date: z.string().nullable(),
  receipt_number: z.string().nullable(),
  receipt_url: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type PledgePayment = z.infer<typeof pledgePaymentSchema>;

/** What the donor sees (token page, member space). */
export const pledgeViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  amount: z.number(),
  purpose: z.enum(DONATION_PURPOSES),
  frequency: z.enum(PLEDGE_FREQUENCIES),
  status: z.enum(PLEDGE_STATUSES),
  monthly_amount: z.number(),
  /** The next due date (YYYY-MM-DD); null once cancelled. */
  next_due: z.string().nullable(),
  created_at: z.string(),
  payments: z.array(pledgePaymentSchema),
  /** The latest due sent is still unpaid (« Payer l’échéance en cours » is offered); absent in lists. */
  due_to_pay: z.boolean().optional(),
});
export type PledgeView = z.infer<typeof pledgeViewSchema>;

export const pledgeActionResultSchema = z.object({ message: z.string(), pledge: pledgeViewSchema });
export type PledgeActionResult = z.infer<typeof pledgeActionResultSchema>;

/** POST /api/pledges/by-token/{token}/pay: the checkout of the due to pay now. */
export const pledgeCheckoutSchema = z.object({ checkout_url: z.string(), due_date: z.string(), amount: z.number() });
export type PledgeCheckout = z.infer<typeof pledgeCheckoutSchema>;

/** GET /api/admin/pledges: each pledge with its donor and payments. */
export const adminPledgeSchema = pledgeViewSchema.extend({
  telephone: z.string(),
  email: z.string().nullable(),
  user_id: z.number().nullable(),
  collected: z.number(),
});
export type AdminPledge = z.infer<typeof adminPledgeSchema>;

export const adminPledgesQuerySchema = z.object({
  status: z.enum(PLEDGE_STATUSES, { error: 'Statut invalide : pending, active, paused ou cancelled.' }).optional(),
});
