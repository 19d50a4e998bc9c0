import { ROLES } from '../constants';
import { z } from '../zod-fr';
import { emailField, nameField, REGISTER_MESSAGES, telephoneField, zoneField } from './register';

// Response shapes of the user lists and details (apps/api/src/modules/accounts/routes/user-routes.ts): only these columns
// ever leave the server. The web app imports the inferred types.

const zone = z.string().nullable();

export const createdUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  telephone: z.string(),
  email: z.string(),
  role: z.string(),
  zone,
  is_confirmed: z.boolean(),
});
export const userDetailsSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  telephone: z.string(),
  role: z.string(),
  zone,
});
export const unconfirmedUserSchema = userDetailsSchema.extend({ created_at: z.string() });
export const listedUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  telephone: z.string(),
  zone,
  role: z.string(),
  created_at: z.string(),
  /** False once an administrator deactivated the account (PATCH /api/users/{id}). */
  is_active: z.boolean(),
});

/** PATCH /api/users/{id} (administrateur, docs/product/back-office.md): only the fields sent change. */
export const adminUserUpdateSchema = z.object({
  name: nameField.optional(),
  email: emailField.optional(),
  telephone: telephoneField.optional(),
  zone: zoneField.optional(),
  role: z.enum(ROLES, { error: REGISTER_MESSAGES.roleInvalid }).optional(),
  is_active: z.boolean({ error: 'Indiquez si le compte est actif.' }).optional(),
});
export type AdminUserUpdate = z.input<typeof adminUserUpdateSchema>;

export const USER_ADMIN_MESSAGES = {
  updated: 'Utilisateur mis à jour.',
  deactivated: 'Compte désactivé : la personne ne peut plus se connecter.',
  reactivated: 'Compte réactivé : la personne peut de nouveau se connecter.',
  lastAdministrator:
    "Impossible : c'est le dernier administrateur actif. Nommez d'abord un autre administrateur avant de le désactiver ou de changer son rôle.",
} as const;

export type CreatedUser = z.infer<typeof createdUserSchema>;
export type UserDetails = z.infer<typeof userDetailsSchema>;
export type UnconfirmedUser = z.infer<typeof unconfirmedUserSchema>;
export type ListedUser = z.infer<typeof listedUserSchema>;
