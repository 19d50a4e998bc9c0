import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';
import { notify } from './notify';

/** Puts a 422's `errors: {field: [messages]}` under the matching form fields. Returns true when any was set. */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): boolean {
  if (!(error instanceof ApiError) || error.status !== 422) return false;
  let any = false;
  for (const [field, messages] of Object.entries(error.errors)) {
    if (messages?.[0]) {
      setError(field as Path<T>, { type: 'server', message: messages.join(' ') });
      any = true;
    }
  }
  return any;
}

/** A failed form submission: the 422's messages under their fields, anything else as one error notification. */
export function showSubmitError<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): void {
  if (!applyServerErrors(error, setError)) notify.error(error instanceof Error ? error.message : String(error));
}
