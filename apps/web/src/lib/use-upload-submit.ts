import { firstFile } from '@shared/zod-free/upload';
import { useState } from 'react';
import type { FieldValues, Path, UseFormProps, UseFormReset, UseFormSetError } from 'react-hook-form';
import { ApiError, api } from './api-client';
import { applyServerErrors } from './apply-server-errors';
import type { MessageResponse } from '@shared/schemas/api-common';
import { clearDraft, useKeptForm } from './kept-form-values';

/** A multipart body: text fields trimmed, the first file of each file input (skipped when none was chosen). */
export function toFormData(texts: Record<string, unknown>, files: Record<string, unknown> = {}): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(texts)) body.append(name, String(value ?? '').trim());
  for (const [name, value] of Object.entries(files)) {
    const file = firstFile(value);
    if (file) body.append(name, file as File);
  }
  return body;
}

/**
 * Sends a public form with files (docs/product/http-api.md multipart posts) and drives its progress bar. On success the form is
 * reset; on a 422 or 413 the server's messages go under their fields (a 413 without a field names `sizeField`),
 * then the error is rethrown so the form picks its own notification (docs/product/errors.md differs per form).
 */
export function useUploadSubmit<T extends FieldValues>(
  path: string,
  form: { setError: UseFormSetError<T>; reset: UseFormReset<T> },
  sizeField?: Path<T>,
) {
  const [progress, setProgress] = useState<number | null>(null);
  const send = async (body: FormData) => {
    setProgress(0);
    try {
      const res = await api.post<MessageResponse>(path, body, { token: null, onUploadProgress: setProgress });
      form.reset();
      return res;
    } catch (error) {
      if (error instanceof ApiError && error.status === 413) {
        const fields = Object.entries(error.errors);
        for (const [field, messages] of fields) form.setError(field as Path<T>, { type: 'server', message: messages[0] });
        if (!fields.length && sizeField) form.setError(sizeField, { type: 'server', message: error.message });
      } else {
        applyServerErrors(error, form.setError);
      }
      throw error;
    } finally {
      setProgress(null);
    }
  };
  return { progress, send };
}

/**
 * A public form with files that keeps a draft on the device (`useKeptForm`) and sends itself with
 * `useUploadSubmit`; a sent form forgets its draft.
 */
export function useUploadForm<T extends FieldValues>(
  path: string,
  props: UseFormProps<T>,
  { draft, sizeField }: { draft: string; sizeField?: Path<T> },
) {
  const form = useKeptForm<T>(props, draft);
  const { progress, send } = useUploadSubmit(path, form, sizeField);
  const sendAndForget = async (body: FormData) => {
    const res = await send(body);
    clearDraft(draft);
    return res;
  };
  return { ...form, progress, send: sendAndForget };
}
