import { MESSAGES } from '@shared/messages';
import type { FieldErrors } from '@shared/schemas/api-common';

export type { FieldErrors };

/** An error that becomes `{message, errors?}` with its status in the one error handler. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    /** Extra response headers (Retry-After on a 503 or 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const unauthorized = (message: string = MESSAGES.unauthenticated) => new HttpError(401, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (errors: FieldErrors, message: string = MESSAGES.validation) => new HttpError(422, message, errors);
/** A 422 on a single field: `fieldError('email', 'Cet email est déjà utilisé.')`. */
export const fieldError = (field: string, message: string, summary: string = MESSAGES.validation) =>
  new HttpError(422, summary, { [field]: [message] });
/** A 503 with Retry-After: the process is at its bound for this kind of work (password checks, uploads). */
export const busy = (message: string = MESSAGES.busy, retryAfterSeconds = 2) =>
  new HttpError(503, message, undefined, { 'retry-after': String(retryAfterSeconds) });
