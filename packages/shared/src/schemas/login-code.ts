import { z } from '../zod-fr';
import { loginSchema } from './auth';

// Signing in with a code sent by SMS instead of a password: members, sympathisants, consumers and other donors'
// accounts. Administrators and advisers keep their password: for them (and for an unknown telephone) the request
// gets the same answer and no code is sent.

/** The roles that may sign in with a code. */
export const CODE_LOGIN_ROLES = ['membre', 'sympathisant', 'consommateur'] as const;

export const LOGIN_CODE_MESSAGES = {
  codeSent: 'Si ce numéro permet la connexion par code, un code vient d’être envoyé par SMS. Il est valable 15 minutes.',
  codeRequired: 'Le code est requis.',
  codeFormat: 'Le code comporte 6 chiffres.',
  codeInvalid: 'Code invalide ou expiré. Demandez un nouveau code.',
} as const;

export const loginCodeRequestSchema = z.object({ telephone: loginSchema.shape.telephone });
export type LoginCodeRequestInput = z.input<typeof loginCodeRequestSchema>;

export const loginCodeSchema = z.object({
  telephone: loginSchema.shape.telephone,
  code: z
    .union([z.string(), z.number()], { error: LOGIN_CODE_MESSAGES.codeRequired })
    .transform((v) => String(v).replace(/\s/g, ''))
    .pipe(
      z
        .string()
        .min(1, { error: LOGIN_CODE_MESSAGES.codeRequired, abort: true })
        .regex(/^\d{6}$/, LOGIN_CODE_MESSAGES.codeFormat),
    ),
  remember: loginSchema.shape.remember,
});
export type LoginCodeInput = z.input<typeof loginCodeSchema>;
