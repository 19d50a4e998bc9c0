import { ROLES } from '../constants';
import { hasForbiddenChars, personName, TEXT_MESSAGES } from '../text-rules';
import { z } from '../zod-fr';
import { E164_PATTERN, normalizeTelephone } from '../phone';

// Registration by a logged-in creator (docs/product/screens.md, docs/product/validation.md, docs/product/http-api.md POST /register; docs/product/roles.md).
// The same fields and messages serve the /inscription page, the dashboards' add-user modal and the API.

export const REGISTER_MESSAGES = {
  success: 'Inscription réussie !',
  validation: 'Erreur de validation des champs.',
  failure: "Une erreur s'est produite. Veuillez réessayer.",
  nameRequired: 'Le nom est requis.',
  nameTooShort: 'Le nom doit contenir au moins 2 caractères.',
  nameTooLong: 'Le nom doit contenir au plus 100 caractères.',
  emailRequired: "L'email est requis.",
  emailInvalid: 'Veuillez entrer une adresse email valide.',
  emailTaken: 'Cet email est déjà utilisé.',
  telephoneRequired: 'Le numéro de téléphone est requis.',
  telephoneInvalid: "Le numéro de téléphone doit contenir entre 8 et 15 chiffres, précédé d'un signe + si nécessaire.",
  telephoneTaken: 'Ce numéro de téléphone est déjà utilisé.',
  passwordRequired: 'Le mot de passe est requis.',
  passwordTooShort: 'Le mot de passe doit contenir au moins 8 caractères.',
  passwordTooLong: 'Le mot de passe doit contenir au plus 200 caractères.',
  roleInvalid: 'Veuillez choisir un rôle valide.',
  roleForbidden: "Vous n'êtes pas autorisé à créer un compte avec ce rôle.",
  zoneTooLong: 'La zone doit contenir au plus 120 caractères.',
} as const;

const M = REGISTER_MESSAGES;

/** A person's name (docs/product/validation.md "Text that people write"): "Jean-Baptiste N'Dri" passes, digits and control characters do not. */
export const nameField = personName({
  requiredMessage: M.nameRequired,
  minLetters: 2,
  minMessage: M.nameTooShort,
  max: 100,
  maxMessage: M.nameTooLong,
  charsMessage: TEXT_MESSAGES.nameChars,
});

/** Optional where a telephone identifies the person (docs/product/places.md): blank is ''. */
export const optionalEmailField = z
  .string({ error: M.emailInvalid })
  .trim()
  .max(191, M.emailInvalid)
  .pipe(z.union([z.literal(''), z.email(M.emailInvalid)]))
  .nullish()
  .transform((v) => (v ?? '').toLowerCase());

export const emailField = z
  .string({ error: M.emailRequired })
  .trim()
  .min(1, { error: M.emailRequired, abort: true })
  .max(191, M.emailInvalid)
  .pipe(z.email(M.emailInvalid))
  .transform((v) => v.toLowerCase());

export const telephoneField = z
  .union([z.string(), z.number()], { error: M.telephoneRequired })
  .transform((v) => normalizeTelephone(String(v).trim()))
  .pipe(z.string().min(1, { error: M.telephoneRequired, abort: true }).regex(E164_PATTERN, M.telephoneInvalid));

export const passwordField = z
  .string({ error: M.passwordRequired })
  .min(1, { error: M.passwordRequired, abort: true })
  .min(8, M.passwordTooShort)
  .max(200, M.passwordTooLong);

/** An optional zone chosen from the reference list (the API checks it is in the list): blank means none. */
export const zoneField = z
  .string()
  .trim()
  .max(120, M.zoneTooLong)
  .refine((v) => !hasForbiddenChars(v), TEXT_MESSAGES.forbiddenChars)
  .nullish()
  .transform((v) => (v ? v : null));

export const registerSchema = z.object({
  name: nameField,
  email: optionalEmailField,
  telephone: telephoneField,
  password: passwordField,
  role: z.enum(ROLES, { error: M.roleInvalid }),
  zone: zoneField,
  // Sent by the web app (docs/product/http-api.md) but never trusted: the server takes the creator from the token
  // and always starts a created account with first_login true.
  created_by: z.unknown().optional(),
  first_login: z.unknown().optional(),
});
export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterData = z.output<typeof registerSchema>;

/** An account's own columns as the API shows them (the created account, the profile). */
export const accountFields = {
  id: z.number(),
  name: z.string(),
  email: z.string(),
  telephone: z.string(),
  role: z.string(),
  zone: z.string().nullable(),
};

export const registeredUserSchema = z.object({ ...accountFields, is_confirmed: z.boolean() });
export type RegisteredUser = z.infer<typeof registeredUserSchema>;

export const registerResponseSchema = z.object({ message: z.string(), user: registeredUserSchema });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;
