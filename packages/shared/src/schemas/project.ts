import { DEFAULT_PROJECT_CATEGORY, PROJECT_CATEGORIES } from '../constants';
import { z } from '../zod-fr';
import { EMAIL_MESSAGE, emailField, requiredText } from './public-form-fields';
import { FILE_RULES, fileField } from './upload-rules';

// Social project submission "Soumettre un Projet Social" (spec §5 Project, §7 POST /projects multipart).
export const PROJECT_MESSAGES = {
  nameRequired: 'Le nom du projet est requis.',
  name: 'Le nom du projet doit comporter au moins 4 caractères (lettres, chiffres et espaces uniquement).',
  descriptionRequired: 'La description est requise.',
  description: 'La description doit comporter au moins 30 caractères.',
  goalRequired: "L'objectif de financement est requis.",
  goal: "L'objectif de financement doit contenir uniquement des chiffres (au moins 4 chiffres).",
  goalMax: "L'objectif de financement ne doit pas dépasser 9 chiffres.",
  emailRequired: "L'email de contact est requis.",
  category: 'Veuillez choisir une catégorie valide.',
  fileSize: FILE_RULES.project_file.sizeMessage,
  success: 'Merci ! Votre projet a été soumis avec succès !',
  failure: 'Une erreur est survenue, veuillez réessayer.',
} as const;

export const projectFieldsSchema = z.object({
  project_name: requiredText(PROJECT_MESSAGES.nameRequired, 150).regex(/^[\p{L}\p{M}\p{N} ]{4,}$/u, PROJECT_MESSAGES.name),
  description: requiredText(PROJECT_MESSAGES.descriptionRequired, 5000).min(30, PROJECT_MESSAGES.description),
  goal_amount: z
    .string({ error: PROJECT_MESSAGES.goalRequired })
    .trim()
    .min(1, { error: PROJECT_MESSAGES.goalRequired, abort: true })
    .regex(/^\d{4,}$/, { error: PROJECT_MESSAGES.goal, abort: true })
    .refine((v) => Number(v) > 0, { error: PROJECT_MESSAGES.goal, abort: true })
    // Amounts are stored as integer FCFA (32-bit on PostgreSQL).
    .refine((v) => v.replace(/^0+/, '').length <= 9, PROJECT_MESSAGES.goalMax),
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
});
export type ProjectFields = z.output<typeof projectFieldsSchema>;

export const PROJECT_FILES = { project_file: FILE_RULES.project_file } as const;

/** The browser form: the fields plus the optional PDF. */
export const projectFormSchema = projectFieldsSchema.extend({
  project_file: fileField(FILE_RULES.project_file, { required: false }),
});
export type ProjectFormInput = z.input<typeof projectFormSchema>;
