import { z } from '../zod-fr';

// The organisation's own facts (docs/product/places.md): set once by an administrator,
// they replace the specification's placeholders in the footer, contact and about pages, receipts and the privacy
// notice. An unset fact is null: the footer keeps its placeholder, receipts and the notice leave it out.

export const ORGANISATION_MESSAGES = {
  textTooLong: 'Ce champ doit contenir au plus 200 caractères.',
  telephoneInvalid: 'Le numéro de téléphone doit comporter entre 8 et 20 caractères (chiffres, espaces, +).',
  emailInvalid: 'Veuillez entrer une adresse email valide.',
  urlInvalid: 'Le lien doit commencer par https://.',
  signatureInvalid: 'Image de signature inconnue : envoyez-la de nouveau.',
  signatureSaved: 'Signature enregistrée.',
  signatureRemoved: 'Signature retirée\u00a0: les reçus n’en affichent plus.',
  incomplete: "Complétez les coordonnées de l'association (adresse, numéro d'enregistrement, téléphone, réseaux sociaux, fondateur).",
} as const;

const SOCIAL_NETWORKS = ['facebook', 'twitter', 'instagram', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** An optional text: blank becomes null (unset). */
const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, ORGANISATION_MESSAGES.textTooLong)
    .nullish()
    .transform((v) => (v ? v : null));

const optionalTelephone = () =>
  optionalText(40).pipe(
    z
      .string()
      .regex(/^\+?[\d ]{8,20}$/, ORGANISATION_MESSAGES.telephoneInvalid)
      .nullable(),
  );
const optionalEmail = () => optionalText(150).pipe(z.email(ORGANISATION_MESSAGES.emailInvalid).nullable());
const optionalUrl = () =>
  optionalText(300).pipe(
    z
      .string()
      .regex(/^https:\/\/[^\s"'<>]+$/, ORGANISATION_MESSAGES.urlInvalid)
      .nullable(),
  );

/** PUT /api/admin/organisation: every fact, null or blank for one not set. */
export const organisationInputSchema = z.object({
  name: optionalText(),
  address: optionalText(),
  registration_number: optionalText(100),
  telephone: optionalTelephone(),
  email: optionalEmail(),
  social: z
    .object({ facebook: optionalUrl(), twitter: optionalUrl(), instagram: optionalUrl(), youtube: optionalUrl() })
    .partial()
    .nullish()
    .transform((s) => ({
      facebook: s?.facebook ?? null,
      twitter: s?.twitter ?? null,
      instagram: s?.instagram ?? null,
      youtube: s?.youtube ?? null,
    })),
  founder: optionalText(),
  /**
   * The signature's storage key (GET /api/admin/organisation's `signature_key`), null to remove it; absent keeps it
   * as it is (POST and DELETE /api/admin/organisation/signature change it).
   */
  receipt_signature_image: optionalText(200).optional(),
});
export type OrganisationInput = z.input<typeof organisationInputSchema>;
export type OrganisationFactsInput = z.output<typeof organisationInputSchema>;

/** GET /api/organisation: the facts, `receipt_signature_image` being the image's address when set. */
export const organisationSchema = z.object({
  name: z.string().nullable(),
  address: z.string().nullable(),
  registration_number: z.string().nullable(),
  telephone: z.string().nullable(),
  email: z.string().nullable(),
  social: z.object({
    facebook: z.string().nullable(),
    twitter: z.string().nullable(),
    instagram: z.string().nullable(),
    youtube: z.string().nullable(),
  }),
  founder: z.string().nullable(),
  receipt_signature_image: z.string().nullable(),
  /** Where to send SMS commands (ORG_SMS_NUMBER); null when unset: the site then says nothing of giving by SMS. */
  sms_number: z.string().nullable().optional(),
});
export type OrganisationFacts = z.infer<typeof organisationSchema>;

/** GET /api/admin/organisation: the facts and the signature's storage key (kept by a PUT). */
export const adminOrganisationSchema = organisationSchema.extend({ signature_key: z.string().nullable() });
export type AdminOrganisation = z.infer<typeof adminOrganisationSchema>;

export const EMPTY_ORGANISATION: OrganisationFacts = {
  name: null,
  address: null,
  registration_number: null,
  telephone: null,
  email: null,
  social: { facebook: null, twitter: null, instagram: null, youtube: null },
  founder: null,
  receipt_signature_image: null,
};

export const SOCIAL_NETWORK_LIST = SOCIAL_NETWORKS;
