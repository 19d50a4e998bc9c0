import { DEFAULT_DONATION_PURPOSE, DONATION_PURPOSES, TRANSACTION_STATUSES } from '../constants';
import { z } from '../zod-fr';
import { fcfaAmount, PAYMENT_MESSAGES } from './payment';

// Donations (spec §2 "Faire un Don", §5 Donation, §7 POST /donation).

export const DONATION_MESSAGES = {
  amount: 'Le montant doit être positif et comporter au moins 3 chiffres.',
  purposeInvalid: 'Cause invalide.',
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** The donation form and POST /api/donation/initiate. */
export const donationInitiateSchema = z.object({
  amount: fcfaAmount({ positive: DONATION_MESSAGES.amount, whole: PAYMENT_MESSAGES.amountWhole, minDigits: 3 }),
  purpose: z.enum(DONATION_PURPOSES, { error: DONATION_MESSAGES.purposeInvalid }).default(DEFAULT_DONATION_PURPOSE),
  name: optionalText(100),
  email: z
    .string()
    .trim()
    .max(150)
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.email(PAYMENT_MESSAGES.emailInvalid).optional()),
  phone: optionalText(20),
});
export type DonationInitiateInput = z.input<typeof donationInitiateSchema>;

/**
 * POST /api/donation (spec §7: amount, purpose, transaction-status, transaction-id). Both the spec's
 * hyphenated names and underscored ones are accepted; the server trusts only the provider.
 */
export const donationRecordSchema = z
  .object({
    amount: z.unknown().optional(),
    purpose: z.enum(DONATION_PURPOSES, { error: DONATION_MESSAGES.purposeInvalid }).optional(),
    'transaction-status': z.enum(TRANSACTION_STATUSES, { error: PAYMENT_MESSAGES.statusInvalid }).optional(),
    'transaction-id': z.union([z.string(), z.number()]).optional(),
    transaction_status: z.enum(TRANSACTION_STATUSES, { error: PAYMENT_MESSAGES.statusInvalid }).optional(),
    transaction_id: z.union([z.string(), z.number()]).optional(),
  })
  .transform((body, ctx) => {
    const raw = body['transaction-id'] ?? body.transaction_id;
    const id = raw === undefined ? '' : String(raw).trim();
    if (!id || id.length > 100) {
      ctx.addIssue({ code: 'custom', path: ['transaction-id'], message: PAYMENT_MESSAGES.transactionRequired });
      return z.NEVER;
    }
    return { purpose: body.purpose, transaction_id: id };
  });

export const donationListItemSchema = z.object({
  id: z.number(),
  amount: z.number(),
  purpose: z.string(),
  transaction_status: z.string(),
  transaction_id: z.string().nullable(),
  receipt_number: z.string().nullable(),
  receipt_url: z.string().nullable(),
  created_at: z.string(),
});
export type DonationListItem = z.infer<typeof donationListItemSchema>;
