import { DEFAULT_PROJECT_CATEGORY, PROJECT_CATEGORIES, PROJECT_STATUSES } from '../constants';
import { freeText, parseFcfa } from '../text-rules';
import { z } from '../zod-fr';
import { normalizeTelephone } from './auth';
import { EMAIL_MESSAGE, emailField } from './public-form-fields';
import { FILE_RULES, fileField } from './upload-rules';
import { PROJECT_MESSAGES } from '../zod-free/project';

export { PROJECT_MESSAGES };

// Social project submission "Soumettre un Projet Social" (docs/product/validation.md Project, docs/product/http-api.md POST /projects multipart).

export const projectFieldsSchema = z.object({
  project_name: freeText({
    requiredMessage: PROJECT_MESSAGES.nameRequired,
    min: 4,
    minMessage: PROJECT_MESSAGES.name,
    max: 150,
    charsMessage: PROJECT_MESSAGES.nameChars,
  }),
  description: freeText({
    requiredMessage: PROJECT_MESSAGES.descriptionRequired,
    min: 30,
    minMessage: PROJECT_MESSAGES.description,
    max: 5000,
    charsMessage: PROJECT_MESSAGES.descriptionChars,
    multiline: true,
  }),
  // An amount in FCFA as people type it ("15 000", "15.000"), given back as digits (docs/product/validation.md).
  goal_amount: z
    .string({ error: PROJECT_MESSAGES.goalRequired })
    .trim()
    .min(1, { error: PROJECT_MESSAGES.goalRequired, abort: true })
    .transform((v, ctx) => {
      const amount = parseFcfa(v);
      if (typeof amount !== 'number' || amount <= 0 || String(amount).length < 4) {
        ctx.addIssue({ code: 'custom', message: PROJECT_MESSAGES.goal });
        return z.NEVER;
      }
      return String(amount);
    })
    // Amounts are stored as integer FCFA (32-bit on PostgreSQL).
    .refine((v) => v.length <= 9, PROJECT_MESSAGES.goalMax),
  category: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : DEFAULT_PROJECT_CATEGORY))
    .pipe(z.enum(PROJECT_CATEGORIES, { error: PROJECT_MESSAGES.category })),
  contact_email: z
    .string({ error: PROJECT_MESSAGES.emailRequired })
    .trim()
    .min(1, { error: PROJECT_MESSAGES.emailRequired, abort: true })
    .pipe(emailField(EMAIL_MESSAGE)),
  /** Optional: the applicant then also gets the answer to the project by SMS. Blank is none. */
  telephone: z
    .string()
    .optional()
    .transform((v) => normalizeTelephone(String(v ?? '').trim()))
    .refine((v) => v === '' || /^\+?\d{8,15}$/.test(v), PROJECT_MESSAGES.telephone)
    .transform((v) => (v === '' ? undefined : v)),
});
export type ProjectFields = z.output<typeof projectFieldsSchema>;

export const PROJECT_FILES = { project_file: FILE_RULES.project_file } as const;

/** The browser form: the fields plus the optional PDF. */
export const projectFormSchema = projectFieldsSchema.extend({
  project_file: fileField(FILE_RULES.project_file, { required: false }),
});
export type ProjectFormInput = z.input<typeof projectFormSchema>;

export const PROJECT_STATUS_MESSAGES = {
  status: 'Veuillez choisir un statut valide.',
  messageTooLong: 'La réponse doit contenir au plus 1 000 caractères.',
  updated: 'Statut du projet mis à jour.',
  updatedAndSent: 'Statut du projet mis à jour ; la réponse est partie vers le porteur du projet.',
  notFound: "Ce projet n'existe pas.",
} as const;

/** PATCH /api/projects/{id} (administrateur). */
export const projectStatusUpdateSchema = z.object({
  status: z.enum(PROJECT_STATUSES, { error: PROJECT_STATUS_MESSAGES.status }),
  message: z
    .string()
    .trim()
    .max(1000, PROJECT_STATUS_MESSAGES.messageTooLong)
    .optional()
    .transform((v) => (v ? v : null)),
});
export type ProjectStatusUpdate = z.input<typeof projectStatusUpdateSchema>;
