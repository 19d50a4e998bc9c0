import { DEFAULT_DONATION_PURPOSE, DONATION_PURPOSES, LEGACY_DEFAULT_DONATION_PURPOSE, TRANSACTION_STATUSES } from '../constants';
import { optionalPersonName } from '../text-rules';
import { moneyRecordListFields, payerListFields } from './money-origin';
import { z } from '../zod-fr';
import { E164_PATTERN, normalizeTelephone } from '../phone';
import { fcfaAmount, optionalEmail, PAYMENT_MESSAGES } from './payment';
import { idParam } from './id-param';
import { messageChannelField } from './message-channel';
import { paymentMode, requirePushTelephone } from './payment-mode';
import { DONATION_MESSAGES } from '../zod-free/donation';

export { DONATION_MESSAGES };

// Donations (docs/product/donors.md "The donation form", docs/product/validation.md Donation, docs/product/http-api.md POST /donation).

export const donationAmount = () => fcfaAmount({ positive: DONATION_MESSAGES.amount, whole: PAYMENT_MESSAGES.amountWhole, minDigits: 3 });

/** One of DONATION_PURPOSES; the spec's default "Medical Treatment" (§9) is read as DEFAULT_DONATION_PURPOSE. */
export const donationPurpose = () =>
  z
    .union([z.enum(DONATION_PURPOSES), z.literal(LEGACY_DEFAULT_DONATION_PURPOSE)], { error: DONATION_MESSAGES.purposeInvalid })
    .transform((v) => (v === LEGACY_DEFAULT_DONATION_PURPOSE ? DEFAULT_DONATION_PURPOSE : v));

/** An optional telephone: blank is none; digit-group separators are ignored. */
const optionalTelephone = () =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => normalizeTelephone(String(v ?? '').trim()))
    .refine((v) => v === '' || E164_PATTERN.test(v), DONATION_MESSAGES.telephoneInvalid)
    .transform((v) => (v === '' ? undefined : v));

/**
 * The donation form and POST /api/donation/initiate. The donor may leave a name, a telephone and an
 * e-mail (docs/product/donors.md): the receipt carries the name, the receipt link goes to the telephone
 * and e-mail once the provider approves. `phone` is the earlier name of `telephone` and still accepted.
 */
export const donationInitiateSchema = z
  .object({
    amount: donationAmount(),
    purpose: donationPurpose().default(DEFAULT_DONATION_PURPOSE),
    name: optionalPersonName({
      minLetters: 2,
      minMessage: DONATION_MESSAGES.nameTooShort,
      max: 100,
      maxMessage: DONATION_MESSAGES.nameTooLong,
    }),
    email: optionalEmail(),
    telephone: optionalTelephone(),
    phone: optionalTelephone(),
    /** « push »: the provider asks the payer to approve on the telephone itself, no web page (docs/giving-by-phone.md). */
    mode: paymentMode,
    /** SMS or WhatsApp for this person's messages, recorded as the WhatsApp consent (docs/product/personal-data.md). */
    channel: messageChannelField(),
  })
  .superRefine(requirePushTelephone)
  .transform(({ telephone, phone, ...rest }) => ({ ...rest, phone: telephone ?? phone }));
export type DonationInitiateInput = z.input<typeof donationInitiateSchema>;
export type DonationInitiate = z.output<typeof donationInitiateSchema>;

const recordTransactionId = (body: { 'transaction-id'?: string | number; transaction_id?: string | number } | null | undefined) => {
  const raw = body?.['transaction-id'] ?? body?.transaction_id;
  return raw === undefined ? '' : String(raw).trim();
};

/**
 * POST /api/donation (docs/product/http-api.md: amount, purpose, transaction-status, transaction-id). Both the spec's
 * hyphenated names and underscored ones are accepted. The amount and purpose are checked with the
 * form's rules (docs/product/validation.md, same messages), but the server stores only what the provider says.
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
  /** The donor's name, telephone and e-mail when given (docs/product/donors.md); null for an anonymous gift. */
  ...payerListFields,
  ...moneyRecordListFields,
});
export type DonationListItem = z.infer<typeof donationListItemSchema>;

/** GET /api/profile/money: the payments and donations the account made while logged in, newest first, with receipts. */
export const ownMoneyItemSchema = z.object({
  kind: z.enum(['payment', 'donation']),
  id: z.number(),
  amount: z.number(),
  /** The payment type (adhesion, cotisation) or the donation purpose. */
  label: z.string(),
  transaction_status: z.string(),
  receipt_number: z.string().nullable(),
  receipt_url: z.string().nullable(),
  created_at: z.string(),
});
export const ownMoneySchema = z.array(ownMoneyItemSchema);
export type OwnMoneyItem = z.infer<typeof ownMoneyItemSchema>;

/**
 * POST /api/profile/money/{kind}/{id}/check: the member space's « Vérifier le paiement » for one of the account's
 * pending records (docs/product/payments.md "A pending payment"). The server asks the provider and answers the record.
 */
export const ownMoneyCheckParamsSchema = z.object({ kind: z.enum(['payment', 'donation']), id: idParam });
export const OWN_MONEY_MESSAGES = {
  notFound: 'Paiement introuvable.',
} as const;
