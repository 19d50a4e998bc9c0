import { z } from '../zod-fr';
import { membershipSummarySchema } from './membership';
import { accountFields, nameField, optionalEmailField, passwordField, telephoneField } from './register';

// Profile view of every role (docs/product/accounts.md "Profile", docs/product/http-api.md GET/PUT /profile, docs/product/errors.md Profile).

export const PROFILE_MESSAGES = {
  updateSuccess: 'Profil mis à jour avec succès.',
  updateFailure: 'Une erreur est survenue lors de la mise à jour du profil.',
  loadFailure: 'Erreur lors de la récupération du profil.',
  currentPasswordRequired: 'Saisissez votre mot de passe actuel pour modifier le mot de passe, le téléphone ou l’email.',
  currentPasswordWrong: 'Le mot de passe actuel est incorrect.',
  newPasswordRequired: 'Choisissez votre nouveau mot de passe.',
  samePassword: 'Le nouveau mot de passe doit être différent de l’actuel.',
  mustChangePassword: 'Votre compte a été créé pour vous : choisissez votre propre mot de passe pour continuer.',
  /** The number already gave, pledged or registered: whoever holds it proves it by a code before it is theirs. */
  telephoneHasRecords:
    'Des dons ou des billets ont déjà été faits avec ce numéro. Pour le relier à un compte, connectez-vous avec un code envoyé à ce numéro, ou adressez-vous à l’association.',
} as const;

export const profileSchema = z.object({
  ...accountFields,
  must_change_password: z.boolean(),
  membership: membershipSummarySchema,
  /** Until when this session, obtained by an SMS code, may choose a password, change the telephone or erase the account without the password (ISO); null otherwise. */
  code_window_until: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * A blank password leaves the current one unchanged. Changing the password, the telephone or the e-mail
 * needs `current_password` (issue 15: a stolen token must not be enough to take the account); the
 * server checks it, since only it knows which of them changed.
 */
export const profileUpdateSchema = z.object({
  name: nameField,
  email: optionalEmailField,
  telephone: telephoneField,
  password: z
    .string()
    .nullish()
    .transform((v) => (v ? v : undefined))
    .pipe(passwordField.optional()),
  current_password: z
    .string()
    .max(200)
    .nullish()
    .transform((v) => (v ? v : undefined)),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

export const profileUpdateResponseSchema = z.object({ user: profileSchema, message: z.string() });
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;

/** GET /api/profile/adviser: the adviser who created the account, else the association's contact (role 'association'). */
export const profileAdviserSchema = z.object({
  adviser: z.object({ name: z.string(), telephone: z.string(), role: z.string() }).nullable(),
});
export type ProfileAdviser = z.infer<typeof profileAdviserSchema>;

/** The first step of an account created by someone else: the password it received, then its own, twice. */
export const choosePasswordSchema = z
  .object({
    current_password: z.string({ error: PROFILE_MESSAGES.currentPasswordRequired }).min(1, PROFILE_MESSAGES.currentPasswordRequired),
    password: passwordField,
    confirmation: z.string({ error: 'Confirmez le nouveau mot de passe.' }).min(1, 'Confirmez le nouveau mot de passe.'),
  })
  .refine((v) => v?.password === v?.confirmation, {
    path: ['confirmation'],
    message: 'Les deux mots de passe ne sont pas identiques.',
    when: () => true,
  })
  .refine((v) => !v || v.password !== v.current_password, { path: ['password'], message: PROFILE_MESSAGES.samePassword, when: () => true });
export type ChoosePasswordInput = z.input<typeof choosePasswordSchema>;

/** The same step signed in by SMS code a moment ago: no old password (the person may never have had one). */
export const chooseFirstPasswordSchema = z
  .object({
    password: passwordField,
    confirmation: z.string({ error: 'Confirmez le nouveau mot de passe.' }).min(1, 'Confirmez le nouveau mot de passe.'),
  })
  .refine((v) => v?.password === v?.confirmation, {
    path: ['confirmation'],
    message: 'Les deux mots de passe ne sont pas identiques.',
    when: () => true,
  });
export type ChooseFirstPasswordInput = z.input<typeof chooseFirstPasswordSchema>;
