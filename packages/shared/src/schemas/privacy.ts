import { CONSENT_PURPOSES, type ConsentPurpose } from '../consent-wordings';
import { z } from '../zod-fr';
import { EMAIL_PATTERN } from './public-form-fields';
import {
  APDP,
  PRIVACY_REQUEST_DAYS,
  PRIVACY_MESSAGES,
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_KIND_LABELS,
  type PrivacyRequestKind,
} from '../zod-free/privacy';

export { APDP, PRIVACY_REQUEST_DAYS, PRIVACY_MESSAGES, PRIVACY_REQUEST_KINDS, PRIVACY_REQUEST_KIND_LABELS, type PrivacyRequestKind };

// Personal data (docs/product/personal-data.md; Benin's Code du numérique, law 2017-20 amended by law 2020-35):
// the notice, consents, and the requests people make about their data.

// --- Notice ---

/** The dashboard warns this many days before a request's due date. */
export const PRIVACY_REQUEST_WARNING_DAYS = 7;

export const privacyNoticeSchema = z.object({
  controller: z.object({
    name: z.string(),
    address: z.string().nullable(),
    email: z.string().nullable(),
    telephone: z.string().nullable(),
    dpo: z.object({ name: z.string(), email: z.string().nullable() }).nullable(),
  }),
  categories: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      data: z.string(),
      purpose: z.string(),
      legal_basis: z.string(),
      recipients: z.string(),
      retention: z.string(),
    }),
  ),
  retention: z.object({
    criminal_record_days: z.number().int(),
    unconfirmed_months: z.number().int(),
    contact_months: z.number().int(),
    outbox_body_days: z.number().int(),
    money_years: z.number().int(),
  }),
  transfers: z.array(z.object({ service: z.string(), recipient: z.string(), destination: z.string(), data: z.string() })),
  consents: z.array(z.object({ purpose: z.string(), label: z.string() })),
  rights: z.array(z.string()),
  how_to_exercise: z.string(),
  request_days: z.number().int(),
  authority: z.object({ name: z.string(), address: z.string(), email: z.string(), website: z.string() }),
});
export type PrivacyNotice = z.infer<typeof privacyNoticeSchema>;

// --- Consents ---

// The purposes and their wordings live in a module without zod, so the public pages' forms (the home page's newsletter
// block) show them without loading the schema library; re-exported here as before.
export { CONSENT_PURPOSES, CONSENT_WORDINGS, type ConsentPurpose } from '../consent-wordings';

export const CONSENT_CHANNELS = ['web', 'lien', 'espace_membre', 'administration', 'legacy'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

const optionalTelephone = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v) => (v === undefined ? '' : String(v).trim()))
  .pipe(z.string().max(30, PRIVACY_MESSAGES.telephoneInvalid))
  .transform((v) => (v === '' ? undefined : v));
const optionalEmail = z
  .string()
  .optional()
  .transform((v) => (v ?? '').trim().toLowerCase())
  .refine((v) => v === '' || (v.length <= 254 && EMAIL_PATTERN.test(v)), PRIVACY_MESSAGES.emailInvalid)
  .transform((v) => (v === '' ? undefined : v));
const code = z
  .union([z.string(), z.number()], { error: PRIVACY_MESSAGES.codeRequired })
  .transform((v) => String(v).replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: PRIVACY_MESSAGES.codeRequired, abort: true })
      .regex(/^\d{6}$/, PRIVACY_MESSAGES.codeFormat),
  );

/** The `consents` object a form collecting an optional processing sends: an explicit choice per purpose. */
export const formConsentsSchema = z
  .object(
    Object.fromEntries(CONSENT_PURPOSES.map((p) => [p, z.boolean().optional()])) as Record<ConsentPurpose, z.ZodOptional<z.ZodBoolean>>,
  )
  .strict()
  .optional();
export type FormConsents = z.infer<typeof formConsentsSchema>;

export const consentInputSchema = z.object({
  purpose: z.enum(CONSENT_PURPOSES, { error: PRIVACY_MESSAGES.purposeInvalid }),
  given: z.boolean({ error: PRIVACY_MESSAGES.givenRequired }),
  telephone: optionalTelephone,
  email: optionalEmail,
  /** The token of a message's withdraw link: proves the address without a code. */
  token: z.string().max(200).optional(),
  /** The code that proves the address (the telephone when given, else the e-mail) outside a message's link. */
  code: code.optional(),
});
export type ConsentInput = z.input<typeof consentInputSchema>;

export const consentRowSchema = z.object({
  id: z.number(),
  purpose: z.enum(CONSENT_PURPOSES),
  given: z.boolean(),
  wording_version: z.string(),
  channel: z.string(),
  source: z.string(),
  telephone: z.string().nullable(),
  email: z.string().nullable(),
  user_id: z.number().nullable(),
  subject: z.string().nullable(),
  created_at: z.string(),
});
export type ConsentRow = z.infer<typeof consentRowSchema>;

/** A person's current choice per purpose (the member space). */
export const myConsentsSchema = z.array(
  z.object({ purpose: z.enum(CONSENT_PURPOSES), label: z.string(), text: z.string(), given: z.boolean(), since: z.string().nullable() }),
);
export type MyConsents = z.infer<typeof myConsentsSchema>;

export const myConsentInputSchema = z.object({
  purpose: z.enum(CONSENT_PURPOSES, { error: PRIVACY_MESSAGES.purposeInvalid }),
  given: z.boolean({ error: PRIVACY_MESSAGES.givenRequired }),
});

export const consentLookupSchema = z.object({ telephone: optionalTelephone, email: optionalEmail });

// --- Requests ---

export const PRIVACY_REQUEST_STATUSES = ['en_attente_code', 'a_traiter', 'traitee', 'refusee'] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];
export const PRIVACY_REQUEST_STATUS_LABELS: Record<PrivacyRequestStatus, string> = {
  en_attente_code: 'Code non saisi',
  a_traiter: 'À traiter',
  traitee: 'Traitée',
  refusee: 'Refusée',
};

/**
 * A request is proved by the telephone it names (a code by SMS to it only); a person known by e-mail alone leaves the
 * telephone empty and proves the e-mail instead (the request then covers that e-mail's data only).
 */
export const privacyRequestInputSchema = z
  .object({
    kind: z.enum(PRIVACY_REQUEST_KINDS, { error: PRIVACY_MESSAGES.kindInvalid }),
    telephone: optionalTelephone,
    email: optionalEmail,
    details: z
      .string({ error: PRIVACY_MESSAGES.detailsRequired })
      .trim()
      .min(1, { error: PRIVACY_MESSAGES.detailsRequired, abort: true })
      .max(2000, PRIVACY_MESSAGES.detailsTooLong),
  })
  .superRefine((v, ctx) => {
    if (!v.telephone && !v.email) ctx.addIssue({ code: 'custom', path: ['telephone'], message: PRIVACY_MESSAGES.telephoneInvalid });
  });
export type PrivacyRequestInput = z.input<typeof privacyRequestInputSchema>;

export const privacyRequestCreatedSchema = z.object({ id: z.number(), message: z.string() });
export const privacyRequestVerifySchema = z.object({ code });

export const privacyRequestRowSchema = z.object({
  id: z.number(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  telephone: z.string().nullable(),
  email: z.string().nullable(),
  /** The name of the account the proved telephone names, when there is one (the erasure's confirmation shows it). */
  person_name: z.string().nullable(),
  details: z.string().nullable(),
  created_at: z.string(),
  verified_at: z.string().nullable(),
  due_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  closed_by: z.number().nullable(),
  outcome: z.string().nullable(),
});
export type PrivacyRequestRow = z.infer<typeof privacyRequestRowSchema>;

export const privacyRequestCloseSchema = z.object({
  outcome: z.string().trim().max(2000).optional(),
});

/** The password may be left out within 15 minutes of signing in by SMS code (the server decides: apps/api/src/modules/privacy/routes.ts). */
export const deleteProfileSchema = z.object({
  current_password: z
    .string()
    .max(200)
    .nullish()
    .transform((v) => (v ? v : undefined)),
});
