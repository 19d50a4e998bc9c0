import { normalizeTelephone } from '../phone';
import { z } from '../zod-fr';
import { passwordField } from './register';

// Account recovery (docs/product/recovery.md): ask for a code, then code + new password.
export const PASSWORD_RECOVERY_MESSAGES = {
  codeSent: 'Si un compte correspond à ce numéro, un code de réinitialisation vient de lui être envoyé par SMS. Il est valable 15 minutes.',
  codeSentToUser: 'Un code de réinitialisation a été envoyé à cet utilisateur.',
  tooManyCodes: 'Trois codes ont déjà été envoyés à ce numéro dans l’heure. Réessayez plus tard.',
  resetDone: 'Votre mot de passe a été modifié. Vous pouvez vous connecter.',
  codeInvalid: 'Code invalide ou expiré. Demandez un nouveau code.',
  codeRequired: 'Le code reçu par SMS est requis.',
  codeFormat: 'Le code contient 6 chiffres.',
  telephoneRequired: 'Le numéro de téléphone est requis.',
  telephoneInvalid: 'Numéro de téléphone invalide.',
  notForAdministrator: 'Vous ne pouvez pas demander de code pour un autre administrateur.',
} as const;
const M = PASSWORD_RECOVERY_MESSAGES;

export const RESET_CODE = { digits: 6, lifetimeMinutes: 15, maxTries: 5, maxPerHour: 3 } as const;

const telephone = z
  .union([z.string(), z.number()], { error: M.telephoneRequired })
  .transform((v) => normalizeTelephone(String(v).trim()))
  .pipe(z.string().min(1, { error: M.telephoneRequired, abort: true }).max(30, M.telephoneInvalid));

export const forgotPasswordSchema = z.object({ telephone });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  telephone,
  code: z
    .union([z.string(), z.number()], { error: M.codeRequired })
    .transform((v) => String(v).replace(/\s/g, ''))
    .pipe(
      z
        .string()
        .min(1, { error: M.codeRequired, abort: true })
        .regex(/^\d{6}$/, M.codeFormat),
    ),
  password: passwordField,
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** The `{ message }` envelope (api-common.ts), under the names these routes use. */
export { type MessageResponse, messageSchema as messageResponseSchema } from './api-common';
