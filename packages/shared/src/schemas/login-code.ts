import { z } from '../zod-fr';
import { LOGIN_CODE_MESSAGES } from '../zod-free/auth';
import { loginSchema } from './auth';

export { LOGIN_CODE_MESSAGES };

// Signing in with a code sent by SMS instead of a password: members, sympathisants, consumers and other donors'
// accounts. Administrators and advisers keep their password: for them (and for an unknown telephone) the request
// gets the same answer and no code is sent.

/** The roles that may sign in with a code. */
export const CODE_LOGIN_ROLES = ['membre', 'sympathisant', 'consommateur'] as const;

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
