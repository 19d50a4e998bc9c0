import { E164_PATTERN, normalizeTelephone } from '../phone';
import { DEFAULT_PAYMENT_TYPE, PAYMENT_TYPES, TRANSACTION_STATUSES } from '../constants';
import { parseFcfa, personName } from '../text-rules';
import { moneyRecordListFields, payerListFields } from './money-origin';
import { z } from '../zod-fr';
import { paymentMode } from './payment-mode';
import { messageChannelField } from './message-channel';
import { PAYMENT_MESSAGES } from '../zod-free/payment';

export { PAYMENT_MESSAGES };

// Membership fee payments (docs/product/payments.md "Paying a fee", docs/product/validation.md Payment, docs/product/http-api.md POST /payment and /api/payment/initiate).

/** Largest amount accepted in one payment or donation (FCFA): far above any fee, far below 2^53. */
export const MAX_PAYMENT_AMOUNT = 100_000_000;

/**
 * A whole, positive number of FCFA, from a number or a string of digits (form inputs give strings).
 * `minDigits` implements the donation rule "at least 3 characters".
 */
export function fcfaAmount(messages: { positive: string; whole?: string; minDigits?: number; minDigitsMessage?: string }) {
  return z.union([z.number(), z.string()], { error: messages.positive }).transform((value, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    const amount = parseFcfa(value);
    if (amount === 'not-whole') return fail(messages.whole ?? PAYMENT_MESSAGES.amountWhole);
    if (amount === null || amount <= 0) return fail(messages.positive);
    if (messages.minDigits && String(amount).length < messages.minDigits) return fail(messages.minDigitsMessage ?? messages.positive);
    if (amount > MAX_PAYMENT_AMOUNT) return fail(PAYMENT_MESSAGES.amountTooLarge);
    return amount;
  });
}

const paymentType = z.enum(PAYMENT_TYPES, { error: PAYMENT_MESSAGES.typeInvalid });

/** The payment form and POST /api/payment/initiate. */
const payerName = () =>
  personName({
    requiredMessage: PAYMENT_MESSAGES.nameRequired,
    minLetters: 1,
    minMessage: PAYMENT_MESSAGES.nameRequired,
    max: 100,
    maxMessage: 'Le nom doit comporter au plus 100 caractères.',
  });
const payerPhone = () =>
  z
    .union([z.string(), z.number()], { error: PAYMENT_MESSAGES.phoneTooShort })
    .transform((v) => normalizeTelephone(String(v).trim()))
    .pipe(
      z
        .string()
        .min(8, { error: PAYMENT_MESSAGES.phoneTooShort, abort: true })
        .max(20, { error: 'Le numéro de téléphone doit comporter au plus 20 caractères.', abort: true })
        .regex(E164_PATTERN, PAYMENT_MESSAGES.phoneInvalid),
    );
/** An optional e-mail: blank is none; kept lower-case. */
export const optionalEmail = () =>
  z
    .string({ error: PAYMENT_MESSAGES.emailInvalid })
    .trim()
    .max(150, PAYMENT_MESSAGES.emailInvalid)
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : undefined))
    .pipe(z.email(PAYMENT_MESSAGES.emailInvalid).optional());
const paymentAmount = () => fcfaAmount({ positive: PAYMENT_MESSAGES.amountPositive });

export const paymentInitiateSchema = z
  .object({
    name: payerName(),
    // Optional (docs/product/validation.md "Payment"): many payers have only a telephone, where the receipt goes by SMS.
    email: optionalEmail(),
    phone: payerPhone().optional(),
    telephone: payerPhone().optional(),
    amount: paymentAmount(),
    payment_type: paymentType.default(DEFAULT_PAYMENT_TYPE),
    /** « push »: approved on the payer's telephone, no web page (docs/giving-by-phone.md). */
    mode: paymentMode,
    /** SMS or WhatsApp for this person's messages, recorded as the WhatsApp consent (docs/product/personal-data.md). */
    channel: messageChannelField(),
  })
  .superRefine((value, ctx) => {
    if (!value.phone && !value.telephone) ctx.addIssue({ code: 'custom', path: ['phone'], message: PAYMENT_MESSAGES.phoneTooShort });
  })
  .transform(({ telephone, phone, ...rest }) => ({ ...rest, phone: (telephone ?? phone) as string }));
export type PaymentInitiateInput = z.input<typeof paymentInitiateSchema>;
export type PaymentInitiate = z.output<typeof paymentInitiateSchema>;

const transactionStatus = z.enum(TRANSACTION_STATUSES, { error: PAYMENT_MESSAGES.statusInvalid });
const transactionId = z
  .union([z.string(), z.number()], { error: PAYMENT_MESSAGES.transactionRequired })
  .transform((v) => String(v).trim())
  .pipe(z.string().min(1, PAYMENT_MESSAGES.transactionRequired).max(100, PAYMENT_MESSAGES.transactionUnknown));

/**
 * POST /api/payment (docs/product/http-api.md). Name, phone and amount are checked with the form's rules (docs/product/validation.md, same
 * messages), but the status and amount in the body are only what the browser believes: the server asks
 * the provider and stores what it says.
 */
export const paymentRecordSchema = z.object({
  name: payerName(),
  phone: payerPhone(),
  amount: paymentAmount(),
  payment_type: paymentType.optional(),
  transaction_status: transactionStatus.optional(),
  transaction_id: transactionId,
});

export const initiateResponseSchema = z.object({ url: z.string() });
/** 202 of a payment requested on the payer's telephone (`mode: "push"`). */
export const pushResponseSchema = z.object({ id: z.string(), status: z.enum(['en_attente', 'approuve', 'refuse', 'expire']) });
export type PushResponse = z.infer<typeof pushResponseSchema>;
export type InitiateResponse = z.infer<typeof initiateResponseSchema>;

export const paymentListItemSchema = z.object({
  id: z.number(),
  amount: z.number(),
  ...payerListFields,
  payment_type: z.string(),
  ...moneyRecordListFields,
});
export type PaymentListItem = z.infer<typeof paymentListItemSchema>;
