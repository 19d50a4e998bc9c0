import { z } from '../zod-fr';
import { membershipSummarySchema } from './membership';
import { emailField, nameField, passwordField, telephoneField } from './register';

// Profile view of every role (spec §2 "Profile view", §7 GET/PUT /profile, §8 Profile).

export const PROFILE_MESSAGES = {
  updateSuccess: 'Profil mis à jour avec succès.',
  updateFailure: 'Une erreur est survenue lors de la mise à jour du profil.',
  loadFailure: 'Erreur lors de la récupération du profil.',
} as const;

export const profileSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  telephone: z.string(),
  role: z.string(),
  zone: z.string().nullable(),
  membership: membershipSummarySchema,
});
export type Profile = z.infer<typeof profileSchema>;

/** A blank password leaves the current one unchanged. */
export const profileUpdateSchema = z.object({
  name: nameField,
  email: emailField,
  telephone: telephoneField,
  password: z
    .string()
    .nullish()
    .transform((v) => (v ? v : undefined))
    .pipe(passwordField.optional()),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

export const profileUpdateResponseSchema = z.object({ user: profileSchema, message: z.string() });
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;
