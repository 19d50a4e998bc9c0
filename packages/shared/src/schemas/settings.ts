import { type PaymentType, PAYMENT_TYPE_LABELS } from '../constants';
import { formatFcfa } from '../format';
import { parseFcfa } from '../text-rules';
import { z } from '../zod-fr';
import { MAX_PAYMENT_AMOUNT } from './payment';

// The association's own settings (docs/product/places.md and « Trust in accounts »):
// the membership fees the payment form shows and prefills, and the minimum below which a fee is refused.

/** Before an administrator sets anything: a fee of 5 000 FCFA each, never less than 1 000 FCFA (docs/product). */
export const DEFAULT_FEE_SETTINGS = {
  adhesion_amount: 5000,
  cotisation_amount: 5000,
  adhesion_min: 1000,
  cotisation_min: 1000,
} as const;

export const SETTINGS_MESSAGES = {
  amountWhole: 'Le montant doit être un nombre entier de FCFA, entre 1 et 100 000 000.',
  belowOwnMinimum: 'Le montant doit être au moins égal au minimum.',
  saved: 'Paramètres enregistrés.',
  organisationSaved: "Coordonnées de l'association enregistrées.",
} as const;

/** « Le montant minimum des frais d'adhésion est de 1 000 FCFA. » — the server's 422 and the form's hint say the same. */
export const feeBelowMinimum = (type: PaymentType, min: number) =>
  type === 'adhesion'
    ? `Le montant minimum des frais d'adhésion est de ${formatFcfa(min)}.`
    : `Le montant minimum de la ${PAYMENT_TYPE_LABELS[type].toLowerCase()} est de ${formatFcfa(min)}.`;

// « 5 000 », « 5 000 F », « 5000 FCFA » are read as people type them (the shared parser, as every amount field).
const fcfa = () =>
  z.union([z.number(), z.string()], { error: SETTINGS_MESSAGES.amountWhole }).transform((value, ctx) => {
    const amount = parseFcfa(value);
    if (typeof amount !== 'number' || amount < 1 || amount > MAX_PAYMENT_AMOUNT) {
      ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.amountWhole });
      return z.NEVER;
    }
    return amount;
  });

/** PUT /api/admin/settings (and the administrator's form): a fee is never below its own minimum. */
export const feeSettingsSchema = z
  .object({ adhesion_amount: fcfa(), cotisation_amount: fcfa(), adhesion_min: fcfa(), cotisation_min: fcfa() })
  .superRefine((v, ctx) => {
    for (const type of ['adhesion', 'cotisation'] as const) {
      if (v[`${type}_amount`] < v[`${type}_min`])
        ctx.addIssue({ code: 'custom', path: [`${type}_amount`], message: feeBelowMinimum(type, v[`${type}_min`]) });
    }
  });
export type FeeSettingsInput = z.input<typeof feeSettingsSchema>;
export type FeeSettings = z.output<typeof feeSettingsSchema>;

/** GET /api/payment/fees (public): what the payment form prefills, its minimums and the period a fee buys. */
export const paymentFeesSchema = z.object({
  adhesion_amount: z.number(),
  cotisation_amount: z.number(),
  adhesion_min: z.number(),
  cotisation_min: z.number(),
  period_months: z.number(),
});
export type PaymentFees = z.infer<typeof paymentFeesSchema>;
