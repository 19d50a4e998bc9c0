import { VOLUNTEER_DOMAINS } from '../constants';
import { freeText, personName, TEXT_MESSAGES } from '../text-rules';
import { z } from '../zod-fr';
import { emailField } from './public-form-fields';
import { FILE_RULES, fileField, firstFile, UPLOAD_MESSAGES } from './upload-rules';

// Volunteer registration "Devenir Bénévole" (spec §5 Volunteer, §7 POST /volunteers multipart).
export const VOLUNTEER_MESSAGES = {
  /** The form's summary when something is missing (spec §5); each field also says what it lacks. */
  required: UPLOAD_MESSAGES.requiredAll,
  nameRequired: 'Veuillez indiquer votre nom.',
  name: 'Le nom doit comporter au moins 3 lettres ou chiffres, sans caractères spéciaux.',
  nameChars: TEXT_MESSAGES.nameChars,
  emailRequired: 'Veuillez indiquer votre adresse email.',
  domainRequired: 'Veuillez choisir un domaine.',
  domain: 'Veuillez choisir un domaine valide.',
  restrictionProof: UPLOAD_MESSAGES.restrictionProofRequired,
  emailTaken: 'Cet email est déjà utilisé.',
  success: 'Merci pour votre inscription !',
  failure: "Erreur lors de l'inscription.",
  confirmed: 'Volontaire confirmé avec succès !',
} as const;

const REQUIRED = VOLUNTEER_MESSAGES.required;
const M = VOLUNTEER_MESSAGES;

export const volunteerFieldsSchema = z.object({
  name: personName({ requiredMessage: M.nameRequired, minLetters: 3, minMessage: M.name, max: 100, charsMessage: M.nameChars }),
  email: z.string({ error: M.emailRequired }).trim().min(1, { error: M.emailRequired, abort: true }).pipe(emailField()),
  domain: z
    .string({ error: M.domainRequired })
    .trim()
    .min(1, { error: M.domainRequired, abort: true })
    .pipe(z.enum(VOLUNTEER_DOMAINS, { error: VOLUNTEER_MESSAGES.domain })),
  // "1" when the restriction box is ticked, "0" otherwise (spec §3).
  under_restriction: z
    .enum(['1', '0', 'true', 'false', 'on'], { error: REQUIRED })
    .optional()
    .transform((v) => (v === '1' || v === 'true' || v === 'on' ? ('1' as const) : ('0' as const))),
});
export type VolunteerFields = z.output<typeof volunteerFieldsSchema>;

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
    domain: volunteerFieldsSchema.shape.domain,
    under_restriction: z.boolean(),
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
