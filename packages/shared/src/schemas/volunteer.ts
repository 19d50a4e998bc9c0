import { VOLUNTEER_DOMAINS } from '../constants';
import { formatCotonouShort } from '../format';
import { freeText, personName } from '../text-rules';
import { z } from '../zod-fr';
import { normalizeTelephone } from './auth';
import { emailField } from './public-form-fields';
import { messageChannelField } from './message-channel';
import { FILE_RULES, fileField, firstFile } from './upload-rules';
import { VOLUNTEER_MESSAGES } from '../zod-free/volunteer';

export { VOLUNTEER_MESSAGES };

// Volunteer registration "Devenir Bénévole" (docs/product/validation.md Volunteer, docs/product/http-api.md POST /volunteers multipart).

const REQUIRED = VOLUNTEER_MESSAGES.required;
const M = VOLUNTEER_MESSAGES;

export const volunteerFieldsSchema = z.object({
  name: personName({ requiredMessage: M.nameRequired, minLetters: 3, minMessage: M.name, max: 100, charsMessage: M.nameChars }),
  // Optional: blank is none ('').
  email: z
    .string({ error: M.emailInvalid })
    .trim()
    .nullish()
    .transform((v) => v ?? '')
    .pipe(z.union([z.literal(''), emailField()])),
  // Required by the form; the API also accepts an application that gave only an e-mail (earlier clients).
  telephone: z
    .union([z.string(), z.number(), z.null()], { error: M.telephoneInvalid })
    .optional()
    .transform((v) => normalizeTelephone(String(v ?? '').trim()))
    .pipe(z.union([z.literal(''), z.string().regex(/^\+?\d{8,15}$/, M.telephoneInvalid)])),
  domain: z
    .string({ error: M.domainRequired })
    .trim()
    .min(1, { error: M.domainRequired, abort: true })
    .pipe(z.enum(VOLUNTEER_DOMAINS, { error: VOLUNTEER_MESSAGES.domain })),
  // "1" when the restriction box is ticked, "0" otherwise (docs/product/data.md).
  under_restriction: z
    .enum(['1', '0', 'true', 'false', 'on'], { error: REQUIRED })
    .optional()
    .transform((v) => (v === '1' || v === 'true' || v === 'on' ? ('1' as const) : ('0' as const))),
  // "1" when the volunteer chose to show their photo and name on the public site; unticked (absent) is no.
  public_profile: z
    .enum(['1', '0', 'true', 'false', 'on'], { error: REQUIRED })
    .optional()
    .transform((v) => (v === '1' || v === 'true' || v === 'on' ? ('1' as const) : ('0' as const))),
  /** SMS or WhatsApp for this person's messages, recorded as the WhatsApp consent (docs/product/personal-data.md). */
  channel: messageChannelField(),
});
export type VolunteerFields = z.output<typeof volunteerFieldsSchema>;

/** The API's rule: a volunteer must be reachable, by telephone (the form requires it) or at least by e-mail. */
export const volunteerContactSchema = volunteerFieldsSchema.refine((v) => v.telephone !== '' || v.email !== '', {
  path: ['telephone'],
  message: VOLUNTEER_MESSAGES.telephoneRequired,
});

/** Files of the form; restriction_proof becomes required when under_restriction is "1". */
export const VOLUNTEER_FILES = {
  profile_image: FILE_RULES.profile_image,
  cv: FILE_RULES.cv,
  motivation_letter: FILE_RULES.motivation_letter,
  criminal_record: FILE_RULES.criminal_record,
  restriction_proof: FILE_RULES.restriction_proof,
} as const;
export type VolunteerFileField = keyof typeof VOLUNTEER_FILES;
export const VOLUNTEER_REQUIRED_FILES: readonly VolunteerFileField[] = ['profile_image', 'cv', 'motivation_letter', 'criminal_record'];

/** The browser form: text fields, a checkbox for the restriction and the file inputs. */
export const volunteerFormSchema = z
  .object({
    name: volunteerFieldsSchema.shape.name,
    email: volunteerFieldsSchema.shape.email,
    telephone: z
      .string({ error: M.telephoneRequired })
      .trim()
      .min(1, { error: M.telephoneRequired, abort: true })
      .transform(normalizeTelephone)
      .pipe(z.string().regex(/^\+?\d{8,15}$/, M.telephoneInvalid)),
    domain: volunteerFieldsSchema.shape.domain,
    under_restriction: z.boolean(),
    public_profile: z.boolean(),
    channel: messageChannelField(),
    profile_image: fileField(FILE_RULES.profile_image, { required: true }),
    cv: fileField(FILE_RULES.cv, { required: true }),
    motivation_letter: fileField(FILE_RULES.motivation_letter, { required: true }),
    criminal_record: fileField(FILE_RULES.criminal_record, { required: true }),
    restriction_proof: fileField(FILE_RULES.restriction_proof, { required: false }),
  })
  // Checked even while other fields are still wrong, so the person sees every problem at once.
  .refine((v) => !v?.under_restriction || firstFile(v.restriction_proof) !== undefined, {
    path: ['restriction_proof'],
    message: VOLUNTEER_MESSAGES.restrictionProof,
    when: () => true,
  });
export type VolunteerFormInput = z.input<typeof volunteerFormSchema>;

/** PUT /api/volunteers/{id}/refuse: the administrator refuses an application with a reason the volunteer is told. */
export const VOLUNTEER_REFUSAL_MESSAGES = {
  reasonRequired: 'Indiquez la raison du refus : elle sera transmise au candidat.',
  reasonShort: 'La raison doit comporter au moins 5 caractères.',
  reasonLong: 'La raison doit comporter au plus 500 caractères.',
  reasonChars: 'La raison contient des caractères invisibles ou de contrôle non autorisés.',
  refused: 'Candidature refusée. Le candidat en est informé par e-mail.',
  alreadyDecided: 'Cette candidature a déjà été traitée.',
} as const;

export const volunteerRefusalSchema = z.object({
  reason: freeText({
    requiredMessage: VOLUNTEER_REFUSAL_MESSAGES.reasonRequired,
    min: 5,
    minMessage: VOLUNTEER_REFUSAL_MESSAGES.reasonShort,
    max: 500,
    maxMessage: VOLUNTEER_REFUSAL_MESSAGES.reasonLong,
    charsMessage: VOLUNTEER_REFUSAL_MESSAGES.reasonChars,
    multiline: true,
  }),
});
export type VolunteerRefusalInput = z.input<typeof volunteerRefusalSchema>;

/** What is kept of a volunteer's document once the retention job deleted it (docs/product/personal-data.md). */
export const documentCheckSchema = z.object({
  /** criminal_record | restriction_proof */
  document: z.string(),
  /** confirme | refuse */
  decision: z.string(),
  decided_at: z.string(),
  /** The deciding administrator's name, when known. */
  decided_by: z.string().nullable(),
  removed_at: z.string(),
});
export type DocumentCheck = z.infer<typeof documentCheckSchema>;

const DOCUMENT_WORDS: Record<string, string> = { criminal_record: 'Casier judiciaire', restriction_proof: 'Justificatif de restriction' };

/** « 25/11/2026 », the day in Cotonou. */
const cotonouDay = (iso: string) => formatCotonouShort(iso).slice(0, 10);

/** « Casier judiciaire vérifié le 25/11/2026 par Adjoa Administratrice, supprimé le 26/12/2026. » */
export function documentCheckWords(check: DocumentCheck): string {
  const by = check.decided_by ? ` par ${check.decided_by}` : '';
  return `${DOCUMENT_WORDS[check.document] ?? check.document} vérifié le ${cotonouDay(check.decided_at)}${by}, supprimé le ${cotonouDay(check.removed_at)}.`;
}

/** GET /api/volunteers/decided?status=: a volunteer an administrator confirmed or refused. */
export const VOLUNTEER_DECISIONS = ['confirme', 'refuse'] as const;
export type VolunteerDecision = (typeof VOLUNTEER_DECISIONS)[number];
export const decidedVolunteersQuerySchema = z.object({
  status: z.enum(VOLUNTEER_DECISIONS, { error: 'Choisissez « confirme » ou « refuse ».' }).default('confirme'),
});
export const decidedVolunteerSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  telephone: z.string().nullable(),
  domain: z.string(),
  status: z.enum(VOLUNTEER_DECISIONS),
  refused_at: z.string().nullable(),
  refusal_reason: z.string().nullable(),
  /** The stored file's name, '' once the retention job deleted it (then `checks` says who checked it, and when). */
  criminal_record: z.string(),
  checks: z.array(documentCheckSchema),
  created_at: z.string(),
});
export type DecidedVolunteer = z.infer<typeof decidedVolunteerSchema>;
