import { AUTH_MESSAGES } from '@shared/zod-free/auth';
import { ApiError } from '@web/lib/api-client';

/**
 * The message of docs/product/errors.md for a failed login: on 422 the server's confirmation or account message,
 * else "Erreur de validation des champs."; any other response the generic retry; no response the unexpected one.
 */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || !error.hasResponse) return AUTH_MESSAGES.unexpected;
  if (error.status === 422) return error.message || AUTH_MESSAGES.loginValidation;
  return AUTH_MESSAGES.loginFailure;
}
