import { z } from '../zod-fr';

/** Telephones are compared without the spaces, dots, dashes or brackets people type between digit groups. */
export function normalizeTelephone(value: string): string {
  return value.replace(/[\s.\-()]/g, '');
}

// Login (spec §2 "Login and registration"; CONTRACT.md: POST /api/login {telephone, password}).
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

export const AUTH_MESSAGES = {
  invalidCredentials: 'Numéro de téléphone ou mot de passe incorrect.',
  accountNotConfirmed: "Votre compte n'a pas encore été confirmé par un administrateur.",
  loginSuccess: 'Connexion réussie!',
  loginValidation: 'Erreur de validation des champs.',
  loginFailure: 'Erreur lors de la connexion. Veuillez réessayer.',
  unexpected: "Une erreur inattendue s'est produite. Veuillez réessayer.",
  logoutSuccess: 'Déconnexion réussie',
  logoutFailure: 'Une erreur est survenue lors de la déconnexion',
  tokenMissing: 'Token non trouvé',
} as const;

export const authUserSchema = z.object({
  id: z.number(),
  role: z.string(),
  first_login: z.boolean(),
  name: z.string(),
  /** An account created by someone else chooses its own password first (CONTRACT.md "Every account has a home"). */
  must_change_password: z.boolean(),
});
export const loginResponseSchema = z.object({ token: z.string(), user: authUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/users/{id}/act-as: an adviser acts for a user they created, without that user's password. */
export const ACT_AS_MESSAGES = {
  notCreator: 'Vous ne pouvez agir que pour les utilisateurs que vous avez créés.',
  failure: 'Impossible d’agir pour cet utilisateur. Veuillez réessayer.',
} as const;
/** How long an act-as token is valid (CONTRACT.md: 2 hours). */
export const ACT_AS_TOKEN_LIFETIME_MS = 2 * 60 * 60 * 1000;
