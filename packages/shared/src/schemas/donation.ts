import { DEFAULT_DONATION_PURPOSE, DONATION_PURPOSES, LEGACY_DEFAULT_DONATION_PURPOSE, TRANSACTION_STATUSES } from '../constants';
import { moneyOriginFields } from './money-origin';
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

const donationAmount = () => fcfaAmount({ positive: DONATION_MESSAGES.amount, whole: PAYMENT_MESSAGES.amountWhole, minDigits: 3 });

/** One of DONATION_PURPOSES; the spec's default "Medical Treatment" (§9) is read as DEFAULT_DONATION_PURPOSE. */
const donationPurpose = () =>
  z
    .union([z.enum(DONATION_PURPOSES), z.literal(LEGACY_DEFAULT_DONATION_PURPOSE)], { error: DONATION_MESSAGES.purposeInvalid })
    .transform((v) => (v === LEGACY_DEFAULT_DONATION_PURPOSE ? DEFAULT_DONATION_PURPOSE : v));

/** The donation form and POST /api/donation/initiate. */
export const donationInitiateSchema = z.object({
  amount: donationAmount(),
  purpose: donationPurpose().default(DEFAULT_DONATION_PURPOSE),
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

const recordTransactionId = (body: { 'transaction-id'?: string | number; transaction_id?: string | number } | null | undefined) => {
  const raw = body?.['transaction-id'] ?? body?.transaction_id;
  return raw === undefined ? '' : String(raw).trim();
};

/**
 * POST /api/donation (spec §7: amount, purpose, transaction-status, transaction-id). Both the spec's
 * hyphenated names and underscored ones are accepted. The amount and purpose are checked with the
 * form's rules (spec §5, same messages), but the server stores only what the provider says.
 */
export const donationRecordSchema = z
  .object({
    amount: donationAmount(),
    purpose: donationPurpose().optional(),
    'transaction-status': z.enum(TRANSACTION_STATUSES, { error: PAYMENT_MESSAGES.statusInvalid }).optional(),
    'transaction-id': z.union([z.string(), z.number()]).optional(),
    transaction_status: z.enum(TRANSACTION_STATUSES, { error: PAYMENT_MESSAGES.statusInvalid }).optional(),
    transaction_id: z.union([z.string(), z.number()]).optional(),
  })
  // `when`: reported together with the other field errors, not only once they are fixed.
  .refine(
    (body) => {
      const id = recordTransactionId(body);
      return id.length > 0 && id.length <= 100;
    },
    {
      path: ['transaction-id'],
      message: PAYMENT_MESSAGES.transactionRequired,
      when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
    },
  )
  .transform((body) => ({ purpose: body.purpose, transaction_id: recordTransactionId(body) }));

export const donationListItemSchema = z.object({
  id: z.number(),
  amount: z.number(),
  purpose: z.string(),
  transaction_status: z.string(),
  transaction_id: z.string().nullable(),
  receipt_number: z.string().nullable(),
  receipt_url: z.string().nullable(),
  created_at: z.string(),
  ...moneyOriginFields,
});
export type DonationListItem = z.infer<typeof donationListItemSchema>;
