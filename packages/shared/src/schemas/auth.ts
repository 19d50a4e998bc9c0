import { z } from '../zod-fr';

import { normalizeTelephone } from '../phone';
import { AUTH_MESSAGES } from '../zod-free/auth';

/** Telephones are stored and compared in one E.164 form (packages/shared/src/phone.ts). */
export { normalizeTelephone };
export { AUTH_MESSAGES };

// Login (docs/product/accounts.md "Login"; docs/product/accounts.md: POST /api/login {telephone, password}).
export const loginSchema = z.object({
  telephone: z
    .union([z.string(), z.number()], { error: 'Le numéro de téléphone est requis.' })
    .transform((v) => normalizeTelephone(String(v).trim()))
    .pipe(z.string().min(1, 'Le numéro de téléphone est requis.').max(30, 'Numéro de téléphone invalide.')),
  password: z.string({ error: 'Le mot de passe est requis.' }).min(1, 'Le mot de passe est requis.').max(200, 'Mot de passe trop long.'),
  /** "Se souvenir de moi": a long session when ticked, a short one otherwise (SESSION_LIFETIME_MS). */
  remember: z.boolean({ error: 'Valeur invalide pour « Se souvenir de moi ».' }).optional(),
});
export type LoginInput = z.input<typeof loginSchema>;

export const authUserSchema = z.object({
  id: z.number(),
  role: z.string(),
  first_login: z.boolean(),
  name: z.string(),
  /** An account created by someone else chooses its own password first (docs/product/accounts.md "Every account has a home"). */
  must_change_password: z.boolean(),
});
export const loginResponseSchema = z.object({ token: z.string(), user: authUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/users/{id}/act-as: an adviser acts for a user they created, without that user's password. */
export const ACT_AS_MESSAGES = {
  notCreator: 'Vous ne pouvez agir que pour les utilisateurs que vous avez créés.',
  failure: 'Impossible d’agir pour cet utilisateur. Veuillez réessayer.',
  /** An act-as token cannot act for someone else again, register users, request codes or change a password. */
  notWithActAs: 'Cette action n’est pas possible lorsque vous agissez pour un autre utilisateur.',
} as const;
/** How long an act-as token is valid (docs/product/accounts.md: 2 hours). */
export const ACT_AS_TOKEN_LIFETIME_MS = 2 * 60 * 60 * 1000;
