import { DONATION_PURPOSES, PAYMENT_TYPES } from '../constants';
import { z } from '../zod-fr';
import { fcfaAmount, PAYMENT_MESSAGES } from './payment';
import { telephoneField } from './register';

// Money recorded by hand (docs/product/payments.md "Money recorded by hand"): cash, mobile money
// received outside the gateway, transfer or cheque, entered by an administrator.

export const OFFLINE_METHODS = ['especes', 'mobile_money', 'virement', 'cheque'] as const;
export type OfflineMethod = (typeof OFFLINE_METHODS)[number];
export const OFFLINE_METHOD_LABELS: Record<OfflineMethod, string> = {
  especes: 'Espèces',
  mobile_money: 'Mobile money (hors plateforme)',
  virement: 'Virement',
  cheque: 'Chèque',
};

export const MONEY_SOURCE_LABELS: Record<string, string> = { online: 'En ligne', offline: 'Saisi à la main' };

export const OFFLINE_MESSAGES = {
  kindInvalid: 'Veuillez choisir « don » ou « paiement ».',
  methodInvalid: 'Veuillez choisir un moyen de paiement.',
  referenceRequired: 'La référence est requise (numéro de reçu, de virement ou de chèque).',
  receivedAtInvalid: 'Veuillez entrer une date de réception valide (AAAA-MM-JJ).',
  receivedAtFuture: 'La date de réception ne peut pas être dans le futur.',
  receivedAtTooOld: 'La date de réception ne peut pas remonter à plus de 10 ans.',
  duplicate:
    'Un paiement reçu avec la même référence, le même montant et le même jour est déjà enregistré. Confirmez pour l’enregistrer une seconde fois.',
  purposeRequired: 'Veuillez choisir la cause du don.',
  paymentTypeRequired: 'Veuillez choisir le type de paiement.',
  recorded: 'Paiement reçu enregistré.',
  reasonTooLong: 'Le motif doit contenir au plus 300 caractères.',
  accountInvalid: 'Veuillez choisir un compte de trésorerie valide.',
} as const;

const isoDate = z
  .string({ error: OFFLINE_MESSAGES.receivedAtInvalid })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, OFFLINE_MESSAGES.receivedAtInvalid)
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    OFFLINE_MESSAGES.receivedAtInvalid,
  )
  // A day of margin for time zones: Benin is UTC+1.
  .refine((v) => Date.parse(`${v}T00:00:00Z`) <= Date.now() + 24 * 3600_000, OFFLINE_MESSAGES.receivedAtFuture)
  // Accounting keeps 10 years (docs/product/accounts.md): an older day is a typing error (0001-01-01).
  .refine((v) => {
    const limit = new Date();
    limit.setUTCFullYear(limit.getUTCFullYear() - 10);
    return v >= limit.toISOString().slice(0, 10);
  }, OFFLINE_MESSAGES.receivedAtTooOld);

export const offlinePaymentSchema = z
  .object({
    kind: z.enum(['donation', 'payment'], { error: OFFLINE_MESSAGES.kindInvalid }),
    amount: fcfaAmount({ positive: PAYMENT_MESSAGES.amountPositive }),
    name: z.string({ error: PAYMENT_MESSAGES.nameRequired }).trim().min(1, PAYMENT_MESSAGES.nameRequired).max(100),
    telephone: telephoneField,
    method: z.enum(OFFLINE_METHODS, { error: OFFLINE_MESSAGES.methodInvalid }),
    reference: z.string({ error: OFFLINE_MESSAGES.referenceRequired }).trim().min(1, OFFLINE_MESSAGES.referenceRequired).max(100),
    received_at: isoDate,
    purpose: z.enum(DONATION_PURPOSES, { error: OFFLINE_MESSAGES.purposeRequired }).optional(),
    payment_type: z.enum(PAYMENT_TYPES, { error: OFFLINE_MESSAGES.paymentTypeRequired }).optional(),
    /** Records it even when one with the same reference, amount and day exists (otherwise 409). */
    confirm_duplicate: z.boolean({ error: 'Valeur invalide pour la confirmation.' }).optional(),
    /** The treasury account the money went into; default: the first account of the kind its method implies. */
    account: z
      .union([z.number(), z.string(), z.null()], { error: OFFLINE_MESSAGES.accountInvalid })
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === null || v === '') return undefined;
        const id = Number(v);
        if (Number.isInteger(id) && id > 0) return id;
        ctx.addIssue({ code: 'custom', message: OFFLINE_MESSAGES.accountInvalid });
        return z.NEVER;
      }),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'donation' && !v.purpose) ctx.addIssue({ code: 'custom', path: ['purpose'], message: OFFLINE_MESSAGES.purposeRequired });
    if (v.kind === 'payment' && !v.payment_type)
      ctx.addIssue({ code: 'custom', path: ['payment_type'], message: OFFLINE_MESSAGES.paymentTypeRequired });
  });
export type OfflinePaymentInput = z.input<typeof offlinePaymentSchema>;
export type OfflinePayment = z.output<typeof offlinePaymentSchema>;

export const offlinePaymentResponseSchema = z.object({
  id: z.number(),
  kind: z.enum(['donation', 'payment']),
  amount: z.number(),
  source: z.literal('offline'),
  transaction_status: z.string(),
  receipt_number: z.string(),
  receipt_url: z.string().nullable(),
  recorded_by: z.number(),
  message: z.string(),
});
export type OfflinePaymentResponse = z.infer<typeof offlinePaymentResponseSchema>;

/** DELETE /api/payments/{id} and /api/donations/{id}: an optional reason kept with the cancelled record. */
export const cancelRecordSchema = z
  .object({ reason: z.string().trim().max(300, OFFLINE_MESSAGES.reasonTooLong).optional() })
  .nullish()
  .transform((v) => ({ reason: v?.reason ? v.reason : null }));
